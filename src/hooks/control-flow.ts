import { isGraphBubbleUp, isGraphInterrupt } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";

/**
 * Whether a hook's failure is LangGraph control flow (an `interrupt()`, `askUserQuestion()`,
 * a `ParentCommand`…) rather than an error of the hook's own: that must never be read as
 * "the hook threw".
 *
 * @param error - What the hook threw.
 * @returns Whether it is one of LangGraph's bubble-up signals.
 * @example
 * ```ts
 * isControlFlow(new GraphInterrupt()); // true
 * ```
 */
export function isControlFlow(error: unknown): boolean {
  return isGraphBubbleUp(error as Error | undefined);
}

/** Which seat a hook ran in, and for which call. */
export interface HookSeat {
  event: string;
  toolName?: string | undefined;
  toolCallId?: string | undefined;
}

/**
 * The error a hook seat raises when a hook tried to pause the run. A hook cannot pause: the
 * node asks a person for the whole batch in one interrupt, and a second `interrupt()` inside
 * it would take the resume value meant for the batch. Any other control flow (a
 * `ParentCommand`…) is returned as it was, to be rethrown unchanged.
 *
 * @param error - What the hook threw; {@link isControlFlow} holds for it.
 * @param where - The seat and the call it concerns.
 * @returns A `HOOK_CANNOT_PAUSE` {@link HITLError} for an interrupt, else `error` itself.
 * @example
 * ```ts
 * if (outcome.status === "failed" && isControlFlow(outcome.error)) throw hookControlFlowError(outcome.error, { event: "PreToolUse", toolCallId });
 * ```
 */
export function hookControlFlowError(error: unknown, where: HookSeat): unknown {
  if (!isGraphInterrupt(error)) return error;
  const advice =
    where.event === "PreToolUse"
      ? 'To have a person approve the call, return { decision: "ask" } from the hook (or tool.requestApproval()).'
      : 'Observers run after the tools; to have a person approve a call before it runs, return { decision: "ask" } from a PreToolUse hook.';
  const about = where.toolName === undefined ? "" : ` for ${where.toolName}${where.toolCallId ? ` (${where.toolCallId})` : ""}`;
  const message = `A ${where.event} hook${about} tried to pause the run with interrupt() or askUserQuestion(); hooks cannot pause. ${advice}`;
  return new HITLError("HOOK_CANNOT_PAUSE", message, {
    // Only a PreToolUse hook decides; an observer's answer changes nothing, so it has no decisions to list.
    details: [{ ...(where.toolCallId ? { toolCallId: where.toolCallId } : {}), path: [where.event], message, ...(where.event === "PreToolUse" ? { allowed: ["allow", "deny", "ask", "skip"] } : {}) }],
    cause: error,
  });
}
