import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";
import { INTERRUPT_CHANNEL } from "../langgraph/index.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { HumanInterruptPayload, RunInterruptResult } from "../payload/types.js";


function interruptIdsOf(value: unknown): unknown[] {
  return (Array.isArray(value) ? value : [value]).map((entry) => (entry as { id?: unknown } | null)?.id);
}

/**
 * Whether `interruptId` was ever raised on the thread: LangGraph keeps each step's interrupt
 * writes with the checkpoint it ran from, so the thread's history names every interrupt it
 * raised. Reads the whole history in the worst case, so only a refused id pays for it.
 *
 * @param saver - The graph's checkpointer.
 * @param threadId - The thread to look in.
 * @param interruptId - The id a caller asked for.
 * @returns `true` when some checkpoint of the thread recorded that interrupt.
 * @example
 * ```ts
 * if (await wasRaisedOnThread(saver, "t1", id)) console.log("answered or superseded");
 * ```
 */
export async function wasRaisedOnThread(saver: BaseCheckpointSaver, threadId: string, interruptId: string): Promise<boolean> {
  for await (const tuple of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: "" } })) {
    const writes = (tuple.pendingWrites ?? []) as Array<[string, string, unknown]>;
    if (writes.some(([, channel, value]) => channel === INTERRUPT_CHANNEL && interruptIdsOf(value).includes(interruptId))) return true;
  }
  return false;
}

/** The pending interrupt one of whose calls has `toolCallId`, when the caller passed a tool call id by mistake. */
function interruptOfToolCall(pending: ReadonlyArray<RunInterruptResult<HumanInterruptPayload>>, toolCallId: string): RunInterruptResult<HumanInterruptPayload> | undefined {
  // A pending value may be anyone's (a custom interrupt, LangChain's per-call `tool_approval`): read by shape, never by `type` alone.
  return pending.find(({ payload }) =>
    isToolApprovalInterrupt(payload) ? payload.action_requests.some((request) => request.tool_call_id === toolCallId) : (payload as { tool_call_id?: unknown } | null)?.tool_call_id === toolCallId,
  );
}

/**
 * The error for an `interruptId` the thread never raised (a typo, another thread's id, a
 * `tool_call_id`), told apart from one that was answered (`INTERRUPT_ALREADY_RESOLVED`).
 *
 * @param pending - The thread's pending interrupts.
 * @param threadId - The thread the caller named.
 * @param interruptId - The id the caller passed.
 * @returns An `UNKNOWN_INTERRUPT` {@link HITLError} naming the id received and the pending ids allowed.
 * @example
 * ```ts
 * throw unknownInterruptError(state.pending, "t1", "call_1");
 * ```
 */
export function unknownInterruptError(pending: ReadonlyArray<RunInterruptResult<HumanInterruptPayload>>, threadId: string, interruptId: string): HITLError {
  const owner = interruptOfToolCall(pending, interruptId);
  const hint =
    owner !== undefined
      ? `that is the tool_call_id of a call in pending interrupt ${owner.interruptId}; pass the interruptId instead`
      : pending.length > 0
        ? `the pending ${pending.length === 1 ? "one is" : "ones are"} ${pending.map((candidate) => candidate.interruptId).join(", ")}`
        : "the thread has no pending interrupt";
  const message = `interrupt ${JSON.stringify(interruptId)} was never raised on thread "${threadId}": ${hint}`;
  return new HITLError("UNKNOWN_INTERRUPT", `Interrupt ${JSON.stringify(interruptId)} was never raised on thread "${threadId}" (${hint}).`, {
    threadId,
    interruptId,
    details: [{ path: ["interruptId"], message, received: interruptId, allowed: pending.map((candidate) => candidate.interruptId) }],
  });
}
