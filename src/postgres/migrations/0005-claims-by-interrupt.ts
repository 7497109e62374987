import { claimsTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * Claims record the judgment itself: which interrupt the accepted value answered (every host
 * finds a submission's outcome by thread and interrupt id, whatever graph or subgraph raised
 * it) and the deadline verdict with the database clock's time of it. The root task id is no
 * longer needed to find a claim.
 */
export const claimsByInterruptMigration: Migration = {
  version: 5,
  name: "claims found by interrupt id; deadline judged by the database clock",
  sql(schema) {
    const claims = claimsTable(schema);
    return `ALTER TABLE ${claims}
      ADD COLUMN interrupt_id TEXT,
      ADD COLUMN expired BOOLEAN,
      ADD COLUMN judged_at TIMESTAMPTZ,
      ALTER COLUMN root_task_id DROP NOT NULL;
    DROP INDEX IF EXISTS ${quoted(schema)}.hitl_claims_by_task;
    CREATE INDEX hitl_claims_by_interrupt ON ${claims} (thread_id, interrupt_id);`;
  },
};
