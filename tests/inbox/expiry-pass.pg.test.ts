/**
 * `expirePendingInterrupts` on Postgres while another replica's run holds one of the overdue
 * threads: the pass moves on past it instead of throwing away the rest of the pass.
 */
import { overdueBehindABusyThread } from "../support/busy-thread-scene.js";
import { twoReplicas, type TwoReplicas } from "../support/postgres/busy-thread.js";
import { toolMessages } from "../support/fixtures.js";

let replicas: TwoReplicas;
beforeAll(async () => {
  replicas = await twoReplicas();
});
afterAll(() => replicas.end());

test("an expiry pass skips an overdue approval whose thread another replica's run holds without waiting for it, expires the others, and the held run's approval still applies once", async () => {
  const { sweeping } = replicas;
  const { deploy, onReviewer, onSweeper, held, overdue, approved } = await overdueBehindABusyThread(replicas);
  const listed = (await sweeping.listPendingInterrupts({ limit: 10 })).items.map((item) => item.threadId);
  expect(listed).toEqual([held.configurable.thread_id, overdue.configurable.thread_id]);

  const expired = await sweeping.expirePendingInterrupts(onSweeper);
  expect(expired.map((entry) => entry.threadId)).toEqual([overdue.configurable.thread_id]);
  // The pass ended while the reviewer's tool was still running: it did not wait out the replica's busyWaitMs (10 minutes).
  expect(deploy.finishes(held.configurable.thread_id)).toBe(0);

  deploy.open(held.configurable.thread_id);
  expect((await approved).status).toBe("applied");
  expect(deploy.starts(held.configurable.thread_id)).toBe(1);
  expect(toolMessages((await onReviewer.getState(held)).values).map((message) => message.status)).toEqual(["success"]);
  expect(toolMessages((await onReviewer.getState(overdue)).values)[0]?.additional_kwargs?.["hitl"]).toMatchObject({ source: "expired" });
  expect((await sweeping.listPendingInterrupts({ limit: 10 })).items).toEqual([]);
});
