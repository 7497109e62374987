import { HITLError, isHITLError } from "../errors/hitl-error.js";
import { remoteConnectionFailed, remoteHttpStatus, remoteThreadBusy } from "../langgraph/index.js";
import { isRemoteGraph } from "./remote-graph.js";

/** What a failed request of a `RemoteGraph` means for the caller: before anything was sent, or after a run was. */
type AgentServerStage = "read" | "run";

const CONSEQUENCE: Record<AgentServerStage, string> = {
  read: "nothing was sent. Try again once it answers.",
  run:
    "the run had been sent, so whether the server went through with it is unknown. Read the thread before sending it again: " +
    "a second submission for an approval already answered is never applied (refused, or reported superseded).",
};

function failureOf(error: unknown): { what: string; received: number | string } | undefined {
  // The SDK says so for a refused connection and for one cut while a run streamed alike.
  if (remoteConnectionFailed(error)) return { what: "the connection to it failed", received: "connection failed" };
  const status = remoteHttpStatus(error);
  return status === undefined ? undefined : { what: `it answered HTTP ${status}`, received: status };
}

/**
 * The typed error for a `RemoteGraph` request that failed at the Agent Server rather than in the
 * graph: `THREAD_BUSY` when the server refused a run because the thread is running another one
 * (nothing of this submission was sent), `AGENT_SERVER_FAILED` when it could not be reached, the
 * connection was cut, or it answered with an HTTP error. An error the server's run raised (a
 * tool's, a node's) and this library's own errors are not its to judge: `undefined`.
 *
 * @param error - What the SDK or `RemoteGraph` threw.
 * @param stage - `"read"` when nothing had been sent, `"run"` when a run was.
 * @param threadId - The thread, put on the error.
 * @returns The error to throw instead, or `undefined` to rethrow `error` as it is.
 * @example
 * ```ts
 * const state = await graph.getState(config).catch((error) => { throw agentServerFailure(error, "read", threadId) ?? error; });
 * ```
 */
export function agentServerFailure(error: unknown, stage: AgentServerStage, threadId?: string): HITLError | undefined {
  if (isHITLError(error)) return undefined;
  const where = threadId === undefined ? {} : { threadId };
  if (stage === "run" && remoteThreadBusy(error)) {
    const message = "the Agent Server refused the run: the thread is running another one (another submission for it, or a run of the thread). Nothing of this submission was sent; read the thread and try again";
    return new HITLError("THREAD_BUSY", `${message}.`, { ...where, details: [{ path: ["configurable", "thread_id"], message, ...(threadId === undefined ? {} : { received: threadId }) }], cause: error });
  }
  const failure = failureOf(error);
  if (failure === undefined) return undefined;
  const message = `the Agent Server failed: ${failure.what}`;
  return new HITLError("AGENT_SERVER_FAILED", `The Agent Server failed (${failure.what}): ${CONSEQUENCE[stage]}`, { ...where, details: [{ path: ["graph"], message, received: failure.received }], cause: error });
}

/**
 * What to throw for `error` from a request of `graph`, which may be a compiled graph or a
 * `RemoteGraph`: {@link agentServerFailure}'s typed error for a `RemoteGraph`'s failing server,
 * otherwise `error` as it is.
 *
 * @example
 * ```ts
 * const state = await graph.getState(config).catch((error) => { throw failureOfGraph(graph, error, "read", threadId); });
 * ```
 */
export function failureOfGraph(graph: unknown, error: unknown, stage: AgentServerStage, threadId?: string): unknown {
  return (isRemoteGraph(graph) ? agentServerFailure(error, stage, threadId) : undefined) ?? error;
}
