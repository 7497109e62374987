import { quoted, resultsTable } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * Call results keyed by a SHA-256 digest of the `tool_call_id`, not by the id itself. A B-tree
 * entry holds at most 2 704 bytes: a model (or a client writing messages to a deployed graph)
 * can give a call an id longer than that, and its result could then never be committed — the
 * approved call ran again on every resume. The digest is 32 bytes whatever the id; the id itself
 * stays in `tool_call_id`, as written. The key is a stored generated column, so the table keeps a
 * primary key (logical replication needs one to publish deletes) and a writer that names only
 * the old columns (a replica not yet upgraded) fills it without knowing. `convert_to(…, 'UTF8')`
 * is stable only because of the server encoding, which no database ever changes: the wrapper is
 * declared immutable, as an index or generated column needs.
 */
export const callResultsByDigestMigration: Migration = {
  version: 12,
  name: "call results keyed by a digest of the tool call id (any id length)",
  sql(schema) {
    const results = resultsTable(schema);
    const callKey = `${quoted(schema)}.hitl_call_key`;
    return `CREATE FUNCTION ${callKey}(tool_call_id TEXT) RETURNS BYTEA
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT pg_catalog.sha256(pg_catalog.convert_to(tool_call_id, 'UTF8')) $$;
    ALTER TABLE ${results}
      ADD COLUMN call_key BYTEA NOT NULL GENERATED ALWAYS AS (${callKey}(tool_call_id)) STORED,
      DROP CONSTRAINT hitl_call_results_pkey,
      ADD CONSTRAINT hitl_call_results_pkey PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, call_key);
    COMMENT ON COLUMN ${results}.call_key IS 'langgraph-hitl: SHA-256 of tool_call_id (UTF-8), the key: an id of any length fits';`;
  },
};
