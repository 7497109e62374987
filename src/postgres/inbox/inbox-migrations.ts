import type pg from "pg";

/** Quotes an identifier already validated as plain (`[A-Za-z_][A-Za-z0-9_]*`). */
function quoted(identifier: string): string {
  return `"${identifier}"`;
}

/** The inbox table of a schema, quoted for SQL. */
export function inboxTable(schema: string): string {
  return `${quoted(schema)}.hitl_pending_interrupts`;
}

/**
 * The inbox row points at the interrupt write LangGraph already stored (the payload is read
 * from there when listing, so it is stored once). Rows are raised and finished by the saver's
 * `putWrites`, in the same transaction as LangGraph's writes; a new root checkpoint resolves
 * everything raised in older ones through a trigger, again in the same transaction. So the inbox
 * is right however the graph is driven, and a crash can never leave it out of step.
 */
function migrations(schema: string): string[] {
  const s = quoted(schema);
  const table = inboxTable(schema);
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (
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
      FOR EACH ROW WHEN (NEW.checkpoint_ns = '') EXECUTE FUNCTION ${s}.hitl_track_checkpoint();`,
  ];
}

/**
 * Applies the inbox migrations that are missing, tracked in `hitl_migrations`. Call it under
 * the schema's migrations lock, after LangGraph's own tables exist.
 */
export async function migrateInbox(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${quoted(schema)}.hitl_migrations (v INTEGER PRIMARY KEY)`);
    const applied = await client.query<{ v: number }>(`SELECT v FROM ${quoted(schema)}.hitl_migrations`);
    const done = new Set(applied.rows.map((row) => row.v));
    const all = migrations(schema);
    for (const [version, sql] of all.entries()) {
      if (done.has(version)) continue;
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(`INSERT INTO ${quoted(schema)}.hitl_migrations (v) VALUES ($1)`, [version]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    }
  } finally {
    client.release();
  }
}
