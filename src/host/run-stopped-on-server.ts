import { HITLError } from "../errors/hitl-error.js";

/**
 * The error for a run the Agent Server stopped before it ended — cancelled (`runs.cancel`), or
 * interrupted or rolled back by a run another client sent to the thread with
 * `multitask_strategy` "interrupt" / "rollback": `RUN_ABORTED`, as for a run its caller stopped.
 *
 * @param threadId - The thread, put on the error.
 * @param cause - What the server sent for it, when it sent anything.
 * @returns The `RUN_ABORTED` error.
 * @example
 * ```ts
 * throw runStoppedOnServer("t1", error);
 * ```
 */
export function runStoppedOnServer(threadId: string | undefined, cause?: unknown): HITLError {
  const message =
    "The run was stopped on the Agent Server before it ended (cancelled, or interrupted or rolled back by a run another client sent to the thread). " +
    "What the server had saved stays saved. Decisions the node had claimed stand: a call that was running is answered as such and never run again, " +
    "and the next resume completes the batch with them. Read the thread (getInterrupt) before sending anything again.";
  return new HITLError("RUN_ABORTED", message, { ...(threadId === undefined ? {} : { threadId }), ...(cause === undefined ? {} : { cause }) });
}
