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

/** What {@link copyJsonTree} answers for a value it leaves to `structuredClone`. */
const NOT_A_JSON_TREE = Symbol("not a JSON tree");
/** Deeper than this, a value is left to `structuredClone` (which also copies cycles). */
const MAX_TREE_DEPTH = 64;

/**
 * A copy of `value` equal to what `structuredClone` makes of it, for the values models send:
 * primitives, and plain objects and dense arrays of them. Anything else — a class instance, a
 * `Date`, a sparse array, an own `__proto__` key, a cycle or a very deep tree — answers
 * {@link NOT_A_JSON_TREE}, and is copied by `structuredClone` as before.
 */
function copyJsonTree(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) return typeof value === "function" || typeof value === "symbol" ? NOT_A_JSON_TREE : value;
  if (depth > MAX_TREE_DEPTH) return NOT_A_JSON_TREE;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype || Object.keys(value).length !== value.length) return NOT_A_JSON_TREE;
    const copy: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const item = copyJsonTree(value[index], depth + 1);
      if (item === NOT_A_JSON_TREE) return NOT_A_JSON_TREE;
      copy[index] = item;
    }
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_A_JSON_TREE;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // Assigning `__proto__` would set the copy's prototype instead of an own key.
    if (key === "__proto__") return NOT_A_JSON_TREE;
    const item = copyJsonTree((value as Record<string, unknown>)[key], depth + 1);
    if (item === NOT_A_JSON_TREE) return NOT_A_JSON_TREE;
    copy[key] = item;
  }
  return copy;
}

function copyInput(input: ToolInput): ToolInput {
  const tree = copyJsonTree(input, 0);
  if (tree !== NOT_A_JSON_TREE) return tree as ToolInput;
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
