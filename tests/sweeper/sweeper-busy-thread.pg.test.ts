/**
 * The expiry sweeper on Postgres while another replica's run holds an overdue approval's thread
 * (a reviewer approved in time; the tool is still running when the deadline passes).
 */
import { ApprovalToolNode, getInterrupt, resume, startExpirySweeper } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, ask, newThread, toolMessages } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { gatedTool } from "../support/stream-fixtures.js";

jest.setTimeout(60_000);

let db: TestDatabase;
let reviewing: HITLPostgresSaver;
let sweeping: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  reviewing = await createPostgresCheckpointer(db.url);
  // Gives up on a busy thread after 200 ms instead of the default 5 s.
  sweeping = await createPostgresCheckpointer(db.url, { busyWaitMs: 200 });
});
afterAll(async () => {
  await reviewing.end();
  await sweeping.end();
  await db.drop();
});

test("a busy thread is counted as busy, not failed, sets no lastError, and is looked at again next round instead of after the lease; once the reviewer's run ends nothing is left and the tool ran once", async () => {
  const deploy = gatedTool("deploy");
  const node = () => new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 300 } } });
  const calls = [{ name: "deploy", args: { path: "app" }, id: "c1" }];
  const onReviewer = agentGraph(node(), calls, reviewing).graph;
  const onSweeper = agentGraph(node(), calls, sweeping).graph;
  const held = newThread("sweep-held");
  const overdue = newThread("sweep-overdue");
  await onReviewer.invoke(ask(), held);
  await onReviewer.invoke(ask(), overdue);

  deploy.close(held.configurable.thread_id);
  const pending = await getInterrupt(onReviewer, held);
  const approved = resume(onReviewer, held, [{ type: "approve" }], { interruptId: pending!.interruptId });
  await deploy.started(held.configurable.thread_id);
  await new Promise((wait) => setTimeout(wait, 400));

  // The loop's first round runs at once (and before any runOnce); the next is an hour away, so the test drives them.
  const sweeper = startExpirySweeper({ graph: onSweeper, checkpointer: sweeping, intervalMs: 3_600_000, leaseMs: 60_000 });
  try {
    const first = await sweeper.runOnce();
    // The held thread again, at once: its lease was released, not kept for leaseMs.
    const second = await sweeper.runOnce();
    for (const round of [first, second]) expect(round).toMatchObject({ expired: [], skipped: 0, busy: 1, failed: 0 });
    const stats = sweeper.stats();
    // The loop's own first round expired the overdue approval and met the held one.
    expect(stats).toMatchObject({ rounds: 3, expired: 1, busy: 3, failed: 0 });
    expect(stats.lastError).toBeUndefined();

    deploy.open(held.configurable.thread_id);
    expect((await approved).status).toBe("applied");
    const after = await sweeper.runOnce();
    expect(after).toMatchObject({ expired: [], skipped: 0, busy: 0, failed: 0 });
  } finally {
    await sweeper.stop();
  }
  expect(deploy.starts(held.configurable.thread_id)).toBe(1);
  expect(toolMessages((await onReviewer.getState(held)).values).map((message) => message.status)).toEqual(["success"]);
  expect(toolMessages((await onReviewer.getState(overdue)).values)[0]?.additional_kwargs?.["hitl"]).toMatchObject({ source: "expired" });
  expect((await sweeping.listPendingInterrupts({ limit: 10 })).items).toEqual([]);
});
