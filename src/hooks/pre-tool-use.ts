import { isHITLError } from "../errors/hitl-error.js";
import type { ToolApprovalDecisionType, ToolInput } from "../payload/types.js";
import { hookControlFlowError, isControlFlow } from "./control-flow.js";
import type { HookRegistry } from "./hook-registry.js";
import { reportHookError } from "./report-hook-error.js";
import type { RunCancellation } from "./run-signal.js";
import { parseHookResult } from "./result-schemas.js";
import { runBounded } from "./time-bound.js";
import type { HookErrorHandler, PreToolUseResult } from "./types.js";

/** Why a PreToolUse seat produced no usable answer. Each one denies the call. */
type HookFailureKind = "error" | "timeout" | "cancelled" | "invalid_result";

/** The folded answer of every PreToolUse hook that matched one call. */
export interface PreToolUseVerdict {
  /** `allow` also stands for "no hook had an opinion". */
  decision: "allow" | "deny" | "ask" | "skip";
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

/** What one call is screened with. */
interface PreToolUseRequest {
  toolName: string;
  toolInput: ToolInput;
  toolCallId: string;
  threadId: string | undefined;
  runSignal: RunCancellation | undefined;
  reviewed: boolean;
  onHookError: HookErrorHandler;
}

const SEVERITY = { allow: 0, ask: 1, skip: 2, deny: 3 } as const;

function copyInput(input: ToolInput): ToolInput {
  try {
    return structuredClone(input);
  } catch {
    return JSON.parse(JSON.stringify(input)) as ToolInput;
  }
}

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

function fold(verdict: PreToolUseVerdict, result: PreToolUseResult): PreToolUseVerdict {
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

/**
 * Runs the PreToolUse hooks that match one call, in registration order, each under its own
 * bound, and folds their answers: `deny` > `skip` > `ask` > `allow`; each `updatedInput`
 * replaces the input the next hook sees. A hook that throws, times out, is cancelled or
 * answers off-contract denies the call (fail closed), stops the screening, and is reported
 * to `onHookError`. A hook that tries to pause the run (`interrupt()`) is refused: the screening
 * rejects with `HOOK_CANNOT_PAUSE`; other LangGraph control flow is rethrown unchanged.
 *
 * @param start - The verdict before any hook ran (e.g. from `interruptOn`).
 */
export async function runPreToolUse(
  registry: HookRegistry | undefined,
  request: PreToolUseRequest,
  start: PreToolUseVerdict,
): Promise<PreToolUseVerdict> {
  let verdict = start;
  for (const hook of registry?.hooksFor("PreToolUse", request.toolName) ?? []) {
    const outcome = await runBounded(
      (signal) =>
        hook.callback({
          event: "PreToolUse",
          toolName: request.toolName,
          toolInput: copyInput(verdict.input),
          toolCallId: request.toolCallId,
          threadId: request.threadId,
          reviewed: request.reviewed,
          get signal() {
            return signal();
          },
          reportError: (error: unknown) =>
            reportHookError(request.onHookError, error, { event: "PreToolUse", toolName: request.toolName, toolCallId: request.toolCallId }),
        }),
      { timeoutMs: hook.timeoutMs, runSignal: request.runSignal, onRunAbort: "end" },
    );
    let failure: NonNullable<PreToolUseVerdict["failure"]>;
    if (outcome.status === "answered") {
      const parsed = parseHookResult("PreToolUse", outcome.value);
      if (parsed.ok) {
        verdict = fold(verdict, (parsed.value ?? {}) as PreToolUseResult);
        if (verdict.decision === "deny" || verdict.cancel !== undefined) return verdict;
        continue;
      }
      failure = { kind: "invalid_result", message: describeFailure("invalid_result", hook.timeoutMs, parsed.message) };
    } else if (outcome.status === "failed" && isControlFlow(outcome.error)) {
      // Never swallow LangGraph control flow as "the hook threw": nothing of the batch has run yet.
      throw hookControlFlowError(outcome.error, { event: "PreToolUse", toolName: request.toolName, toolCallId: request.toolCallId });
    } else if (outcome.status === "failed") {
      const detail = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      failure = { kind: "error", message: describeFailure("error", hook.timeoutMs, detail) };
    } else {
      const kind = outcome.status === "timed_out" ? "timeout" : "cancelled";
      failure = { kind, message: describeFailure(kind, hook.timeoutMs, "") };
    }
    // A typed error the hook threw is reported as is (its code and fields matter to the host).
    const reported = outcome.status === "failed" && isHITLError(outcome.error) ? outcome.error : new Error(failure.message, { cause: outcome.status === "failed" ? outcome.error : undefined });
    reportHookError(request.onHookError, reported, {
      event: "PreToolUse",
      toolName: request.toolName,
      toolCallId: request.toolCallId,
    });
    return { ...verdict, decision: "deny", reason: failure.message, failure };
  }
  return verdict;
}
