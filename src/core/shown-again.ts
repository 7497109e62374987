import { answeredRaiseOf, type StoredInterrupt } from "../langgraph/index.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { ToolApprovalInterruptPayload } from "../payload/types.js";

/**
 * The approval the task last raised, when it was raised again with an `error` (what answered the
 * raise before it was refused) and this pass holds the answer to it: which raise of the task it
 * was, and the payload as stored. Every answer to an earlier raise of the approval was refused by
 * the pass it reached, which was shown to the person: a later pass takes those answers without
 * judging them again. (A refused question answer is never kept: see `raiseUntilAnswered`.) Call
 * it inside the running task.
 *
 * @param stored - The interrupts the task raised last, as stored.
 * @returns The raise and the payload, or `undefined` when nothing was refused or the stored raise is none this pass holds an answer for.
 * @example
 * ```ts
 * const shown = approvalShownAgain(await readStoredInterrupts(task)); // { raise: 2, payload }
 * ```
 */
export function approvalShownAgain(stored: readonly StoredInterrupt[]): { raise: number; payload: ToolApprovalInterruptPayload } | undefined {
  for (const { id, value } of stored) {
    if (!isToolApprovalInterrupt(value) || value.error === undefined) continue;
    const raise = answeredRaiseOf(id);
    if (raise !== undefined) return { raise, payload: value };
  }
  return undefined;
}
