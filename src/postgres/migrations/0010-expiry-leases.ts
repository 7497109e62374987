import { expiryLeasesTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * Expiry that fires by itself: which sweeper expires each due approval. A sweeper leases due
 * inbox rows (`FOR UPDATE SKIP LOCKED` on them, then a row here) and holds the lease while it
 * resumes the approval, so replicas running sweepers never expire one approval twice; a lease
 * whose sweeper died lapses at `lease_until`.
 */
export const expiryLeasesMigration: Migration = {
  version: 10,
  name: "expiry sweeper: one lease per due approval",
  sql(schema) {
    const leases = expiryLeasesTable(schema);
    return `CREATE TABLE ${leases} (
      thread_id TEXT NOT NULL,
      interrupt_id TEXT NOT NULL,
      token TEXT NOT NULL,
      lease_until TIMESTAMPTZ NOT NULL,
      PRIMARY KEY (thread_id, interrupt_id)
    );
    CREATE INDEX hitl_expiry_leases_until ON ${leases} (lease_until);
    COMMENT ON TABLE ${leases} IS 'langgraph-hitl: the sweeper expiring each due approval (${quoted(schema)})';`;
  },
};
