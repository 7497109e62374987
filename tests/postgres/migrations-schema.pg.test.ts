// The full effect of the released migrations on a fresh database, frozen as a committed capture of
// every object they make (tables, columns, constraints, indexes, functions with their settings,
// triggers, comments), and the settings of the inbox's trigger functions guarded after every
// migration and by setup().
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { applyMigrations, ensureAttachments, ensureTriggerSettings, MIGRATIONS } from "../../src/postgres/migrations/index.js";
import { functionsMissingSettings } from "../../src/postgres/migrations/attachments.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

/** The last released migration the capture covers; raise it (and re-capture) when releasing the next. */
const CAPTURED_THROUGH = 7;
const CAPTURE = join(__dirname, "migrations", `schema-through-${String(CAPTURED_THROUGH).padStart(4, "0")}.txt`);

/** Every object of `schema` this library made, one sorted line each, in Postgres's own words (NOT NULL in the column lines: Postgres 18 also lists it as a constraint). */
async function captureSchema(db: TestDatabase, schema: string): Promise<string> {
  const query = async (sql: string) => (await db.pool.query<{ line: string }>(sql, [schema])).rows.map((row) => row.line);
  const ours = "n.nspname = $1 AND c.relname LIKE 'hitl\\_%'";
  const lines = [
    ...(await query(`SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
        || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') || coalesce(' -- ' || col_description(c.oid, a.attnum), '') AS line
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE ${ours} AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`)),
    ...(await query(`SELECT 'table ' || c.relname || coalesce(' -- ' || obj_description(c.oid, 'pg_class'), '') AS line
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${ours} AND c.relkind = 'r'`)),
    ...(await query(`SELECT 'constraint ' || c.relname || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid) AS line
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${ours} AND k.contype <> 'n'`)),
    ...(await query(`SELECT 'index ' || pg_get_indexdef(i.indexrelid) AS line
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${ours}`)),
    ...(await query(`SELECT 'function ' || pg_get_functiondef(p.oid) AS line FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.proname LIKE 'hitl\\_%'`)),
    ...(await query(`SELECT 'trigger ' || pg_get_triggerdef(t.oid) AS line
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND NOT t.tgisinternal`)),
  ];
  return `${lines.sort().join("\n")}\n`;
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** LangGraph's tables in `schema` (its setup() creates the schema too), nothing of ours yet. */
async function freshSchema(schema: string): Promise<void> {
  await new PostgresSaver(db.pool, undefined, { schema }).setup();
}

describe("the released migrations' full effect is frozen", () => {
  test(`a fresh database migrated through migration ${CAPTURED_THROUGH} has exactly the captured schema (UPDATE_SCHEMA_CAPTURE=1 re-captures, for a new release only)`, async () => {
    await freshSchema("public");
    await applyMigrations(db.pool, "public", MIGRATIONS.filter((migration) => migration.version <= CAPTURED_THROUGH));
    await ensureAttachments(db.pool, "public");
    await ensureTriggerSettings(db.pool, "public");
    const captured = await captureSchema(db, "public");
    if (process.env["UPDATE_SCHEMA_CAPTURE"] === "1") writeFileSync(CAPTURE, captured);
    expect(captured).toBe(readFileSync(CAPTURE, "utf8"));
  });
});

describe("the inbox's trigger functions keep the settings migration 4 gave them", () => {
  test("after every migration, without any repair by setup(), both trigger functions run with enable_seqscan=off", async () => {
    await freshSchema("plain");
    await applyMigrations(db.pool, "plain", MIGRATIONS);
    const { rows } = await db.pool.query<{ proname: string; proconfig: string[] | null }>(
      "SELECT p.proname, p.proconfig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'plain' AND p.proname IN ('hitl_track_write', 'hitl_track_checkpoint') ORDER BY p.proname",
    );
    expect(rows).toEqual([
      { proname: "hitl_track_checkpoint", proconfig: ["enable_seqscan=off"] },
      { proname: "hitl_track_write", proconfig: ["enable_seqscan=off"] },
    ]);
  });

  test("a function replaced without its settings (CREATE OR REPLACE drops them) gets them back at the next setup()", async () => {
    const first = await createPostgresCheckpointer(db.url, { schema: "replaced" });
    await first.end();
    const { rows } = await db.pool.query<{ definition: string }>(
      "SELECT pg_get_functiondef(p.oid) AS definition FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'replaced' AND p.proname = 'hitl_track_write'",
    );
    const withoutSettings = rows[0]!.definition.replace(/^\s*SET enable_seqscan TO 'off'\s*$/m, "");
    expect(withoutSettings).not.toBe(rows[0]!.definition);
    await db.pool.query(withoutSettings);
    expect(await functionsMissingSettings(db.pool, "replaced")).toEqual(["hitl_track_write"]);
    const saver = await createPostgresCheckpointer(db.url, { schema: "replaced" });
    await saver.end();
    expect(await functionsMissingSettings(db.pool, "replaced")).toEqual([]);
  });
});
