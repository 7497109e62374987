import type pg from "pg";
import { quoted } from "../tables.js";

/** The triggers this library attaches to LangGraph's tables (their functions, of the same names, live in our migrations). */
const TRIGGERS = [
  { name: "hitl_track_write", table: "checkpoint_writes", events: "INSERT OR UPDATE" },
  { name: "hitl_track_checkpoint", table: "checkpoints", events: "INSERT" },
] as const;

/**
 * What the trigger functions must run with (migration 0004): they look rows up by primary key,
 * and with sequential scans allowed a planner misled by an empty inbox's statistics made a bulk
 * write scan the whole inbox once per row. `CREATE OR REPLACE FUNCTION` drops a function's
 * settings, so a later migration that replaces one must set them again.
 */
const TRIGGER_FUNCTION_SETTINGS: readonly string[] = ["enable_seqscan=off"];

/**
 * The trigger functions of `schema` whose settings lack one of {@link TRIGGER_FUNCTION_SETTINGS}.
 *
 * @example
 * ```ts
 * await functionsMissingSettings(pool, "public"); // [] once setup() ran
 * ```
 */
export async function functionsMissingSettings(pool: pg.Pool, schema: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string; config: string[] | null }>(
    `SELECT p.proname AS name, p.proconfig AS config FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = $1 AND p.proname = ANY($2::text[]) ORDER BY p.proname`,
    [schema, TRIGGERS.map((trigger) => trigger.name)],
  );
  return rows.filter((row) => !TRIGGER_FUNCTION_SETTINGS.every((setting) => (row.config ?? []).includes(setting))).map((row) => row.name);
}

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

/**
 * Gives the trigger functions back the settings they must run with when something replaced
 * them without (a later migration's `CREATE OR REPLACE`, a hand-made fix), so the property
 * cannot be lost unnoticed. Runs on every `setup()`, under the migrations lock.
 *
 * @example
 * ```ts
 * await ensureTriggerSettings(pool, "public");
 * ```
 */
export async function ensureTriggerSettings(pool: pg.Pool, schema: string): Promise<void> {
  for (const name of await functionsMissingSettings(pool, schema)) {
    for (const setting of TRIGGER_FUNCTION_SETTINGS) {
      const [key, value] = setting.split("=");
      await pool.query(`ALTER FUNCTION ${quoted(schema)}.${name}() SET ${key} = ${value}`);
    }
  }
}
