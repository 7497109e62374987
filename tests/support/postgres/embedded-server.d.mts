export { startEmbeddedPostgres, type EmbeddedPostgres } from "../../../examples/support/embedded-postgres.mjs";
