import type pg from "pg";
import { quoted } from "../tables.js";

/** The triggers this library attaches to LangGraph's tables (their functions live in our migrations). */
const TRIGGERS = [
  { name: "hitl_track_write", table: "checkpoint_writes", events: "INSERT OR UPDATE" },
  { name: "hitl_track_checkpoint", table: "checkpoints", events: "INSERT" },
] as const;

/**
 * Re-creates a trigger on LangGraph's tables that has gone missing (the table was dropped and
 * made again, or restored from a dump without triggers), so the inbox never silently stops
 * following the threads. Runs on every `setup()`, under the migrations lock.
 *
 * @example
 * ```ts
 * await ensureAttachments(pool, "public");
 * ```
 */
export async function ensureAttachments(pool: pg.Pool, schema: string): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND NOT t.tgisinternal`,
    [schema],
  );
  const present = new Set(rows.map((row) => row.name));
  const s = quoted(schema);
  for (const trigger of TRIGGERS) {
    if (present.has(trigger.name)) continue;
    await pool.query(`CREATE TRIGGER ${trigger.name} AFTER ${trigger.events} ON ${s}.${trigger.table}
      FOR EACH ROW WHEN (NEW.checkpoint_ns = '') EXECUTE FUNCTION ${s}.${trigger.name}()`);
  }
}
