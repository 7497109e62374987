import { grantsTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * Standing grants ("always allow"): one row per grant, inserted in the same statement as the
 * claim of the approval that made it. A batch reads the live grants of its scopes and tools by
 * the partial index `hitl_grants_live` (one indexed read); lists page through `created_at, grant_id`.
 * No foreign key to the claims: retention prunes claims, a grant outlives them. Frozen.
 */
export const grantsMigration: Migration = {
  version: 11,
  name: "standing grants",
  sql(schema) {
    const grants = grantsTable(schema);
    return `CREATE TABLE ${grants} (
      grant_id TEXT PRIMARY KEY,
      tool_name TEXT NOT NULL,
      scope_name TEXT NOT NULL,
      scope_key TEXT NOT NULL,
      record TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL,
      expires_at TIMESTAMPTZ,
      revoked_at TIMESTAMPTZ,
      revoked_by TEXT
    );
    CREATE INDEX hitl_grants_live ON ${grants} (scope_name, scope_key, tool_name) WHERE revoked_at IS NULL;
    CREATE INDEX hitl_grants_by_scope ON ${grants} (scope_name, scope_key, created_at, grant_id);
    CREATE INDEX hitl_grants_by_age ON ${grants} (created_at, grant_id);
    COMMENT ON TABLE ${grants} IS 'langgraph-hitl: standing grants reviewers made, each committed with the claim of its approval (${quoted(schema)})';
    COMMENT ON COLUMN ${grants}.record IS 'langgraph-hitl: the grant as the node drafted it (JSON: match, origin, reviewer)';`;
  },
};
