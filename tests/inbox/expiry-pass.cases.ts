/**
 * `expirePendingInterrupts` while a run holds one of the overdue threads (a reviewer approved in
 * time; the tool is still running): one case, run on the memory checkpointer and on two Postgres
 * replicas.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { ApprovalsInbox } from "../../src/index.js";
import { overdueBehindABusyThread } from "../support/busy-thread-scene.js";
import { toolMessages } from "../support/fixtures.js";

/**
 * Pauses two overdue approvals, one held by the reviewer's running tool, and runs a pass on the
 * sweeping checkpointer: it expires the other without waiting for the held one, which then
 * applies once.
 *
 * @example
 * ```ts
 * test("…", () => expiryPassSkipsTheHeldThread({ reviewing: saver, sweeping: saver }));
 * ```
 */
export async function expiryPassSkipsTheHeldThread(savers: { reviewing: BaseCheckpointSaver; sweeping: BaseCheckpointSaver & ApprovalsInbox }): Promise<void> {
  const { sweeping } = savers;
  const { deploy, onReviewer, onSweeper, held, overdue, approved } = await overdueBehindABusyThread(savers);
  const listed = (await sweeping.listPendingInterrupts({ limit: 10 })).items.map((item) => item.threadId);
  expect(listed).toEqual([held.configurable.thread_id, overdue.configurable.thread_id]);

  const expired = await sweeping.expirePendingInterrupts(onSweeper);
  expect(expired.map((entry) => entry.threadId)).toEqual([overdue.configurable.thread_id]);
  // The pass ended while the reviewer's tool was still running: it did not wait for it.
  expect(deploy.finishes(held.configurable.thread_id)).toBe(0);

  deploy.open(held.configurable.thread_id);
  expect((await approved).status).toBe("applied");
  expect(deploy.starts(held.configurable.thread_id)).toBe(1);
  expect(toolMessages((await onReviewer.getState(held)).values).map((message) => message.status)).toEqual(["success"]);
  expect(toolMessages((await onReviewer.getState(overdue)).values)[0]?.additional_kwargs?.["hitl"]).toMatchObject({ source: "expired" });
  expect((await sweeping.listPendingInterrupts({ limit: 10 })).items).toEqual([]);
}
