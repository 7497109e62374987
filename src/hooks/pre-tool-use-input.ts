import type { ToolInput } from "../payload/types.js";
import { reportHookError } from "./report-hook-error.js";
import type { RunCancellation } from "./run-signal.js";
import type { HookErrorHandler, PreToolUseInput, ToolFacts } from "./types.js";

/** What one call is screened with. */
export interface PreToolUseRequest {
  toolName: string;
  toolInput: ToolInput;
  toolCallId: string;
  threadId: string | undefined;
  runSignal: RunCancellation | undefined;
  reviewed: boolean;
  onHookError: HookErrorHandler;
  /** The tool's description, input schema and metadata (see {@link toolFacts}). */
  facts: ToolFacts;
}

function copyInput(input: ToolInput): ToolInput {
  try {
    return structuredClone(input);
  } catch {
    return JSON.parse(JSON.stringify(input)) as ToolInput;
  }
}

/**
 * The input one PreToolUse invocation receives: its own copy of the arguments (a hook that
 * mutates them changes nothing), the tool's shared frozen facts, and a `reportError` that reaches
 * `onHookError` — marked `shadow` for a hook in shadow.
 *
 * @param request - The call being screened.
 * @param input - The arguments this hook is shown.
 * @param signal - The invocation's own signal, made when first read.
 * @param shadow - Whether the hook runs in shadow.
 * @example
 * ```ts
 * await hook.callback(preToolUseInput(request, verdict.input, signal, false));
 * ```
 */
export function preToolUseInput(request: PreToolUseRequest, input: ToolInput, signal: () => AbortSignal, shadow: boolean): PreToolUseInput {
  const where = { event: "PreToolUse" as const, toolName: request.toolName, toolCallId: request.toolCallId, ...(shadow ? { shadow: true as const } : {}) };
  return {
    event: "PreToolUse",
    toolName: request.toolName,
    toolInput: copyInput(input),
    toolCallId: request.toolCallId,
    threadId: request.threadId,
    reviewed: request.reviewed,
    ...request.facts,
    get signal() {
      return signal();
    },
    reportError: (error: unknown) => reportHookError(request.onHookError, error, where),
  };
}
