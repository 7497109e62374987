// Migration 13: approvals whose payload holds text jsonb refuses (a NUL character, a lone
// surrogate) were paused but never listed; databases upgraded with such a thread list it.
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { getInterrupt } from "../../src/index.js";
import { applyMigrations, ensureAttachments, MIGRATIONS } from "../../src/postgres/migrations/index.js";
import { nodeAdapter } from "../behaviour/harness.js";
import { ask, countingTool, newThread } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const SCHEMA = "before_13";

async function listed(threadId: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ interrupt_id: string }>(`SELECT interrupt_id FROM "${SCHEMA}".hitl_pending_interrupts WHERE thread_id = $1`, [threadId]);
  return rows.map((row) => row.interrupt_id);
}

test("a thread paused before migration 13 on an approval whose arguments hold a NUL character is listed once the migration runs; one already listed stays as it was", async () => {
  const stock = new PostgresSaver(db.pool, undefined, { schema: SCHEMA });
  await stock.setup();
  await applyMigrations(db.pool, SCHEMA, MIGRATIONS.filter((migration) => migration.version < 13));
  await ensureAttachments(db.pool, SCHEMA);
  const pause = async (path: string) => {
    const tool = countingTool("deploy");
    const { graph } = nodeAdapter.agentGraph(nodeAdapter.approvals([tool.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path }, id: "c1" }], stock);
    const config = newThread("before-13");
    await graph.invoke(ask(), config);
    return { threadId: config.configurable.thread_id, interruptId: (await getInterrupt(graph, config))!.interruptId };
  };
  const hidden = await pause("a\u0000b");
  const plain = await pause("ab");
  expect(await listed(hidden.threadId)).toEqual([]);
  const { rows: before } = await db.pool.query<{ created_at: Date }>(`SELECT created_at FROM "${SCHEMA}".hitl_pending_interrupts WHERE thread_id = $1`, [plain.threadId]);
  expect(await listed(plain.threadId)).toEqual([plain.interruptId]);

  await applyMigrations(db.pool, SCHEMA, MIGRATIONS);
  expect(await listed(hidden.threadId)).toEqual([hidden.interruptId]);
  expect(await listed(plain.threadId)).toEqual([plain.interruptId]);
  const { rows: after } = await db.pool.query<{ created_at: Date }>(`SELECT created_at FROM "${SCHEMA}".hitl_pending_interrupts WHERE thread_id = $1`, [plain.threadId]);
  expect(after).toEqual(before);
});
