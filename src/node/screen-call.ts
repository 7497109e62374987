import type { ToolCall } from "@langchain/core/messages/tool";
import type { HookRegistry } from "../hooks/hook-registry.js";
import { runPreToolUse, type PreToolUseVerdict } from "../hooks/pre-tool-use.js";
import { canonicalJson } from "../payload/digest.js";
import type { ToolApprovalDecisionType } from "../payload/types.js";
import type { ResolvedNodeOptions } from "./options.js";

/** What screening decided about one call before any person was asked. */
export type Screening =
  | { kind: "unknown_tool"; call: ToolCall }
  | { kind: "allow"; call: ToolCall; args: Record<string, unknown> }
  | { kind: "deny"; call: ToolCall; args: Record<string, unknown>; reason: string; failed: boolean }
  | {
      kind: "ask";
      call: ToolCall;
      args: Record<string, unknown>;
      description?: string;
      allowedDecisions: ToolApprovalDecisionType[];
    };

/** Everything screening needs besides the call. */
export interface ScreeningContext {
  toolNames: ReadonlySet<string>;
  interruptOn: ResolvedNodeOptions["interruptOn"];
  hooks: HookRegistry | undefined;
  threadId: string | undefined;
  runSignal: AbortSignal | undefined;
}

function startingVerdict(call: ToolCall, context: ScreeningContext): PreToolUseVerdict {
  const input = (call.args ?? {}) as Record<string, unknown>;
  const declared = context.interruptOn.get(call.name);
  if (declared === undefined) return { decision: "allow", input };
  return {
    decision: "ask",
    input,
    allowedDecisions: [...declared.allowedDecisions],
    ...(declared.description === undefined ? {} : { description: declared.description }),
  };
}

/**
 * Screens one call through `interruptOn` and the PreToolUse hooks. Calls to tools the node
 * does not have are not screened: they cannot run, and `ToolNode` answers them with its
 * own "not found" error.
 */
export async function screenCall(call: ToolCall, context: ScreeningContext): Promise<Screening> {
  if (!context.toolNames.has(call.name)) return { kind: "unknown_tool", call };
  const verdict = await runPreToolUse(
    context.hooks,
    {
      toolName: call.name,
      toolInput: (call.args ?? {}) as Record<string, unknown>,
      toolCallId: call.id ?? "",
      threadId: context.threadId,
      runSignal: context.runSignal,
      reviewed: false,
    },
    startingVerdict(call, context),
  );
  switch (verdict.decision) {
    case "allow":
      return { kind: "allow", call, args: verdict.input };
    case "deny":
      return {
        kind: "deny",
        call,
        args: verdict.input,
        reason: verdict.reason ?? "denied by policy",
        failed: verdict.failure !== undefined,
      };
    case "ask": {
      const description = verdict.description ?? verdict.reason;
      return {
        kind: "ask",
        call,
        args: verdict.input,
        allowedDecisions: verdict.allowedDecisions ?? ["approve", "edit", "reject", "respond"],
        ...(description === undefined ? {} : { description }),
      };
    }
  }
}

/**
 * Screens arguments a reviewer wrote. `ask` is moot (the reviewer decided); a `deny`, a
 * failing hook, or a hook that rewrites the reviewer's arguments blocks the call.
 *
 * @returns `undefined` when the edit may run, else why it may not.
 */
export async function screenEdit(
  call: ToolCall,
  args: Record<string, unknown>,
  context: ScreeningContext,
): Promise<{ reason: string; failed: boolean } | undefined> {
  const verdict = await runPreToolUse(
    context.hooks,
    { toolName: call.name, toolInput: args, toolCallId: call.id ?? "", threadId: context.threadId, runSignal: context.runSignal, reviewed: true },
    { decision: "allow", input: args },
  );
  if (verdict.decision === "deny") return { reason: verdict.reason ?? "denied by policy", failed: verdict.failure !== undefined };
  if (verdict.input !== args && canonicalJson(verdict.input) !== canonicalJson(args)) {
    return { reason: "a policy hook rewrote the arguments the reviewer approved", failed: false };
  }
  return undefined;
}
