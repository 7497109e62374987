import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { ApprovalToolNode } from "../../src/index.js";
import { codeBlocks, readme, ROOT } from "./support/readme-blocks.js";
import { section } from "./support/readme-sections.js";

// README statements about Postgres, checked on a real one.

jest.setTimeout(120_000);
const markdown = readme();
let db: TestDatabase;

beforeEach(async () => {
  db = await createTestDatabase();
});
afterEach(() => db.drop());

/** The numbers `npx tsx bench/interrupt-size.ts` prints, run on this test's database. */
function measuredSizes(url: string): { before: number; after: number; threadBefore: number; threadAfter: number; extra: number; percent: string } {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "bench/interrupt-size.ts")], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`bench/interrupt-size.ts failed:\n${run.stdout}${run.stderr}`);
  const line = (label: string) => new RegExp(`${label}:\\s+\\d+ B serialised, (\\d+) B stored; whole thread (\\d+) B`).exec(run.stdout);
  const [without, withFields] = [line("without args/args_schema"), line("with args/args_schema")];
  const extra = /extra per paused thread:\s+\+(\d+) B stored .*?\+([\d.]+)% of the thread/.exec(run.stdout);
  if (without === null || withFields === null || extra === null) throw new Error(`unexpected output of bench/interrupt-size.ts:\n${run.stdout}`);
  return { before: Number(without[1]), after: Number(withFields[1]), threadBefore: Number(without[2]), threadAfter: Number(withFields[2]), extra: Number(extra[1]), percent: extra[2] ?? "" };
}

test("'What it costs' gives the figures bench/interrupt-size.ts measures", () => {
  const body = section(markdown, "Clients").body;
  const sentence = body.slice(body.indexOf("**What it costs.**"));
  const shown = /\*\*\+(\d+) bytes\*\*[\s\S]*?\((\d+) B instead of (\d+) B; the whole paused thread\s+([\d.]+) kB instead of ([\d.]+) kB, \+([\d.]+)%\)/.exec(sentence);
  expect(shown).not.toBeNull();
  const sizes = measuredSizes(db.url);
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  expect(shown?.slice(1)).toEqual([String(sizes.extra), String(sizes.after), String(sizes.before), kB(sizes.threadAfter), kB(sizes.threadBefore), sizes.percent]);
});

test("the uninstall SQL removes every object setup() made, and a stock PostgresSaver still reads the paused thread", async () => {
  const saver = await createPostgresCheckpointer(db.url);
  const { graph } = agentGraph(new ApprovalToolNode([countingTool("delete_file").tool], { interruptOn: { delete_file: true } }), [{ name: "delete_file", args: { path: "/tmp/x" }, id: "c1" }], saver);
  const config = newThread();
  await graph.invoke(ask(), config);
  await saver.end();

  const sql = codeBlocks(section(markdown, "Postgres").body).find((block) => block.lang === "sql")?.code ?? "";
  expect(sql).toContain("DROP TABLE");
  await db.pool.query(sql);
  const { rows } = await db.pool.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND relname LIKE 'hitl%'
     UNION ALL SELECT proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND proname LIKE 'hitl%'
     UNION ALL SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE 'hitl%'`,
  );
  expect(rows.map((row) => row.name)).toEqual([]);

  const stock = PostgresSaver.fromConnString(db.url);
  try {
    const tuple = await stock.getTuple(config);
    expect(tuple?.pendingWrites?.some(([, channel]) => channel === "__interrupt__")).toBe(true);
  } finally {
    await stock.end();
  }
});
