/**
 * langgraph-hitl/postgres — a Postgres checkpointer that is safe to run in several processes.
 * Needs the optional peer dependencies `@langchain/langgraph-checkpoint-postgres` and `pg`.
 */
export { createPostgresCheckpointer } from "./create-postgres-checkpointer.js";
export { HITLPostgresSaver, HitlPostgresSaver } from "./postgres-saver.js";
export type { PostgresCheckpointerOptions } from "./options.js";
export type { PruneResolvedOptions } from "./retention/prune-options.js";
export type { PruneResolvedResult } from "./retention/prune-resolved.js";
