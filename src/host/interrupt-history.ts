import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";
import { INTERRUPT_CHANNEL, storedInterrupts, type PendingWrite } from "../langgraph/index.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { HumanInterruptPayload, RunInterruptResult } from "../payload/types.js";

/**
 * How many of a thread's latest checkpoints are searched for an interrupt id that is not pending.
 * Anyone who may resume can send any id, so the search is bounded: past the bound an id counts as
 * unknown, and nothing runs either way.
 */
export const HISTORY_SEARCH_LIMIT = 100;

/** Where the search for an interrupt id in a thread's history ended. */
interface HistorySearch {
  /** Some searched checkpoint recorded the interrupt. */
  raised: boolean;
  /** How many checkpoints were read. */
  searched: number;
  /** Whether the whole history was read (it holds fewer checkpoints than the bound). */
  complete: boolean;
}

/**
 * Looks for `interruptId` in the thread's latest {@link HISTORY_SEARCH_LIMIT} checkpoints:
 * LangGraph keeps each step's interrupt writes with the checkpoint it ran from, so the history
 * names every interrupt the thread raised. Only an id that is not pending pays for it.
 *
 * @param saver - The graph's checkpointer.
 * @param threadId - The thread to look in.
 * @param interruptId - The id a caller asked for.
 * @returns Whether a searched checkpoint recorded it, and how far the search went.
 * @example
 * ```ts
 * const { raised, complete } = await searchThreadHistory(saver, "t1", id);
 * if (!raised && !complete) console.log("not among the latest checkpoints; older ones were not read");
 * ```
 */
export async function searchThreadHistory(saver: BaseCheckpointSaver, threadId: string, interruptId: string): Promise<HistorySearch> {
  let searched = 0;
  for await (const tuple of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: "" } }, { limit: HISTORY_SEARCH_LIMIT })) {
    searched += 1;
    const writes = (tuple.pendingWrites ?? []) as PendingWrite[];
    if (writes.some(([, channel, value]) => channel === INTERRUPT_CHANNEL && storedInterrupts(value).some((entry) => entry.id === interruptId))) return { raised: true, searched, complete: false };
    if (searched >= HISTORY_SEARCH_LIMIT) return { raised: false, searched, complete: false };
  }
  return { raised: false, searched, complete: true };
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
 * `tool_call_id`), told apart from one that was answered (`INTERRUPT_ALREADY_RESOLVED`). When
 * the search stopped at its bound, the message says how far the history was searched.
 *
 * @param pending - The thread's pending interrupts.
 * @param threadId - The thread the caller named.
 * @param interruptId - The id the caller passed.
 * @param search - How far the thread's history was searched for it.
 * @returns An `UNKNOWN_INTERRUPT` {@link HITLError} naming the id received and the pending ids allowed.
 * @example
 * ```ts
 * throw unknownInterruptError(state.pending, "t1", "call_1", { raised: false, searched: 3, complete: true });
 * ```
 */
export function unknownInterruptError(
  pending: ReadonlyArray<RunInterruptResult<HumanInterruptPayload>>,
  threadId: string,
  interruptId: string,
  search: HistorySearch,
): HITLError {
  const owner = interruptOfToolCall(pending, interruptId);
  const hint =
    owner !== undefined
      ? `that is the tool_call_id of a call in pending interrupt ${owner.interruptId}; pass the interruptId instead`
      : pending.length > 0
        ? `the pending ${pending.length === 1 ? "one is" : "ones are"} ${pending.map((candidate) => candidate.interruptId).join(", ")}`
        : "the thread has no pending interrupt";
  const where = search.complete
    ? `was never raised on thread "${threadId}"`
    : `was not raised in the latest ${search.searched} checkpoints of thread "${threadId}" (its older history was not searched)`;
  const message = `interrupt ${JSON.stringify(interruptId)} ${where}: ${hint}`;
  return new HITLError("UNKNOWN_INTERRUPT", `Interrupt ${JSON.stringify(interruptId)} ${where} (${hint}).`, {
    threadId,
    interruptId,
    details: [{ path: ["interruptId"], message, received: interruptId, allowed: pending.map((candidate) => candidate.interruptId) }],
  });
}
