import { isHITLError, type HITLErrorCode } from "../errors/hitl-error.js";

/** Refusals that mean the approval was resolved by someone else first, or its thread is gone. */
const RESOLVED_ELSEWHERE: readonly HITLErrorCode[] = ["INTERRUPT_ALREADY_RESOLVED", "INTERRUPT_MISMATCH", "NO_PENDING_INTERRUPT", "UNKNOWN_INTERRUPT", "UNKNOWN_THREAD"];

/**
 * Whether an expiry's resume was refused because the approval is no longer pending: someone
 * else resolved it first (a reviewer, another replica's expiry) or the thread was deleted.
 * Nothing is left to expire.
 *
 * @param error - What the expiry's resume threw.
 * @returns `true` for `INTERRUPT_ALREADY_RESOLVED`, `INTERRUPT_MISMATCH`, `NO_PENDING_INTERRUPT`,
 * `UNKNOWN_INTERRUPT` and `UNKNOWN_THREAD`.
 * @example
 * ```ts
 * resolvedElsewhere(new HITLError("INTERRUPT_ALREADY_RESOLVED", "resolved")); // true
 * ```
 */
export function resolvedElsewhere(error: unknown): boolean {
  return RESOLVED_ELSEWHERE.some((code) => isHITLError(error, code));
}

/**
 * Whether an expiry's resume was refused for now, not for good: the approval's thread is busy
 * with another run (a reviewer's slow tool, another replica's pass) or its run was stopped on the
 * Agent Server by another client. The approval may still be pending; a later try settles it.
 *
 * @param error - What the expiry's resume threw.
 * @returns `true` for `THREAD_BUSY` and `RUN_ABORTED`.
 * @example
 * ```ts
 * busyForNow(new HITLError("THREAD_BUSY", "busy")); // true
 * ```
 */
export function busyForNow(error: unknown): boolean {
  return isHITLError(error, "THREAD_BUSY") || isHITLError(error, "RUN_ABORTED");
}

/**
 * Whether a `RemoteGraph`'s expiry was refused before it was sent because, by this host's clock,
 * the deadline had not passed: `resumeRemote` then checks the empty answer as decisions and
 * refuses it (`INVALID_DECISION`); past the deadline the value goes to the server's node, which
 * judges the deadline by its own clock. The approval is not expired yet.
 *
 * @param error - What the remote expiry's resume threw.
 * @returns `true` for `INVALID_DECISION`.
 * @example
 * ```ts
 * notYetDueHere(await resumeRemote(graph, config, [], { interruptId }).catch((e) => e)); // true before the deadline
 * ```
 */
export function notYetDueHere(error: unknown): boolean {
  return isHITLError(error, "INVALID_DECISION");
}
