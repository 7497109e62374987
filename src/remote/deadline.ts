import { isRemoteHookError, RemoteHookError } from "./remote-hook-error.js";

/** One call's deadline, combined with the signals that may cancel it earlier. */
export interface Deadline {
  /** Fires at the deadline or when any parent signal fires. */
  readonly signal: AbortSignal;
  /** Whether the deadline itself (not a parent) ended the call; also true once the time is up, even if the timer has not fired yet. */
  expired(): boolean;
  dispose(): void;
}

/** Starts a deadline of `timeoutMs` that also ends when any of `parents` aborts. */
export function startDeadline(timeoutMs: number, parents: readonly AbortSignal[]): Deadline {
  const controller = new AbortController();
  const expiresAt = Date.now() + timeoutMs;
  const expire = (): void => controller.abort(new DOMException("the policy backend's deadline passed", "TimeoutError"));
  const timer = setTimeout(expire, timeoutMs);
  return {
    signal: AbortSignal.any([controller.signal, ...parents]),
    expired: () => {
      // An answer processed after the time is up is late even if the timer has not run yet.
      if (!controller.signal.aborted && Date.now() >= expiresAt && !parents.some((parent) => parent.aborted)) expire();
      return controller.signal.aborted;
    },
    dispose: () => clearTimeout(timer),
  };
}

/** What classifying a failure needs to know besides the error. */
export interface FailureContext {
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
