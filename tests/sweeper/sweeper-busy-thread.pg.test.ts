/**
 * The expiry sweeper on Postgres while another replica's run holds an overdue approval's thread
 * (a reviewer approved in time; the tool is still running when the deadline passes).
 */
import { startExpirySweeper } from "../../src/index.js";
import { toolMessages } from "../support/fixtures.js";
import { overdueBehindABusyThread } from "../support/busy-thread-scene.js";
import { twoReplicas, type TwoReplicas } from "../support/postgres/busy-thread.js";

jest.setTimeout(60_000);

let replicas: TwoReplicas;
beforeAll(async () => {
  replicas = await twoReplicas();
});
afterAll(() => replicas.end());

test("a busy thread is counted as busy at once (no busyWaitMs wait), not failed, sets no lastError, and is looked at again next round instead of after the lease; once the reviewer's run ends nothing is left and the tool ran once", async () => {
  const { sweeping } = replicas;
  const { deploy, onReviewer, onSweeper, held, overdue, approved } = await overdueBehindABusyThread(replicas);

  // The loop's first round runs at once (and before any runOnce); the next is an hour away, so the test drives them.
  const sweeper = startExpirySweeper({ graph: onSweeper, checkpointer: sweeping, intervalMs: 3_600_000, leaseMs: 60_000 });
  try {
    const first = await sweeper.runOnce();
    // The held thread again, at once: its lease was released, not kept for leaseMs.
    const second = await sweeper.runOnce();
    for (const round of [first, second]) expect(round).toMatchObject({ expired: [], skipped: 0, busy: 1, failed: 0 });
    // Both rounds ended while the reviewer's tool was still running: neither waited out the replica's busyWaitMs (10 minutes).
    expect(deploy.finishes(held.configurable.thread_id)).toBe(0);
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

test.each([false, true])("an approval a raw Command is applying (no continuation lease, only the node's claim; in a subgraph: %p) is counted busy at once, not after the replica's busyWaitMs, and that run completes with its tool run once", async (inSubgraph) => {
  const { sweeping } = replicas;
  const { deploy, onReviewer, onSweeper, held, approved } = await overdueBehindABusyThread(replicas, { approveWith: "a raw Command", inSubgraph });
  const sweeper = startExpirySweeper({ graph: onSweeper, checkpointer: sweeping, intervalMs: 3_600_000, leaseMs: 60_000 });
  try {
    // The expiry finds the raw run's live claim and leaves the thread alone.
    expect(await sweeper.runOnce()).toMatchObject({ expired: [], skipped: 0, busy: 1, failed: 0 });
    expect(deploy.finishes(held.configurable.thread_id)).toBe(0);
    deploy.open(held.configurable.thread_id);
    // The expiry took no lease: the raw run's own writes are not refused.
    await approved;
    expect(await sweeper.runOnce()).toMatchObject({ expired: [], skipped: 0, busy: 0, failed: 0 });
  } finally {
    await sweeper.stop();
  }
  expect(deploy.starts(held.configurable.thread_id)).toBe(1);
  expect(toolMessages((await onReviewer.getState(held)).values).map((message) => message.status)).toEqual(["success"]);
  expect((await sweeping.listPendingInterrupts({ limit: 10 })).items).toEqual([]);
});
