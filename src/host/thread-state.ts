import type { BaseCheckpointSaver, CheckpointTuple } from "@langchain/langgraph";
import { claimStoreFor } from "../claims/index.js";
import { HITLError } from "../errors/hitl-error.js";
import { memorySaverRefusesThreadId, summarizePendingWrites, type LatestPendingWrites, type PendingWrite } from "../langgraph/index.js";
import type { HumanInterruptPayload, RunInterruptResult } from "../payload/types.js";
import { searchThreadHistory, unknownInterruptError } from "./interrupt-history.js";
import type { HITLGraph } from "./graph-types.js";
import { pendingInterrupt, type PendingInterrupt } from "./pending-interrupt.js";
import { describePending } from "./describe-pending.js";
import { unknownThreadError } from "./unknown-thread.js";


/** A pending interrupt as `resume()` read it: with where and what its task stored. */
export type PendingTarget = PendingInterrupt & {
  /** The checkpoint the pending writes were read from. */
  checkpointId: string | undefined;
  /** Every interrupt value the task stored, as stored (what the node checks decisions against). */
  storedValues: readonly unknown[];
};

/** What `resume()` needs to know about a thread, read in one checkpointer call. */
export interface ThreadState {
  /** Interrupts of tasks that have no result yet (LangGraph keeps answered ones on finished tasks). */
  pending: PendingTarget[];
  /** Interrupt ids a resume value was already submitted for in the current step, with what LangGraph recorded. */
  answered: ReadonlyMap<string, unknown>;
}

/**
 * A checkpointer that can read the latest root checkpoint's pending writes alone, without
 * loading the checkpoint's channel values (the Postgres checkpointer does).
 */
interface PendingWritesReader {
  readPendingWrites(threadId: string): Promise<LatestPendingWrites>;
}

function readsPendingWrites(value: unknown): value is PendingWritesReader {
  return typeof (value as Partial<PendingWritesReader> | null)?.readPendingWrites === "function";
}

async function pendingWritesOf(saver: BaseCheckpointSaver, threadId: string): Promise<LatestPendingWrites> {
  if (readsPendingWrites(saver)) return saver.readPendingWrites(threadId);
  const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
  const checkpointId = tuple?.config.configurable?.["checkpoint_id"];
  return { checkpointId: typeof checkpointId === "string" ? checkpointId : undefined, writes: (tuple?.pendingWrites ?? []) as PendingWrite[] };
}

/** The graph's checkpointer, or a typed error when it has none. */
export function saverOf(graph: HITLGraph): BaseCheckpointSaver {
  if (typeof graph.checkpointer === "object" && graph.checkpointer !== null) return graph.checkpointer;
  const message =
    "The graph has no checkpointer, so it has no paused runs to read or resume: give it one where it is made, " +
    "`graph.compile({ checkpointer })` for a StateGraph or `createAgent({ checkpointer })` for an agent (e.g. `checkpointer: new MemorySaver()`).";
  throw new HITLError("MISSING_CHECKPOINTER", message, { details: [{ path: ["graph", "checkpointer"], message, received: graph.checkpointer ?? null }] });
}

/**
 * The graph's checkpointer, for reading `threadId`. A thread id LangGraph's `MemorySaver` refuses
 * to store under (a name that reaches `Object.prototype`) names no thread it can hold: that is
 * `UNKNOWN_THREAD`, as for any id nothing was checkpointed under, not the plain `Error` the
 * saver's read would throw.
 *
 * @throws {HITLError} `MISSING_CHECKPOINTER` (see {@link saverOf}) or `UNKNOWN_THREAD`.
 * @example
 * ```ts
 * const saver = saverForThread(graph, threadId, "resume");
 * ```
 */
export function saverForThread(graph: HITLGraph, threadId: string, attempt: "resume" | "read"): BaseCheckpointSaver {
  const saver = saverOf(graph);
  if (memorySaverRefusesThreadId(saver, threadId)) throw unknownThreadError(threadId, attempt, undefined, "LangGraph's MemorySaver refuses this id as a storage key, so it can hold no such thread");
  return saver;
}

/**
 * Reads the pending interrupts of a thread straight from its latest root checkpoint's pending
 * writes — the same facts `getState()` derives (as `getInterrupts()` reads them), without
 * rebuilding every channel, and with what each task stored — in one checkpointer call.
 */
export async function readThreadState(saver: BaseCheckpointSaver, threadId: string): Promise<ThreadState> {
  const { checkpointId, writes } = await pendingWritesOf(saver, threadId);
  return threadStateOf(threadId, checkpointId, writes);
}

/** A thread's head as one read: what `resume()` decides on under the lease, and hands to its run. */
export interface ThreadHead {
  state: ThreadState;
  /** The head checkpoint as `getTuple` returned it, `undefined` for a thread with none. */
  tuple: CheckpointTuple | undefined;
}

/**
 * Reads a thread's latest root checkpoint with `getTuple` — the very read LangGraph's run makes
 * when it loads the thread — and what its pending writes say, in one checkpointer call.
 *
 * @example
 * ```ts
 * const { state, tuple } = await readThreadHead(saver, "t1");
 * ```
 */
export async function readThreadHead(saver: BaseCheckpointSaver, threadId: string): Promise<ThreadHead> {
  const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
  const checkpointId = tuple?.config.configurable?.["checkpoint_id"];
  return { state: threadStateOf(threadId, typeof checkpointId === "string" ? checkpointId : undefined, (tuple?.pendingWrites ?? []) as PendingWrite[]), tuple };
}

function threadStateOf(threadId: string, checkpointId: string | undefined, writes: readonly PendingWrite[]): ThreadState {
  const { pending, answered } = summarizePendingWrites(writes);
  const valuesOf = (taskId: string) => pending.filter((entry) => entry.taskId === taskId).map((entry) => entry.value);
  return {
    pending: pending.map((entry) => ({
      ...pendingInterrupt({ interruptId: entry.id, threadId, taskId: entry.taskId, value: entry.value }),
      checkpointId,
      storedValues: valuesOf(entry.taskId),
    })),
    answered,
  };
}

/**
 * An id this step already took an answer for while others wait (a mixed batch's approval once
 * its question is raised; an approval raised again after a refused answer): what happened, what
 * the thread waits on now, and which id to resume instead.
 */
function answeredError(pending: ReadonlyArray<RunInterruptResult<HumanInterruptPayload>>, threadId: string, interruptId: string): HITLError {
  const waiting = pending.map(describePending).join(" and ");
  const next = pending.length === 1 ? `resume that one with \`interruptId: "${pending[0]?.interruptId}"\`` : "resume one of them by its `interruptId`";
  const message = `interrupt ${interruptId} was already answered, so nothing more can be sent to it; thread "${threadId}" now waits on ${waiting}: review it and ${next}`;
  return new HITLError("INTERRUPT_MISMATCH", `${message.charAt(0).toUpperCase()}${message.slice(1)}.`, {
    threadId,
    interruptId,
    details: [{ path: ["interruptId"], message, received: interruptId, allowed: pending.map((candidate) => candidate.interruptId) }],
  });
}

/** Whether a claim committed an answer to `interruptId`: only a refusal pays for this read. */
async function wasClaimed(saver: BaseCheckpointSaver | undefined, threadId: string, interruptId: string): Promise<boolean> {
  return saver !== undefined && (await claimStoreFor(saver).claimOfInterrupt(threadId, interruptId)) !== undefined;
}

/**
 * Picks the interrupt the caller reviewed, or explains precisely why it cannot be resumed.
 * An id that is not pending costs one read of the thread's latest checkpoints (at most
 * `HISTORY_SEARCH_LIMIT`), to tell an answered interrupt from one the thread never raised.
 *
 * @throws {HITLError} `INTERRUPT_MISMATCH` (answered, then raised again), `INTERRUPT_ALREADY_RESOLVED`,
 * `UNKNOWN_INTERRUPT` (no claim answered it, and never raised on this thread or not within its latest `HISTORY_SEARCH_LIMIT`
 * checkpoints), `UNKNOWN_THREAD` (nothing was ever checkpointed under the thread id; known only
 * with a local `saver`), `NO_PENDING_INTERRUPT`, or `INVALID_OPTIONS`
 * when several are pending and none was named.
 */
export async function pickTarget<T extends RunInterruptResult<HumanInterruptPayload>>(
  state: { pending: T[]; answered: ReadonlyMap<string, unknown> },
  threadId: string,
  interruptId: string | undefined,
  saver: BaseCheckpointSaver | undefined,
): Promise<T> {
  const { pending } = state;
  if (interruptId !== undefined) {
    const match = pending.find((candidate) => candidate.interruptId === interruptId);
    if (match !== undefined) return match;
    if (pending.length > 0 && state.answered.has(interruptId)) throw answeredError(pending, threadId, interruptId);
    // Without a local checkpointer (a RemoteGraph) the history cannot be read: the id counts as resolved.
    const search = saver === undefined ? undefined : await searchThreadHistory(saver, threadId, interruptId);
    if (search !== undefined && search.searched === 0) throw unknownThreadError(threadId, "resume");
    // A claim answered it: raised and resolved, however far back (or however its writes were kept).
    if (search !== undefined && !search.raised && !(await wasClaimed(saver, threadId, interruptId))) throw unknownInterruptError(pending, threadId, interruptId, search);
    throw new HITLError("INTERRUPT_ALREADY_RESOLVED", `Interrupt ${interruptId} is not pending on thread "${threadId}": it was already resolved.`, { threadId, interruptId });
  }
  const [first, ...rest] = pending;
  if (first === undefined) {
    // Only a refusal pays for this read: a thread that does not exist is not one that is not paused.
    if (saver !== undefined && (await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } })) === undefined) throw unknownThreadError(threadId, "resume");
    throw new HITLError("NO_PENDING_INTERRUPT", `Thread "${threadId}" exists but has no pending interrupt to resume: its run is not paused (it finished, or has not paused yet).`, { threadId });
  }
  if (rest.length > 0) {
    const message = `thread "${threadId}" has ${pending.length} pending interrupts; pass \`interruptId\` to say which one was reviewed`;
    throw new HITLError("INVALID_OPTIONS", message, { threadId, details: [{ path: ["interruptId"], message, allowed: pending.map((candidate) => candidate.interruptId) }] });
  }
  return first;
}
