import type { Deadline } from "../time/deadline.js";
import { isRemoteHookError, RemoteHookError } from "./remote-hook-error.js";

/** What classifying a failure needs to know besides the error. */
interface FailureContext {
  backend: string;
  timeoutMs: number;
  /** Whether the remote hook itself was closed (rather than the run cancelled). */
  closed: boolean;
}

/**
 * Names the class of a failed remote call. The deadline and cancellation decide first —
 * whatever the transport threw on being aborted is only a consequence — then a failure the
 * transport or the parser already classified, then anything else counts as `transport`.
 */
export function classifyFailure(error: unknown, deadline: Deadline, context: FailureContext): RemoteHookError {
  if (deadline.expired()) return new RemoteHookError(context.backend, "deadline_exceeded", `no valid answer within ${context.timeoutMs} ms`);
  if (deadline.signal.aborted) {
    const detail = context.closed ? "the remote hook was closed" : "the run was cancelled before the backend answered";
    return new RemoteHookError(context.backend, "cancelled", detail);
  }
  if (isRemoteHookError(error)) return error;
  return new RemoteHookError(context.backend, "transport", "the backend could not be reached", { cause: error });
}
