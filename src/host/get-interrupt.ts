import type { RunnableConfig } from "@langchain/core/runnables";
import type { HumanInterruptPayload, RunInterruptResult } from "../payload/types.js";
import { requireThreadId, type HITLGraph } from "./graph-types.js";
import { pendingInterrupt, type PendingInterrupt } from "./pending-interrupt.js";
import { agentServerFailure } from "./agent-server-failure.js";
import { isRemoteGraph, isUnknownRemoteThread } from "./remote-graph.js";
import { saverForThread } from "./thread-state.js";
import { unknownThreadError } from "./unknown-thread.js";

/** An interrupt as a task lists it: `id` from a compiled graph, `interrupt_id` from a `RemoteGraph`. */
type TaskInterrupt = { id?: unknown; interrupt_id?: unknown; value?: unknown };

function interruptIdOf(entry: TaskInterrupt): string | undefined {
  const id = entry.id ?? entry.interrupt_id;
  return typeof id === "string" ? id : undefined;
}

/**
 * Internal: every pending interrupt of the thread, from the graph's state (in LangGraph's task
 * order; `resume()` reads the same facts from the pending writes, see `readThreadState`). Refuses
 * a graph without a checkpointer or a config without a thread the way `resume()` does, so a host
 * learns it before resuming, and a thread nothing was checkpointed under with `UNKNOWN_THREAD`.
 */
export async function readPendingInterrupts<TPayload>(graph: HITLGraph, config: RunnableConfig, caller = "getInterrupts()"): Promise<Array<PendingInterrupt<TPayload>>> {
  const threadId = requireThreadId(config, caller);
  const remote = isRemoteGraph(graph);
  // A RemoteGraph keeps its checkpointer on the server.
  if (!remote) saverForThread(graph, threadId, "read");
  const state = await graph.getState(config).catch((error: unknown) => {
    if (!remote) throw error;
    throw isUnknownRemoteThread(error) ? unknownThreadError(threadId, "read", error) : (agentServerFailure(error, "read", threadId) ?? error);
  });
  // A compiled graph's state of a thread with no checkpoint has no creation time (the server says 404 instead).
  if (!remote && state.createdAt === undefined) throw unknownThreadError(threadId, "read");
  return interruptsPendingIn<TPayload>(state, threadId);
}

/**
 * Internal: the interrupts waiting in a graph's state (`graph.getState()`), in LangGraph's task
 * order. Finished tasks keep the interrupt they already answered; only tasks without a result
 * are waiting (a compiled graph leaves `result` undefined, a RemoteGraph sends null).
 */
export function interruptsPendingIn<TPayload>(state: { tasks: ReadonlyArray<{ id: string; result?: unknown; interrupts?: unknown[] }> }, threadId: string): Array<PendingInterrupt<TPayload>> {
  return state.tasks
    .filter((task) => task.result === undefined || task.result === null)
    .flatMap((task) =>
      ((task.interrupts ?? []) as TaskInterrupt[]).flatMap((entry) => {
        const interruptId = interruptIdOf(entry);
        if (interruptId === undefined) return [];
        return [pendingInterrupt<TPayload>({ interruptId, threadId, taskId: task.id, value: entry.value })];
      }),
    );
}

function publicView<TPayload>(pending: PendingInterrupt<TPayload>): RunInterruptResult<TPayload> {
  const { taskId: _taskId, ...result } = pending;
  return result;
}

/**
 * Every pending interrupt of a thread, read from the checkpointer (so it works from a fresh
 * process). Several can be pending at once, e.g. `createReactAgent({ version: "v2" })` runs
 * one task per tool call.
 *
 * @param graph - A compiled graph with a checkpointer, or a `RemoteGraph` (a graph deployed on
 * LangGraph Agent Server).
 * @param config - `{ configurable: { thread_id } }`.
 * @returns The pending interrupts, possibly none (the thread exists and is not paused).
 * @throws {HITLError} `MISSING_CHECKPOINTER` when the graph has no checkpointer; `INVALID_OPTIONS`
 * when `config` has no `thread_id`; `UNKNOWN_THREAD` when nothing was ever checkpointed under that
 * `thread_id` (a typo, a deleted thread) — the same errors {@link resume} gives; for a
 * `RemoteGraph`, `AGENT_SERVER_FAILED` when its server could not be reached or answered an HTTP error.
 * @example
 * ```ts
 * for (const pending of await getInterrupts(graph, { configurable: { thread_id } })) console.log(pending.payload);
 * ```
 */
export async function getInterrupts<TPayload = HumanInterruptPayload>(
  graph: HITLGraph,
  config: RunnableConfig,
): Promise<Array<RunInterruptResult<TPayload>>> {
  return (await readPendingInterrupts<TPayload>(graph, config)).map(publicView);
}

/**
 * The pending human interrupt of a thread, or `undefined` when the thread is not paused.
 * When several are pending, the first; use {@link getInterrupts} to see them all.
 *
 * @param graph - A compiled graph with a checkpointer, or a `RemoteGraph`.
 * @param config - `{ configurable: { thread_id } }`.
 * @returns `{ interruptId, threadId, payload }`, or `undefined` when the thread exists and is not paused.
 * @throws {HITLError} `MISSING_CHECKPOINTER` when the graph has no checkpointer; `INVALID_OPTIONS`
 * when `config` has no `thread_id`; `UNKNOWN_THREAD` when nothing was ever checkpointed under that
 * `thread_id` (a typo, a deleted thread) — the same errors {@link resume} gives; for a
 * `RemoteGraph`, `AGENT_SERVER_FAILED` when its server could not be reached or answered an HTTP error.
 * @example
 * ```ts
 * const pending = await getInterrupt(graph, config);
 * if (pending && isToolApprovalInterrupt(pending.payload)) showApproval(pending);
 * ```
 */
export async function getInterrupt<TPayload = HumanInterruptPayload>(
  graph: HITLGraph,
  config: RunnableConfig,
): Promise<RunInterruptResult<TPayload> | undefined> {
  return (await readPendingInterrupts<TPayload>(graph, config, "getInterrupt()")).map(publicView)[0];
}
