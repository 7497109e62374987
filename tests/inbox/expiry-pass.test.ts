/**
 * `expirePendingInterrupts` on the memory checkpointer while a run of this process holds one of
 * the overdue threads: the pass moves on past it at once (the in-process queue would otherwise
 * hold the pass until that run ended).
 */
import { createMemoryCheckpointer } from "../../src/index.js";
import { overdueBehindABusyThread } from "../support/busy-thread-scene.js";
import { toolMessages } from "../support/fixtures.js";

test("an expiry pass skips an overdue approval whose thread a running resume holds without waiting for it, expires the other, and the held approval still applies once", async () => {
  const checkpointer = createMemoryCheckpointer();
  const { deploy, onReviewer, onSweeper, held, overdue, approved } = await overdueBehindABusyThread({ reviewing: checkpointer, sweeping: checkpointer });

  const expired = await checkpointer.expirePendingInterrupts(onSweeper);
  expect(expired.map((entry) => entry.threadId)).toEqual([overdue.configurable.thread_id]);
  expect(deploy.finishes(held.configurable.thread_id)).toBe(0);

  deploy.open(held.configurable.thread_id);
  expect((await approved).status).toBe("applied");
  expect(deploy.starts(held.configurable.thread_id)).toBe(1);
  expect(toolMessages((await onReviewer.getState(held)).values).map((message) => message.status)).toEqual(["success"]);
  expect(toolMessages((await onReviewer.getState(overdue)).values)[0]?.additional_kwargs?.["hitl"]).toMatchObject({ source: "expired" });
  expect((await checkpointer.listPendingInterrupts({ limit: 10 })).items).toEqual([]);
});
