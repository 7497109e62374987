import { continuationsTable, leasesTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * One continuation per thread: the lease a resume holds while it continues a thread (judged on
 * the database clock), and the first child of each checkpoint a run continuing the head wrote,
 * so a second one is refused in the same statement that would insert it. LangGraph's tables are
 * not changed. Frozen once released.
 */
export const continuationsMigration: Migration = {
  version: 6,
  name: "one continuation per thread (leases, first children)",
  sql(schema) {
    const leases = leasesTable(schema);
    const continuations = continuationsTable(schema);
    return `CREATE TABLE ${leases} (
      thread_id TEXT PRIMARY KEY,
      token TEXT NOT NULL,
      lease_until TIMESTAMPTZ NOT NULL
    );
    CREATE TABLE ${continuations} (
      thread_id TEXT NOT NULL,
      checkpoint_ns TEXT NOT NULL,
      parent_checkpoint_id TEXT NOT NULL,
      checkpoint_id TEXT NOT NULL,
      PRIMARY KEY (thread_id, checkpoint_ns, parent_checkpoint_id)
    );
    COMMENT ON TABLE ${leases} IS 'langgraph-hitl: the run allowed to continue each thread (${quoted(schema)})';`;
  },
};
