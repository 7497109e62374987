import { inboxTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/** Released in 0.1.0: the inbox table and the trigger that resolves it when a thread moves on. Frozen. */
export const inboxMigration: Migration = {
  version: 0,
  name: "approvals inbox",
  sql(schema) {
    const s = quoted(schema);
    const table = inboxTable(schema);
    return `CREATE TABLE IF NOT EXISTS ${table} (
      thread_id TEXT NOT NULL,
      task_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      checkpoint_id TEXT NOT NULL,
      interrupt_id TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL,
      expires_at TIMESTAMPTZ,
      tool_names TEXT[] NOT NULL DEFAULT '{}',
      PRIMARY KEY (thread_id, task_id, position)
    );
    CREATE INDEX IF NOT EXISTS hitl_pending_interrupts_order ON ${table} (created_at, thread_id, interrupt_id);
    CREATE INDEX IF NOT EXISTS hitl_pending_interrupts_expiry ON ${table} (expires_at) WHERE expires_at IS NOT NULL;

    CREATE OR REPLACE FUNCTION ${s}.hitl_track_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      -- Checkpoint ids are time-ordered (UUID v6); with async durability an older checkpoint can
      -- land after a newer one's writes, so only strictly older interrupts are resolved.
      DELETE FROM ${table} WHERE thread_id = NEW.thread_id AND checkpoint_id < NEW.checkpoint_id;
      RETURN NULL;
    END
    $fn$;

    DROP TRIGGER IF EXISTS hitl_track_checkpoint ON ${s}.checkpoints;
    CREATE TRIGGER hitl_track_checkpoint AFTER INSERT ON ${s}.checkpoints
      FOR EACH ROW WHEN (NEW.checkpoint_ns = '') EXECUTE FUNCTION ${s}.hitl_track_checkpoint();`;
  },
};
