import { withDigests } from "../payload/digest.js";
import type { HumanInterruptPayload, RunInterruptResult } from "../payload/types.js";

/** A pending interrupt, with the root-graph task that raised it (what a resume signature binds). */
export interface PendingInterrupt<TPayload = HumanInterruptPayload> extends RunInterruptResult<TPayload> {
  taskId: string;
}

/**
 * A pending interrupt as every host API hands it out, whichever source it was read from (the
 * graph's state, or the latest checkpoint's pending writes): its payload with digests filled in.
 *
 * @example
 * ```ts
 * pendingInterrupt({ interruptId: entry.id, threadId, taskId: task.id, value: entry.value });
 * ```
 */
export function pendingInterrupt<TPayload = HumanInterruptPayload>(entry: { interruptId: string; threadId: string; taskId: string; value: unknown }): PendingInterrupt<TPayload> {
  return { interruptId: entry.interruptId, threadId: entry.threadId, payload: withDigests(entry.value) as TPayload, taskId: entry.taskId };
}
