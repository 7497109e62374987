import { isHITLError } from "../errors/hitl-error.js";
import type { ToolApprovalDecisionType, ToolInput } from "../payload/types.js";
import { isControlFlow } from "./control-flow.js";
import { parseHookResult } from "./result-schemas.js";
import type { BoundedOutcome } from "./time-bound.js";
import type { PreToolUseResult } from "./types.js";
import { thrownText } from "../errors/thrown-text.js";

/** Why a PreToolUse hook produced no usable answer. In charge, each one denies the call. */
export type HookFailureKind = "error" | "timeout" | "cancelled" | "invalid_result";

/** What `PreToolUse` screening can decide about one call. */
export type ScreeningDecision = "allow" | "deny" | "ask" | "skip";

/** The folded answer of every PreToolUse hook that matched one call. */
export interface PreToolUseVerdict {
  /** `allow` also stands for "no hook had an opinion". */
  decision: ScreeningDecision;
  /** The arguments as sent, after every `updatedInput`, in registration order. */
  input: ToolInput;
  reason?: string;
  description?: string;
  allowedDecisions?: ToolApprovalDecisionType[];
  /** The earliest `expiresInMs` of the hooks that asked. */
  expiresInMs?: number;
  /** Texts the model sees with the result, in registration order. */
  additionalContext: string[];
  /** Set by the first hook that asked to halt the run after this batch. */
  halt?: { reason: string };
  /** Set by the first hook that cancelled the run. */
  cancel?: { reason: string };
  /** Set when the call is denied because a hook failed rather than decided. */
  failure?: { kind: HookFailureKind; message: string };
}

/** How one PreToolUse invocation ended, once its answer is checked. */
type SettledAnswer =
  | { status: "answered"; result: PreToolUseResult | undefined }
  /** LangGraph control flow (an `interrupt()`…): never read as "the hook threw". */
  | { status: "control_flow"; error: unknown }
  /** No usable answer; `reported` is what `onHookError` is given. */
  | { status: "failed"; failure: { kind: HookFailureKind; message: string }; reported: unknown };

const SEVERITY = { allow: 0, ask: 1, skip: 2, deny: 3 } as const;

function describeFailure(kind: HookFailureKind, timeoutMs: number, detail: string): string {
  switch (kind) {
    case "timeout":
      return `the policy hook did not answer within ${timeoutMs} ms`;
    case "cancelled":
      return "the run was cancelled while the policy hook was still deciding";
    case "invalid_result":
      return `the policy hook returned an invalid answer (${detail})`;
    case "error":
      return `the policy hook threw: ${detail}`;
  }
}

/**
 * Checks how one bounded PreToolUse invocation ended: an answer that fits the contract, LangGraph
 * control flow, or a failure described in the words the model and `onHookError` see.
 *
 * @param outcome - What {@link runBounded} returned.
 * @param timeoutMs - The invocation's bound, for a timeout's description.
 * @example
 * ```ts
 * settleAnswer({ status: "timed_out" }, 2_000); // { status: "failed", failure: { kind: "timeout", message: "the policy hook did not answer within 2000 ms" }, … }
 * ```
 */
export function settleAnswer(outcome: BoundedOutcome<unknown>, timeoutMs: number): SettledAnswer {
  let failure: { kind: HookFailureKind; message: string };
  if (outcome.status === "answered") {
    const parsed = parseHookResult("PreToolUse", outcome.value);
    if (parsed.ok) return { status: "answered", result: parsed.value as PreToolUseResult | undefined };
    failure = { kind: "invalid_result", message: describeFailure("invalid_result", timeoutMs, parsed.message) };
  } else if (outcome.status === "failed" && isControlFlow(outcome.error)) {
    return { status: "control_flow", error: outcome.error };
  } else if (outcome.status === "failed") {
    const detail = thrownText(outcome.error);
    failure = { kind: "error", message: describeFailure("error", timeoutMs, detail) };
  } else {
    const kind = outcome.status === "timed_out" ? "timeout" : "cancelled";
    failure = { kind, message: describeFailure(kind, timeoutMs, "") };
  }
  // A typed error the hook threw is reported as is (its code and fields matter to the host).
  const reported = outcome.status === "failed" && isHITLError(outcome.error) ? outcome.error : new Error(failure.message, { cause: outcome.status === "failed" ? outcome.error : undefined });
  return { status: "failed", failure, reported };
}

function intersect(a: ToolApprovalDecisionType[] | undefined, b: ToolApprovalDecisionType[] | undefined): ToolApprovalDecisionType[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const both = a.filter((type) => b.includes(type));
  // Two hooks that agree on nothing leave the reviewer only the safe choice.
  return both.length > 0 ? both : ["reject"];
}

function foldRunStop(verdict: PreToolUseVerdict, result: PreToolUseResult): void {
  if (result.cancelRun !== undefined) verdict.cancel ??= { reason: result.cancelRun };
  if (result.preventContinuation === true) verdict.halt ??= { reason: result.stopReason ?? "halted by a PreToolUse hook" };
  if (result.additionalContext !== undefined) verdict.additionalContext = [...verdict.additionalContext, result.additionalContext];
}

/**
 * Folds one hook's answer into the verdict so far: `deny` > `skip` > `ask` > `allow`; an
 * `updatedInput` replaces the input; `ask` settings narrow; the first halt and cancel win.
 *
 * @returns A new verdict; `verdict` is not changed.
 * @example
 * ```ts
 * foldAnswer({ decision: "allow", input, additionalContext: [] }, { decision: "ask", reason: "large refund" }).decision; // "ask"
 * ```
 */
export function foldAnswer(verdict: PreToolUseVerdict, result: PreToolUseResult): PreToolUseVerdict {
  const next: PreToolUseVerdict = { ...verdict };
  if (result.updatedInput !== undefined) next.input = result.updatedInput;
  foldRunStop(next, result);
  const decision = result.decision;
  if (decision === undefined || SEVERITY[decision] < SEVERITY[verdict.decision]) return next;
  if (decision === "ask") {
    const allowed = intersect(verdict.allowedDecisions, result.allowedDecisions);
    if (allowed !== undefined) next.allowedDecisions = allowed;
    const description = next.description ?? result.description ?? result.reason;
    if (description !== undefined) next.description = description;
    if (result.expiresInMs !== undefined) next.expiresInMs = Math.min(result.expiresInMs, verdict.expiresInMs ?? Infinity);
  }
  if (SEVERITY[decision] > SEVERITY[verdict.decision]) {
    next.decision = decision;
    if (result.reason !== undefined) next.reason = result.reason;
  }
  return next;
}
