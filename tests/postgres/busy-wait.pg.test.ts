/**
 * `resume()`'s `busyWaitMs` on Postgres, with two replicas on one database: how long a resume
 * waits for a thread the other replica is continuing.
 */
import { ApprovalToolNode, getInterrupt, isHITLError, resume, withThreadContinuation } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
let holding: HITLPostgresSaver;
let resuming: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  holding = await createPostgresCheckpointer(db.url);
  // A resume on this replica would wait ten minutes by default.
  resuming = await createPostgresCheckpointer(db.url, { busyWaitMs: 600_000 });
});
afterAll(async () => {
  await holding.end();
  await resuming.end();
  await db.drop();
});

async function pausedOnResumingReplica() {
  const deploy = countingTool("deploy");
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], resuming);
  const config = newThread("busy-wait");
  await graph.invoke(ask(), config);
  return { graph, config, deploy, interruptId: (await getInterrupt(graph, config))!.interruptId };
}

/** The other replica continues the thread until `free()`. */
function holdOnOtherReplica(threadId: string) {
  let free!: () => void;
  let taken!: () => void;
  const held = new Promise<void>((resolve) => (taken = resolve));
  const done = withThreadContinuation(holding, threadId, async () => {
    taken();
    await new Promise<void>((resolve) => (free = resolve));
  });
  return { held, done, free: () => free() };
}

test("busyWaitMs 0 while another replica continues the thread: THREAD_BUSY at once (not after the replica's ten minutes), nothing ran, and the interrupt stays pending", async () => {
  const { graph, config, deploy, interruptId } = await pausedOnResumingReplica();
  const other = holdOnOtherReplica(config.configurable.thread_id);
  await other.held;
  const refused = await resume(graph, config, [{ type: "approve" }], { interruptId, busyWaitMs: 0 }).catch((error: unknown) => error);
  expect(isHITLError(refused, "THREAD_BUSY") && refused.threadId).toBe(config.configurable.thread_id);
  expect(deploy.count).toBe(0);
  other.free();
  await other.done;
  expect((await getInterrupt(graph, config))?.interruptId).toBe(interruptId);
  expect((await resume(graph, config, [{ type: "approve" }], { interruptId, busyWaitMs: 0 })).status).toBe("applied");
  expect(deploy.count).toBe(1);
});

test("a busyWaitMs longer than the other replica's hold waits for it, then applies", async () => {
  const { graph, config, deploy, interruptId } = await pausedOnResumingReplica();
  const other = holdOnOtherReplica(config.configurable.thread_id);
  await other.held;
  const resumed = resume(graph, config, [{ type: "approve" }], { interruptId, busyWaitMs: 20_000 });
  setTimeout(() => other.free(), 200);
  expect((await resumed).status).toBe("applied");
  await other.done;
  expect(deploy.count).toBe(1);
});
