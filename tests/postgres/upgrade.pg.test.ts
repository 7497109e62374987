import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HumanMessage } from "@langchain/core/messages";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { agentGraph, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

const FIXTURES = join(__dirname, "upgrade", "fixtures");
/** Every row of a database made by 7ae6849 with two paused threads (bytea as base64; large values stored deflated). */
const PAUSED = JSON.parse(readFileSync(join(FIXTURES, "7ae6849-paused-threads.json"), "utf8")) as Record<string, Array<Record<string, unknown>>>;
const TABLES = ["checkpoints", "checkpoint_blobs", "checkpoint_writes", "hitl_pending_interrupts"];

/** The graph the fixture's threads were paused on (tests/postgres/upgrade/fixtures, made by 7ae6849). */
function fixtureGraph(checkpointer: PostgresSaver) {
  const files = countingTool("delete_file");
  const search = countingTool("search");
  const node = new ApprovalToolNode([files.tool, search.tool], { interruptOn: { delete_file: true } });
  const big = "x".repeat(3000);
  const calls = [
    { name: "delete_file", args: { path: `/tmp/${big}` }, id: "call_big" },
    { name: "search", args: { path: "q" }, id: "call_search" },
  ];
  return { ...agentGraph(node, calls, checkpointer), files, search };
}

async function stockTables(db: TestDatabase): Promise<void> {
  const stock = new PostgresSaver(db.pool);
  await stock.setup();
}

async function insertRows(db: TestDatabase, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    const values = columns.map((column) => {
      const value = row[column];
      return typeof value === "object" && value !== null && "base64" in value ? Buffer.from(String((value as { base64: string }).base64), "base64") : value;
    });
    await db.pool.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(", ")})`, values);
  }
}

/** A database exactly as 7ae6849 left it: LangGraph's tables, its migration 0, two paused threads. */
async function databaseOf7ae6849(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  await stockTables(db);
  await db.pool.query(readFileSync(join(FIXTURES, "7ae6849-migration-0.sql"), "utf8"));
  await db.pool.query("CREATE TABLE hitl_migrations (v INTEGER PRIMARY KEY); INSERT INTO hitl_migrations VALUES (0)");
  for (const table of TABLES) await insertRows(db, table, PAUSED[table] ?? []);
  return db;
}

describe("upgrading a database made by an earlier release", () => {
  test("threads paused by 7ae6849 are still listed and resumable after the new setup(), and every row is then stock-encoded", async () => {
    const db = await databaseOf7ae6849();
    const saver = await createPostgresCheckpointer(db.url);
    try {
      const deflated = await db.pool.query("SELECT 1 FROM checkpoint_blobs WHERE type LIKE '%+deflate' UNION ALL SELECT 1 FROM checkpoint_writes WHERE type LIKE '%+deflate'");
      expect(deflated.rowCount).toBe(0);
      const { items } = await saver.listPendingInterrupts({ limit: 10 });
      expect(items.map((item) => item.threadId).sort()).toEqual(["upgrade-1", "upgrade-2"]);

      const { graph, files, search } = fixtureGraph(saver);
      const config = { configurable: { thread_id: "upgrade-1" } };
      const pending = await getInterrupt(graph, config);
      expect(pending?.interruptId).toBe(items.find((item) => item.threadId === "upgrade-1")?.interruptId);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect([files.count, search.count]).toEqual([1, 1]);
      expect(toolMessages(values).map((message) => message.status)).toEqual(["success", "success"]);
      expect(String(values.messages[0]?.content)).toContain("please clean up");

      // A stock PostgresSaver reads the upgraded threads too.
      const stock = new PostgresSaver(new pg.Pool({ connectionString: db.url }));
      const viaStock = await fixtureGraph(stock).graph.getState({ configurable: { thread_id: "upgrade-2" } });
      expect(viaStock.tasks[0]?.interrupts[0]?.id).toBe(items.find((item) => item.threadId === "upgrade-2")?.interruptId);
      await stock.end();
    } finally {
      await saver.end();
      await db.drop();
    }
  });

  test("a database made by the earliest build (inbox with a payload NOT NULL column) records new interrupts after the new setup()", async () => {
    const db = await createTestDatabase();
    await stockTables(db);
    await db.pool.query(readFileSync(join(FIXTURES, "e1019f5-migration-0.sql"), "utf8"));
    await db.pool.query("CREATE TABLE hitl_migrations (v INTEGER PRIMARY KEY); INSERT INTO hitl_migrations VALUES (0)");
    const saver = await createPostgresCheckpointer(db.url);
    try {
      const { graph } = fixtureGraph(saver);
      const config = newThread("earliest");
      await graph.invoke({ messages: [new HumanMessage("clean up")] }, config);
      const { items } = await saver.listPendingInterrupts({ limit: 10 });
      expect(items.map((item) => item.threadId)).toEqual([config.configurable.thread_id]);
    } finally {
      await saver.end();
      await db.drop();
    }
  });

  test("setup() re-attaches an inbox trigger that went missing from LangGraph's tables", async () => {
    const db = await createTestDatabase();
    const first = await createPostgresCheckpointer(db.url);
    await db.pool.query("DROP TRIGGER hitl_track_write ON checkpoint_writes");
    await first.end();
    const saver = await createPostgresCheckpointer(db.url);
    try {
      const { graph } = fixtureGraph(saver);
      const config = newThread("reattached");
      await graph.invoke({ messages: [new HumanMessage("clean up")] }, config);
      expect((await saver.listPendingInterrupts({ limit: 10 })).items).toHaveLength(1);
    } finally {
      await saver.end();
      await db.drop();
    }
  });

  test("the inbox triggers always look rows up by index, whatever the inbox's statistics say", async () => {
    const db = await createTestDatabase();
    const saver = await createPostgresCheckpointer(db.url);
    try {
      const { rows } = await db.pool.query<{ proname: string; proconfig: string[] | null }>(
        "SELECT proname, proconfig FROM pg_proc WHERE proname IN ('hitl_track_write', 'hitl_track_checkpoint') ORDER BY proname",
      );
      expect(rows).toEqual([
        { proname: "hitl_track_checkpoint", proconfig: ["enable_seqscan=off"] },
        { proname: "hitl_track_write", proconfig: ["enable_seqscan=off"] },
      ]);
    } finally {
      await saver.end();
      await db.drop();
    }
  });
});
