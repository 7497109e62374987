import { HumanMessage } from "@langchain/core/messages";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { agentGraph, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** A stock LangGraph saver on the same database, with its own pool (ending it must not end ours). */
async function stockSaver(): Promise<PostgresSaver> {
  const pool = new pg.Pool({ connectionString: db.url });
  pool.on("error", () => undefined);
  const saver = new PostgresSaver(pool);
  await saver.setup();
  return saver;
}

function deployGraph(checkpointer: BaseCheckpointSaver) {
  const deploy = countingTool("deploy");
  const calls = Array.from({ length: 3 }, (_, index) => ({ name: "deploy", args: { path: `/srv/app-${index}-${"x".repeat(400)}` }, id: `d${index}` }));
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
  return { ...agentGraph(node, calls, checkpointer), deploy, calls };
}

describe("storage stays LangGraph's", () => {
  test("every row is typed as the stock PostgresSaver types it: no private encodings, even for large values", async () => {
    const saver = await createPostgresCheckpointer(db.url);
    try {
      const { graph } = deployGraph(saver);
      const config = newThread("types");
      await graph.invoke({ messages: [new HumanMessage("deploy ".repeat(300))] }, config);
      const { rows } = await db.pool.query<{ type: string }>(
        "SELECT DISTINCT type FROM (SELECT type FROM checkpoint_blobs WHERE thread_id = $1 UNION ALL SELECT type FROM checkpoint_writes WHERE thread_id = $1) t",
        [config.configurable.thread_id],
      );
      expect(rows.map((row) => row.type).sort()).toEqual(["empty", "json"]);
    } finally {
      await saver.end();
    }
  });

  test("a thread written by createPostgresCheckpointer reads identically through a stock PostgresSaver: values, pending interrupts, history", async () => {
    const ours = await createPostgresCheckpointer(db.url);
    const stock = await stockSaver();
    try {
      const built = deployGraph(ours);
      const config = newThread("read-through-stock");
      await built.graph.invoke({ messages: [new HumanMessage("go")] }, config);
      const viaStock = deployGraph(stock).graph;
      const [mine, theirs] = await Promise.all([built.graph.getState(config), viaStock.getState(config)]);
      expect(theirs.values).toEqual(mine.values);
      expect(theirs.tasks.map((task) => task.interrupts)).toEqual(mine.tasks.map((task) => task.interrupts));
      const history = async (graph: typeof viaStock) => {
        const ids: string[] = [];
        for await (const snapshot of graph.getStateHistory(config)) ids.push(String(snapshot.config.configurable?.["checkpoint_id"]));
        return ids;
      };
      expect(await history(viaStock)).toEqual(await history(built.graph));

      // And the stock saver can finish the run it did not start.
      const pending = await getInterrupt(viaStock, config);
      const { values } = await resume(viaStock, config, built.calls.map(() => ({ type: "approve" as const })), { interruptId: pending!.interruptId });
      expect(toolMessages(values)).toHaveLength(3);
    } finally {
      await ours.end();
      await stock.end();
    }
  });

  test("a thread paused by a stock PostgresSaver before switching is listed in the inbox after setup() and can be resumed", async () => {
    const fresh = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: fresh.url });
    pool.on("error", () => undefined);
    const stock = new PostgresSaver(pool);
    await stock.setup();
    const before = deployGraph(stock);
    const config = newThread("before-switch");
    await before.graph.invoke({ messages: [new HumanMessage("go")] }, config);
    const pending = await getInterrupt(before.graph, config);
    await stock.end();

    const ours = await createPostgresCheckpointer(fresh.url);
    try {
      const { items } = await ours.listPendingInterrupts({ limit: 10 });
      expect(items.map((item) => [item.threadId, item.interruptId])).toEqual([[config.configurable.thread_id, pending!.interruptId]]);
      const after = deployGraph(ours);
      await resume(after.graph, config, after.calls.map(() => ({ type: "approve" as const })), { interruptId: pending!.interruptId });
      expect(after.deploy.count).toBe(3);
      expect((await ours.listPendingInterrupts({ limit: 10 })).items).toEqual([]);
    } finally {
      await ours.end();
      await fresh.drop();
    }
  });

  test("switching out and back in on one thread: paused by ours, resumed and paused again by the stock saver, resumed by ours — each reviewed call runs once", async () => {
    const ours = await createPostgresCheckpointer(db.url);
    const stock = await stockSaver();
    try {
      const mine = deployGraph(ours);
      const stockBuilt = deployGraph(stock);
      const theirs = stockBuilt.graph;
      const config = newThread("out-and-in");
      const approveAll = mine.calls.map(() => ({ type: "approve" as const }));
      await mine.graph.invoke({ messages: [new HumanMessage("first")] }, config);
      await resume(theirs, config, approveAll, { interruptId: (await getInterrupt(theirs, config))!.interruptId });
      await theirs.invoke({ messages: [new HumanMessage("second")] }, config);
      const { items } = await ours.listPendingInterrupts({ limit: 10, threadId: config.configurable.thread_id });
      expect(items).toHaveLength(1);
      const { values } = await resume(mine.graph, config, approveAll, { interruptId: items[0]!.interruptId });
      expect(toolMessages(values)).toHaveLength(6);
      expect([stockBuilt.deploy.count, mine.deploy.count]).toEqual([3, 3]);
      const forks = await db.pool.query("SELECT 1 FROM checkpoints WHERE thread_id = $1 GROUP BY checkpoint_ns, parent_checkpoint_id HAVING count(*) > 1", [config.configurable.thread_id]);
      expect(forks.rowCount).toBe(0);
    } finally {
      await ours.end();
      await stock.end();
    }
  });

  test("a thread paused by a stock PostgresSaver after setup() is listed too (the inbox follows LangGraph's writes, whoever makes them)", async () => {
    const ours = await createPostgresCheckpointer(db.url);
    const stock = await stockSaver();
    try {
      const { graph } = deployGraph(stock);
      const config = newThread("stock-after");
      await graph.invoke({ messages: [new HumanMessage("go")] }, config);
      const { items } = await ours.listPendingInterrupts({ limit: 10, threadId: config.configurable.thread_id });
      expect(items).toHaveLength(1);
      expect(items[0]?.payload).toMatchObject({ type: "tool_approval" });
    } finally {
      await ours.end();
      await stock.end();
    }
  });
});
