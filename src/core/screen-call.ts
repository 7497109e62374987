import type { ToolCall } from "@langchain/core/messages/tool";
import type { HookRegistry } from "../hooks/hook-registry.js";
import { runPreToolUse, type PreToolUseVerdict } from "../hooks/pre-tool-use.js";
import type { RunCancellation } from "../hooks/run-signal.js";
import type { HookErrorHandler } from "../hooks/types.js";
import { canonicalJson } from "../payload/digest.js";
import type { AskUserQuestionRequest } from "../payload/types.js";
import { questionSchema, type OptionLimits } from "../questions/question-schema.js";
import type { ResolvedNodeOptions } from "./types.js";
import type { Screening, ScreeningNotes } from "./types.js";


/** Everything screening needs besides the call. */
export interface ScreeningContext {
  toolNames: ReadonlySet<string>;
  /** Tools built by `createAskUserQuestionTool`, with their option limits. */
  questionTools: ReadonlyMap<string, OptionLimits>;
  interruptOn: ResolvedNodeOptions["interruptOn"];
  hooks: HookRegistry | undefined;
  threadId: string | undefined;
  runSignal: RunCancellation | undefined;
  onHookError: HookErrorHandler;
}

/**
 * What hooks and reviewers see for a call the model sent without an arguments object (none,
 * `null`, a string…): no arguments. It is a marker, not an invention: an outcome whose
 * arguments are still this object runs with exactly what the model sent, so the tool answers
 * with its own schema error, as under `ToolNode`.
 */
export const NO_ARGUMENTS: Record<string, unknown> = Object.freeze({});

/** The call's arguments for screening: its own object, or {@link NO_ARGUMENTS}. */
export function screenedArgs(call: ToolCall): Record<string, unknown> {
  const args: unknown = call.args;
  return typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : NO_ARGUMENTS;
}

function startingVerdict(call: ToolCall, context: ScreeningContext): PreToolUseVerdict {
  const input = screenedArgs(call);
  const declared = context.interruptOn.get(call.name);
  if (declared === undefined) return { decision: "allow", input, additionalContext: [] };
  return {
    decision: "ask",
    input,
    additionalContext: [],
    allowedDecisions: [...declared.allowedDecisions],
    ...(declared.description === undefined ? {} : { description: declared.description }),
    ...(declared.expiresInMs === undefined ? {} : { expiresInMs: declared.expiresInMs }),
  };
}

function notesOf(verdict: PreToolUseVerdict): ScreeningNotes {
  return {
    additionalContext: verdict.additionalContext,
    ...(verdict.halt === undefined ? {} : { halt: verdict.halt }),
    ...(verdict.cancel === undefined ? {} : { cancel: verdict.cancel }),
  };
}

function request(call: ToolCall, args: Record<string, unknown>, context: ScreeningContext, reviewed: boolean) {
  return {
    toolName: call.name,
    toolInput: args,
    toolCallId: call.id ?? "",
    threadId: context.threadId,
    runSignal: context.runSignal,
    onHookError: context.onHookError,
    reviewed,
  };
}

/**
 * Screens one call through `interruptOn` and the PreToolUse hooks. Calls to tools the node
 * does not have are not screened: they cannot run, and `ToolNode` answers them with its
 * own "not found" error.
 */
export async function screenCall(call: ToolCall, context: ScreeningContext): Promise<Screening> {
  if (!context.toolNames.has(call.name)) return { kind: "unknown_tool", call, notes: { additionalContext: [] } };
  const start = startingVerdict(call, context);
  if ((context.hooks?.hooksFor("PreToolUse", call.name).length ?? 0) === 0) return fromVerdict(call, start, context);
  const verdict = await runPreToolUse(context.hooks, request(call, screenedArgs(call), context, false), start);
  return fromVerdict(call, verdict, context);
}

function fromVerdict(call: ToolCall, verdict: PreToolUseVerdict, context: ScreeningContext): Screening {
  const notes = notesOf(verdict);
  const limits = context.questionTools.get(call.name);
  if (limits !== undefined && (verdict.decision === "allow" || verdict.decision === "ask")) {
    return asQuestion(call, verdict.input, limits, notes);
  }
  switch (verdict.decision) {
    case "allow":
      return { kind: "allow", call, args: verdict.input, notes };
    case "deny":
      return { kind: "deny", call, args: verdict.input, reason: verdict.reason ?? "denied by policy", failed: verdict.failure !== undefined, notes };
    case "skip":
      return { kind: "skip", call, args: verdict.input, reason: verdict.reason ?? "skipped by policy", notes };
    case "ask": {
      const description = verdict.description ?? verdict.reason;
      return {
        kind: "ask",
        call,
        args: verdict.input,
        allowedDecisions: verdict.allowedDecisions ?? ["approve", "edit", "reject", "respond"],
        notes,
        ...(description === undefined ? {} : { description }),
        ...(verdict.expiresInMs === undefined ? {} : { expiresInMs: verdict.expiresInMs }),
      };
    }
  }
}

/**
 * A call to the question tool asks the person directly; asking them first whether the
 * question may be asked would be redundant, so `ask` counts as `allow` here. Arguments that
 * do not fit the tool's schema are left to the tool, which answers with its schema error.
 */
function asQuestion(call: ToolCall, args: Record<string, unknown>, limits: OptionLimits, notes: ScreeningNotes): Screening {
  const parsed = questionSchema(limits).safeParse(args);
  if (!parsed.success) return { kind: "allow", call, args, notes };
  const question = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as unknown as AskUserQuestionRequest;
  return { kind: "question", call, args, question, notes };
}

/**
 * Screens arguments a reviewer wrote. `ask` is moot (the reviewer decided); a `deny` or
 * `skip`, a failing hook, or a hook that rewrites the reviewer's arguments blocks the call.
 *
 * @returns `undefined` when the edit may run, else why it may not.
 */
export async function screenEdit(
  call: ToolCall,
  args: Record<string, unknown>,
  context: ScreeningContext,
): Promise<{ reason: string; failed: boolean } | undefined> {
  const verdict = await runPreToolUse(context.hooks, request(call, args, context, true), { decision: "allow", input: args, additionalContext: [] });
  if (verdict.decision === "deny" || verdict.decision === "skip") {
    return { reason: verdict.reason ?? "denied by policy", failed: verdict.failure !== undefined };
  }
  if (verdict.input !== args && canonicalJson(verdict.input) !== canonicalJson(args)) {
    return { reason: "a policy hook rewrote the arguments the reviewer approved", failed: false };
  }
  return undefined;
}
