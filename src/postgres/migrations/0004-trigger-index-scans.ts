import { quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * The inbox triggers look rows up by primary key. When the inbox's statistics say it is empty
 * (after autovacuum analysed an inbox whose threads were all resumed), the planner chose
 * sequential scans for them, and a bulk write then scanned the whole inbox once per row
 * (10 000 rows: 2.9 s instead of 0.3 s). The triggers now always use their indexes. Frozen.
 */
export const triggerIndexScansMigration: Migration = {
  version: 4,
  name: "inbox triggers always use their indexes",
  sql(schema) {
    const s = quoted(schema);
    return `ALTER FUNCTION ${s}.hitl_track_write() SET enable_seqscan = off;
    ALTER FUNCTION ${s}.hitl_track_checkpoint() SET enable_seqscan = off;`;
  },
};
