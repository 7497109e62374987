import { answeredRaiseOf, type StoredInterrupt } from "../langgraph/index.js";

/** Anything this library raises again with an `error` when what answered it was refused. */
interface RefusablePayload {
  error?: unknown;
}

/**
 * The interrupt the task last raised, when it was raised again with an `error` (what answered
 * the raise before it was refused) and this pass holds the answer to it: which raise of the task
 * it was, and the payload as stored. Every answer to an earlier raise of the same request was
 * refused by the pass it reached, which was shown to the person: a later pass takes those answers
 * without judging them again. Call it inside the running task.
 *
 * @param stored - The interrupts the task raised last, as stored.
 * @param isKind - Which payloads count (approvals: a refused question answer is never kept, see `raiseUntilAnswered`).
 * @returns The raise and the payload, or `undefined` when nothing was refused or the stored raise is none this pass holds an answer for.
 * @example
 * ```ts
 * const shown = shownAgain(await readStoredInterrupts(task), isToolApprovalInterrupt); // { raise: 2, payload }
 * ```
 */
export function shownAgain<T extends RefusablePayload>(stored: readonly StoredInterrupt[], isKind: (value: unknown) => value is T): { raise: number; payload: T } | undefined {
  for (const { id, value } of stored) {
    if (!isKind(value) || value.error === undefined) continue;
    const raise = answeredRaiseOf(id);
    if (raise !== undefined) return { raise, payload: value };
  }
  return undefined;
}
