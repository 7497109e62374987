import { z } from "zod";
import { DECISION_TYPES } from "../decisions/decision-schema.js";
import type { ToolApprovalDecisionType } from "../payload/types.js";
import type { HookRegistry } from "./hook-registry.js";
import { runBounded } from "./time-bound.js";
import type { PreToolUseResult } from "./types.js";

/** Why a PreToolUse seat produced no usable answer. Each one denies the call. */
export type HookFailureKind = "error" | "timeout" | "cancelled" | "invalid_result";

/** The folded answer of every PreToolUse hook that matched one call. */
export interface PreToolUseVerdict {
  /** `allow` also stands for "no hook had an opinion". */
  decision: "allow" | "deny" | "ask";
  /** The arguments after every `updatedInput`, in registration order. */
  input: Record<string, unknown>;
  reason?: string;
  description?: string;
  allowedDecisions?: ToolApprovalDecisionType[];
  /** Set when the call is denied because a hook failed rather than decided. */
  failure?: { kind: HookFailureKind; message: string };
}

/** What one call is screened with. */
export interface PreToolUseRequest {
  toolName: string;
  toolInput: Record<string, unknown>;
  toolCallId: string;
  threadId: string | undefined;
  runSignal: AbortSignal | undefined;
  reviewed: boolean;
}

const plainObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  { message: "expected a plain object" },
);

/** A hook's answer crosses a trust boundary (it is deployment code): anything off-contract denies. */
const resultSchema = z.strictObject({
  decision: z.enum(["allow", "deny", "ask"]).optional(),
  reason: z.string().optional(),
  updatedInput: plainObject.optional(),
  allowedDecisions: z.array(z.enum(DECISION_TYPES as [ToolApprovalDecisionType, ...ToolApprovalDecisionType[]])).min(1).optional(),
  description: z.string().optional(),
});

const SEVERITY = { allow: 0, ask: 1, deny: 2 } as const;

function copyInput(input: Record<string, unknown>): Record<string, unknown> {
  try {
    return structuredClone(input);
  } catch {
    return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
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

function fold(verdict: PreToolUseVerdict, result: PreToolUseResult): PreToolUseVerdict {
  const next: PreToolUseVerdict = { ...verdict };
  if (result.updatedInput !== undefined) next.input = result.updatedInput;
  const decision = result.decision;
  if (decision === undefined || SEVERITY[decision] < SEVERITY[verdict.decision]) return next;
  if (decision === "ask") {
    const allowed = intersect(verdict.allowedDecisions, result.allowedDecisions);
    if (allowed !== undefined) next.allowedDecisions = allowed;
    const description = next.description ?? result.description ?? result.reason;
    if (description !== undefined) next.description = description;
  }
  if (SEVERITY[decision] > SEVERITY[verdict.decision]) {
    next.decision = decision;
    if (result.reason !== undefined) next.reason = result.reason;
  }
  return next;
}

/**
 * Runs the PreToolUse hooks that match one call, in registration order, each under its own
 * bound, and folds their answers: `deny` > `ask` > `allow`; each `updatedInput` replaces the
 * input the next hook sees. A hook that throws, times out, is cancelled or answers off-contract
 * denies the call (fail closed) and stops the screening.
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
          signal,
        }),
      { timeoutMs: hook.timeoutMs, runSignal: request.runSignal, onRunAbort: "end" },
    );
    let failure: PreToolUseVerdict["failure"];
    if (outcome.status === "answered") {
      const parsed = resultSchema.safeParse(outcome.value ?? {});
      if (parsed.success) {
        verdict = fold(verdict, parsed.data as PreToolUseResult);
        if (verdict.decision === "deny") return verdict;
        continue;
      }
      failure = { kind: "invalid_result", message: describeFailure("invalid_result", hook.timeoutMs, parsed.error.issues[0]?.message ?? "") };
    } else if (outcome.status === "failed") {
      const detail = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      failure = { kind: "error", message: describeFailure("error", hook.timeoutMs, detail) };
    } else {
      const kind = outcome.status === "timed_out" ? "timeout" : "cancelled";
      failure = { kind, message: describeFailure(kind, hook.timeoutMs, "") };
    }
    return { decision: "deny", input: verdict.input, reason: failure.message, failure };
  }
  return verdict;
}
