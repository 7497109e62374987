import { claimsTable, continuationsTable } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * Retention (`pruneResolved`): continuation records learn when they were written (rows older
 * than this migration count from the migration), and claims and continuation records are found
 * oldest first by index, so a pruning call does bounded work however many rows have piled up.
 */
export const retentionMigration: Migration = {
  version: 7,
  name: "retention: age of continuation records, claims and continuations by age",
  sql(schema) {
    const continuations = continuationsTable(schema);
    return `ALTER TABLE ${continuations} ADD COLUMN created_at TIMESTAMPTZ NOT NULL DEFAULT now();
    CREATE INDEX hitl_continuations_by_age ON ${continuations} (created_at);
    CREATE INDEX hitl_claims_by_age ON ${claimsTable(schema)} (claimed_at);
    COMMENT ON COLUMN ${continuations}.created_at IS 'langgraph-hitl: when the continuation was recorded (pruneResolved keeps younger ones)';`;
  },
};
