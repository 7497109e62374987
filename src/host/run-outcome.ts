import { isHITLError } from "../errors/hitl-error.js";
import type { RunnableConfig } from "@langchain/core/runnables";
import { isGraphDrained, isGraphInterrupt } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";
import { decodeStop, type RunStop } from "../protocol/stop-reason.js";
import { withDigests } from "../payload/digest.js";
import type { HumanInterruptPayload, RunInterruptResult } from "../payload/types.js";
import { insideMiddlewareErrors, remoteDrainReason, remoteRunRolledBack, runnerFor, unknownInterruptOf } from "../langgraph/index.js";
import type { HITLGraph } from "./graph-types.js";
import { agentServerFailure, failureOfGraph } from "./agent-server-failure.js";
import { isRemoteGraph } from "./remote-graph.js";
import { runStoppedOnServer } from "./run-stopped-on-server.js";

/** Why a run stopped early because a hook asked it to. */
export type RunHalt = Omit<RunStop, "kind">;

/** What a run (started or resumed) ended with. */
export interface RunOutcome<TValues = Record<string, unknown>> {
  /** The graph's values when the run stopped (finished, paused, or halted). */
  values: TValues;
  /** The next pending human interrupt, when the run paused. */
  interrupt?: RunInterruptResult;
  /** Every interrupt pending when the run stopped. */
  interrupts: RunInterruptResult[];
  /** Set when a hook halted the run (`preventContinuation`): the model was not called again. */
  halted?: RunHalt;
}

function splitResult(result: unknown, threadId: string | undefined): { values: Record<string, unknown>; interrupts: RunInterruptResult[] } {
  const { __interrupt__: raised, ...values } = (result ?? {}) as Record<string, unknown> & { __interrupt__?: Array<{ id?: string; value?: unknown }> };
  const interrupts = (raised ?? [])
    .filter((entry) => typeof entry.id === "string")
    .map((entry) => ({ interruptId: entry.id as string, ...(threadId === undefined ? {} : { threadId }), payload: withDigests(entry.value) as HumanInterruptPayload }));
  return { values, interrupts };
}

/** The stop a hook requested, when `error` is the drain LangGraph raised for it (here, or on the Agent Server behind a `RemoteGraph`). */
function stopOf(error: unknown): RunStop | undefined {
  return decodeStop(isGraphDrained(error) ? (error as { reason?: unknown }).reason : remoteDrainReason(error));
}

/**
 * Whether `error` means a hook cancelled the run: a `RUN_CANCELLED` {@link HITLError}, or the
 * LangGraph `GraphDrained` a raw `graph.invoke` rejects with when the cancel came after the
 * batch's tools had run (their results are kept).
 *
 * @example
 * ```ts
 * try { await graph.invoke(input, config); } catch (e) { if (isRunCancelled(e)) return "stopped by policy"; throw e; }
 * ```
 */
export function isRunCancelled(error: unknown): boolean {
  if (error instanceof Error && (error as { name?: string }).name === "HITLError") return (error as HITLError).code === "RUN_CANCELLED";
  return stopOf(error)?.kind === "cancel";
}

/**
 * A `RemoteGraph` reports a paused run by throwing LangGraph's `GraphInterrupt` (carrying the
 * raised interrupts) instead of returning `__interrupt__`; its values are read back from the server.
 */
async function pausedRemoteRun(graph: HITLGraph, error: unknown, config: RunnableConfig): Promise<Record<string, unknown>> {
  const raised = ((error as { interrupts?: unknown }).interrupts ?? []) as unknown[];
  const state = await graph.getState(config);
  return { ...((state.values ?? {}) as Record<string, unknown>), __interrupt__: raised };
}

/**
 * A `RemoteGraph` run that threw: paused (its values read back, with the interrupts it raised),
 * rolled back on the Agent Server (`RUN_ABORTED`), or failed at the server rather than in the
 * graph (thrown typed, see {@link agentServerFailure}); `undefined` for the run's own error,
 * settled as any run's.
 */
async function remoteRunOutcome(graph: HITLGraph, error: unknown, config: RunnableConfig, threadId: string | undefined): Promise<Record<string, unknown> | undefined> {
  try {
    if (isGraphInterrupt(error)) return await pausedRemoteRun(graph, error, config);
  } catch (failed) {
    throw agentServerFailure(failed, "run", threadId) ?? failed;
  }
  if (remoteRunRolledBack(error)) throw runStoppedOnServer(threadId, error);
  const failure = agentServerFailure(error, "run", threadId);
  if (failure !== undefined) throw failure;
  return undefined;
}

/** LangChain's agent wraps what a middleware throws (this library's errors too): the host hands the caller this library's own error. */
function unwrapMiddlewareError(error: unknown): unknown {
  const inner = insideMiddlewareErrors(error);
  return isHITLError(inner) ? inner : error;
}

/**
 * Invokes the graph and settles how the run ended: a hook's halt becomes `halted`, a hook's
 * cancel becomes a `RUN_CANCELLED` error, an interrupt becomes `interrupt`.
 */
export async function invokeAndSettle<TValues>(graph: HITLGraph, input: unknown, config: RunnableConfig, threadId: string | undefined): Promise<RunOutcome<TValues>> {
  return settleRun<TValues>(graph, () => runnerFor(graph, input).invoke(input, config), config, threadId);
}

/**
 * Runs the graph with `run` (which resolves to what `graph.invoke` would: the values, with
 * `__interrupt__` when the run paused) and settles how the run ended, as {@link invokeAndSettle}.
 *
 * @example
 * ```ts
 * const outcome = await settleRun(graph, () => graph.invoke(input, config), config, threadId);
 * ```
 */
export async function settleRun<TValues>(graph: HITLGraph, run: () => Promise<unknown>, config: RunnableConfig, threadId: string | undefined): Promise<RunOutcome<TValues>> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    const error = unwrapMiddlewareError(thrown);
    const paused = isRemoteGraph(graph) ? await remoteRunOutcome(graph, error, config, threadId) : undefined;
    if (paused !== undefined) return settled<TValues>(paused, threadId);
    const refused = refusedResume(error, threadId);
    if (refused !== undefined) throw refused;
    const stop = stopOf(error);
    if (stop === undefined) throw error;
    if (stop.kind === "cancel") {
      throw new HITLError("RUN_CANCELLED", `The run was cancelled by a ${stop.event} hook: ${stop.reason}`, {
        ...(threadId === undefined ? {} : { threadId }),
        details: [{ toolCallId: stop.toolCallId, message: stop.reason }],
        cause: error,
      });
    }
    const state = await graph.getState(config).catch((failed: unknown) => {
      throw failureOfGraph(graph, failed, "run", threadId);
    });
    const { kind: _kind, ...halted } = stop;
    return { values: state.values as TValues, interrupts: [], halted };
  }
  return settled<TValues>(result, threadId);
}

/**
 * LangGraph's strict resume refused the resume before writing anything (`UnknownInterruptError`):
 * the interrupt it named is no longer pending, or it named none while several wait.
 */
function refusedResume(error: unknown, threadId: string | undefined): HITLError | undefined {
  const unknown = unknownInterruptOf(error);
  if (unknown === undefined) return undefined;
  const where = threadId === undefined ? {} : { threadId };
  if (unknown.reason === "not_pending") {
    return new HITLError("INTERRUPT_ALREADY_RESOLVED", `Interrupt ${unknown.interruptIds.join(", ")} is not pending: LangGraph's strict resume refused it before anything ran.`, {
      ...where,
      ...(unknown.interruptIds[0] === undefined ? {} : { interruptId: unknown.interruptIds[0] }),
      cause: error,
    });
  }
  const message = "LangGraph's strict resume refused a resume that names no pending interrupt; pass `interruptId`";
  return new HITLError("INVALID_OPTIONS", message, { ...where, details: [{ path: ["interruptId"], message, allowed: unknown.pendingIds }], cause: error });
}

function settled<TValues>(result: unknown, threadId: string | undefined): RunOutcome<TValues> {
  const { values, interrupts } = splitResult(result, threadId);
  const [next] = interrupts;
  return { values: values as TValues, interrupts, ...(next === undefined ? {} : { interrupt: next }) };
}
