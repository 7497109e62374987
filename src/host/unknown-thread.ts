import { HITLError } from "../errors/hitl-error.js";

/**
 * The error for a `thread_id` nothing was ever checkpointed under (a typo, a deleted thread, an
 * id from another deployment): told apart from a thread that exists and is not paused
 * (`NO_PENDING_INTERRUPT`) and from an interrupt id the thread never raised (`UNKNOWN_INTERRUPT`).
 *
 * @param threadId - The thread the caller named.
 * @param attempt - What the caller tried, for the message: `"resume"` or `"read"`.
 * @param cause - The server's refusal, for a deployed graph.
 * @param why - What the id likely is, for the message.
 * @returns An `UNKNOWN_THREAD` {@link HITLError} with a detail at `["configurable", "thread_id"]`.
 * @example
 * ```ts
 * if (tuple === undefined) throw unknownThreadError(threadId, "resume");
 * ```
 */
export function unknownThreadError(threadId: string, attempt: "resume" | "read", cause?: unknown, why = "a typo, or a thread that was deleted?"): HITLError {
  const message = `nothing was ever checkpointed under thread_id "${threadId}", so there is no thread to ${attempt}: check the id passed as \`configurable.thread_id\` (${why})`;
  return new HITLError("UNKNOWN_THREAD", `No such thread: ${message}.`, {
    threadId,
    details: [{ path: ["configurable", "thread_id"], message, received: threadId }],
    ...(cause === undefined ? {} : { cause }),
  });
}
