import { ApprovalToolNode, getInterrupt } from "../../src/index.js";
import { approvalIdOf } from "../../src/notify/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { spawnChild } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { startReceiver } from "./receiver.js";
import { channelName } from "./notifier.cases.js";

jest.setTimeout(90_000);

const SECRET = "whsec_test_0123456789abcdef";

let db: TestDatabase;
let saver: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  saver = await createPostgresCheckpointer(db.pool);
});
afterAll(async () => {
  await saver.end();
  await db.drop();
});

function deployGraph() {
  const deploy = countingTool("deploy");
  return agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver).graph;
}

async function outboxRows(threadId: string) {
  return (await db.pool.query<{ channel: string; kind: string; state: string; xmin: string; attempts: number }>("SELECT channel, kind, state, xmin::text, attempts FROM hitl_notifications WHERE thread_id = $1 ORDER BY id", [threadId])).rows;
}

describe("the Postgres notification outbox", () => {
  test("nothing is recorded while no channel is registered; once one is, the pause's own transaction writes its event (same transaction id as the interrupt write)", async () => {
    const graph = deployGraph();
    const unnoticed = newThread("outbox");
    await graph.invoke(ask(), unnoticed);
    expect(await outboxRows(unnoticed.configurable.thread_id)).toEqual([]);

    const channels = [channelName(), channelName()];
    for (const channel of channels) await saver.notificationOutbox(channel).register();
    const config = newThread("outbox");
    await graph.invoke(ask(), config);
    const threadId = config.configurable.thread_id;
    const rows = await outboxRows(threadId);
    const { rows: writes } = await db.pool.query<{ xmin: string }>("SELECT xmin::text FROM checkpoint_writes WHERE thread_id = $1 AND channel = '__interrupt__'", [threadId]);
    const { rows: inbox } = await db.pool.query<{ xmin: string }>("SELECT xmin::text FROM hitl_pending_interrupts WHERE thread_id = $1", [threadId]);
    expect(rows.map((row) => [row.channel, row.kind, row.state])).toEqual(channels.map((channel) => [channel, "requested", "pending"]));
    // One transaction: the interrupt write, its inbox row and every channel's event commit together (no commit of their own).
    expect(new Set([...rows, ...writes, ...inbox].map((row) => row.xmin)).size).toBe(1);
    for (const channel of channels) await saver.notificationOutbox(channel).unregister();
    expect(await outboxRows(threadId)).toEqual([]);
  });

  test.each([
    ["plain ids", { threadId: "t1", checkpointId: "1f0a", taskId: "task", position: 0 }],
    ["separators in ids", { threadId: "a:3:b", checkpointId: "1:x", taskId: "", position: 12 }],
    ["non-ASCII ids", { threadId: "Zürich-🚀-東京", checkpointId: "ckpt-é", taskId: "täsk", position: 3 }],
  ])("the approval id SQL computes (hitl_approval_id) is the one TypeScript computes: %s", async (_label, location) => {
    const { rows } = await db.pool.query<{ id: string }>("SELECT hitl_approval_id($1, $2, $3, $4) AS id", [location.threadId, location.checkpointId, location.taskId, location.position]);
    expect(rows[0]?.id).toBe(approvalIdOf(location));
  });

  test("a replica killed (SIGKILL) while delivering an approval's event leaves it to another replica, which delivers it with the same id once its lease lapses", async () => {
    // A's first request is held open (it never hears back); B's are answered.
    const receiver = await startReceiver(SECRET, (_request, index) => (index === 0 ? "hold" : 200));
    const channel = channelName();
    await saver.notificationOutbox(channel).register();
    const threadId = newThread("crash").configurable.thread_id;
    const env = { HITL_WEBHOOK_SECRET: SECRET };
    const a = spawnChild("notify-replica", [db.url, "notify", channel, receiver.url, "3000", threadId], env);
    let b: ReturnType<typeof spawnChild> | undefined;
    try {
      const interruptId = (await a.line("paused ")).slice("paused ".length);
      await receiver.until((requests) => requests.length === 1);
      a.process.kill("SIGKILL");
      expect((await a.exited).signal).toBe("SIGKILL");
      b = spawnChild("notify-replica", [db.url, "notify", channel, receiver.url, "3000"], env);
      await receiver.until((requests) => requests.length === 2);
      const [first, second] = receiver.received;
      expect(second!.eventId).toBe(first!.eventId);
      expect([first!.verified, first!.recipe, second!.verified, second!.recipe]).toEqual([true, true, true, true]);
      const event = JSON.parse(second!.body) as { id: string; type: string; threadId: string; interruptId: string };
      expect(event).toMatchObject({ id: second!.eventId, type: "ApprovalRequested", threadId, interruptId });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await outboxRows(threadId)).toEqual([expect.objectContaining({ kind: "requested", state: "delivered", attempts: 2 })]);
      expect(receiver.received).toHaveLength(2);
    } finally {
      a.process.kill("SIGKILL");
      b?.process.kill("SIGKILL");
      await b?.exited;
      await receiver.close();
      await saver.notificationOutbox(channel).unregister();
    }
  });

  test("requests of an approval whose thread was deleted before delivery are dropped; its resolution (deleted) is delivered", async () => {
    const channel = channelName();
    const outbox = saver.notificationOutbox(channel);
    await outbox.register();
    const graph = deployGraph();
    const config = newThread("gone");
    await graph.invoke(ask(), config);
    expect(await getInterrupt(graph, config)).toBeDefined();
    await saver.deleteThread(config.configurable.thread_id);
    const [requested] = await outbox.claim(10, 10_000);
    expect(requested).toMatchObject({ kind: "requested", payload: undefined });
    await outbox.complete(requested!, "gone");
    const [resolved] = await outbox.claim(10, 10_000);
    expect(resolved).toMatchObject({ kind: "resolved", outcome: "deleted" });
    await outbox.unregister();
  });
});
