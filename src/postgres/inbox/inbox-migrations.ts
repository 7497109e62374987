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
 * from there when listing, so it is stored once). It follows LangGraph's own writes through triggers, in the same transaction: an
 * `__interrupt__` write raises (or re-raises) a task's interrupts, any result write finishes the
 * task, and a new root checkpoint resolves everything raised in older ones. So the inbox is right however the
 * graph is driven, and a crash can never leave it out of step with the checkpoints. A trigger
 * never fails LangGraph's write: a value it cannot read is simply not listed.
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

    CREATE OR REPLACE FUNCTION ${s}.hitl_track_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      items JSONB;
    BEGIN
      IF NEW.channel = '__interrupt__' THEN
        BEGIN
          items := convert_from(NEW.blob, 'UTF8')::jsonb;
          IF jsonb_typeof(items) <> 'array' THEN items := jsonb_build_array(items); END IF;
          INSERT INTO ${table} AS pending (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at, expires_at, tool_names)
          SELECT NEW.thread_id, NEW.task_id, (t.ord - 1)::int, NEW.checkpoint_id, t.item->>'id',
                 date_trunc('milliseconds', now()),
                 CASE WHEN t.item->'value'->>'expires_at' ~ '^\\d{4}-\\d{2}-\\d{2}T' THEN (t.item->'value'->>'expires_at')::timestamptz END,
                 CASE WHEN t.item->'value'->>'type' = 'tool_approval' AND jsonb_typeof(t.item->'value'->'action_requests') = 'array'
                      THEN ARRAY(SELECT DISTINCT r->>'name' FROM jsonb_array_elements(t.item->'value'->'action_requests') r WHERE r->>'name' IS NOT NULL)
                      ELSE '{}'::text[] END
          FROM jsonb_array_elements(items) WITH ORDINALITY AS t(item, ord)
          WHERE jsonb_typeof(t.item) = 'object' AND t.item ? 'id' AND t.item ? 'value'
          ON CONFLICT (thread_id, task_id, position) DO UPDATE SET
            interrupt_id = EXCLUDED.interrupt_id,
            expires_at = EXCLUDED.expires_at,
            tool_names = EXCLUDED.tool_names,
            created_at = CASE WHEN pending.checkpoint_id = EXCLUDED.checkpoint_id THEN pending.created_at ELSE EXCLUDED.created_at END,
            checkpoint_id = EXCLUDED.checkpoint_id;
          DELETE FROM ${table} WHERE thread_id = NEW.thread_id AND task_id = NEW.task_id AND position >= jsonb_array_length(items);
        EXCEPTION WHEN others THEN
          RAISE WARNING 'langgraph-hitl: interrupt of task % not listed in the inbox: %', NEW.task_id, SQLERRM;
        END;
      ELSIF NEW.channel NOT IN ('__resume__', '__error__', '__scheduled__') THEN
        DELETE FROM ${table} WHERE thread_id = NEW.thread_id AND task_id = NEW.task_id;
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE OR REPLACE FUNCTION ${s}.hitl_track_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      -- Checkpoint ids are time-ordered (UUID v6); with async durability an older checkpoint can
      -- land after a newer one's writes, so only strictly older interrupts are resolved.
      DELETE FROM ${table} WHERE thread_id = NEW.thread_id AND checkpoint_id < NEW.checkpoint_id;
      RETURN NULL;
    END
    $fn$;

    DROP TRIGGER IF EXISTS hitl_track_write ON ${s}.checkpoint_writes;
    CREATE TRIGGER hitl_track_write AFTER INSERT OR UPDATE ON ${s}.checkpoint_writes
      FOR EACH ROW WHEN (NEW.checkpoint_ns = '') EXECUTE FUNCTION ${s}.hitl_track_write();
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
