// The tests start Postgres the same way the examples do.
export { startEmbeddedPostgres } from "../../../examples/support/embedded-postgres.mjs";
