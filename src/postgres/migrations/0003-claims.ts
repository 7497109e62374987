import { claimsTable, quoted, resultsTable } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * Claims on reviewed batches and the committed results of their calls: the first committed
 * claim's decisions are the only ones that run, and a call whose result is here never runs
 * again. Frozen.
 */
export const claimsMigration: Migration = {
  version: 3,
  name: "claims and call results (exactly-once)",
  sql(schema) {
    const claims = claimsTable(schema);
    const results = resultsTable(schema);
    return `CREATE TABLE ${claims} (
      thread_id TEXT NOT NULL,
      checkpoint_ns TEXT NOT NULL,
      checkpoint_id TEXT NOT NULL,
      root_task_id TEXT NOT NULL,
      attempt TEXT NOT NULL,
      owner TEXT NOT NULL,
      review TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('running', 'released')),
      lease_until TIMESTAMPTZ NOT NULL,
      claimed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id)
    );
    CREATE INDEX hitl_claims_by_task ON ${claims} (thread_id, root_task_id);

    CREATE TABLE ${results} (
      thread_id TEXT NOT NULL,
      checkpoint_ns TEXT NOT NULL,
      checkpoint_id TEXT NOT NULL,
      tool_call_id TEXT NOT NULL,
      type TEXT NOT NULL,
      blob BYTEA NOT NULL,
      PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, tool_call_id),
      FOREIGN KEY (thread_id, checkpoint_ns, checkpoint_id) REFERENCES ${claims} ON DELETE CASCADE
    );
    COMMENT ON TABLE ${claims} IS 'langgraph-hitl: which decisions were committed for each reviewed batch (${quoted(schema)})';`;
  },
};
