import type { ToolApprovalDecisionType, ToolInput } from "../payload/types.js";
import type { CompiledHook } from "./hook-registry.js";
import { HITLError } from "../errors/hitl-error.js";
import type { HookEvent, HookInvocationContext, HookMatcher, HookRegistration, PostToolUseResult, PreToolUseResult, ToolFacts } from "./types.js";

/** What `onToolCall` returns: one of the {@link ToolCallControl} actions. */
export type ToolCallAction =
  | { type: "continue" }
  | { type: "skip"; reason: string }
  | { type: "terminate"; reason: string }
  | { type: "approval_request"; reason?: string; allowedDecisions?: ToolApprovalDecisionType[]; expiresInMs?: number };

/** What `onToolResult` / `onToolError` return: one of the {@link RunControl} actions. */
export type RunAction = { type: "continue" } | { type: "terminate"; reason: string };

/** Controls handed to `onToolCall`. */
export interface ToolCallControl {
  /** Let the call run (unless another hook decides otherwise). */
  run(): ToolCallAction;
  /** Do not run it; `reason` is the (successful) result the model sees. */
  skip(reason: string): ToolCallAction;
  /** Stop the whole run: `invoke`/`resume` reject with `RUN_CANCELLED`. */
  cancel(reason: string): ToolCallAction;
  /** Ask a person (= `decision: "ask"`). */
  requestApproval(options?: { reason?: string; allowedDecisions?: ToolApprovalDecisionType[]; expiresInMs?: number }): ToolCallAction;
}

/** Controls handed to `onToolResult` / `onToolError`. */
export interface RunControl {
  continue(): RunAction;
  /** Stop the run once this batch is answered (its results are kept). */
  cancel(reason: string): RunAction;
}

interface ToolHookArgs extends HookInvocationContext, ToolFacts {
  toolName: string;
  /** The arguments as the model sent them: an object, or a string for a tool that takes one. */
  args: ToolInput;
  toolCallId: string;
}

type Maybe<T> = T | undefined | void | Promise<T | undefined | void>;

/** A hook written with controls instead of result objects (the `@anvia/core` face). */
export interface HookDefinition {
  /** Tool names it applies to (same rules as `register`). */
  matcher?: HookMatcher;
  /** Bound for each invocation, in ms. Default: 600 000 (5 000 in shadow). */
  timeoutMs?: number;
  /**
   * Run `onToolCall` in shadow: its actions are recorded and reported, never applied (see
   * `register`'s `shadow`). Only `onToolCall` can run in shadow.
   */
  shadow?: boolean;
  /** The hook's name in shadow records. Default: `onToolCall`'s own function name, else `shadow-<n>`. */
  name?: string;
  onToolCall?: (args: ToolHookArgs & { tool: ToolCallControl }) => Maybe<ToolCallAction>;
  onToolResult?: (args: ToolHookArgs & { result: string; run: RunControl }) => Maybe<RunAction>;
  onToolError?: (args: ToolHookArgs & { error: string; run: RunControl }) => Maybe<RunAction>;
}

const toolControl: ToolCallControl = {
  run: () => ({ type: "continue" }),
  skip: (reason) => ({ type: "skip", reason }),
  cancel: (reason) => ({ type: "terminate", reason }),
  requestApproval: (options = {}) => ({ type: "approval_request", ...options }),
};

const runControl: RunControl = {
  continue: () => ({ type: "continue" }),
  cancel: (reason) => ({ type: "terminate", reason }),
};

/** Translates a tool-call action into a PreToolUse answer. Anything else is off-contract and denies the call. */
function toolActionToResult(action: ToolCallAction | undefined | void): PreToolUseResult | undefined {
  if (action === undefined) return undefined;
  switch (action.type) {
    case "continue":
      return { decision: "allow" };
    case "skip":
      return { decision: "skip", reason: action.reason };
    case "terminate":
      return { cancelRun: action.reason };
    case "approval_request":
      return {
        decision: "ask",
        ...(action.reason === undefined ? {} : { reason: action.reason }),
        ...(action.allowedDecisions === undefined ? {} : { allowedDecisions: action.allowedDecisions }),
        ...(action.expiresInMs === undefined ? {} : { expiresInMs: action.expiresInMs }),
      };
    default:
      throw new Error(`onToolCall returned an unknown action: ${JSON.stringify(action)}`);
  }
}

/** The fields every control-style hook receives, taken from an event's input. */
function toolHookArgs(input: HookInvocationContext & ToolFacts & { toolName: string; toolCallId: string }): Omit<ToolHookArgs, "args"> {
  const { toolName, toolCallId, threadId, reportError, signal, toolDescription, toolSchema, toolMetadata } = input;
  return {
    toolName,
    toolCallId,
    threadId,
    reportError,
    signal,
    ...(toolDescription === undefined ? {} : { toolDescription }),
    ...(toolSchema === undefined ? {} : { toolSchema }),
    ...(toolMetadata === undefined ? {} : { toolMetadata }),
  };
}

function runActionToResult(action: RunAction | undefined | void): PostToolUseResult | undefined {
  if (action === undefined || action.type === "continue") return undefined;
  if (action.type === "terminate") return { cancelRun: action.reason };
  throw new Error(`hook returned an unknown run action: ${JSON.stringify(action)}`);
}

/**
 * Writes a hook with explicit controls — `tool.run()`, `tool.skip(reason)`,
 * `tool.cancel(reason)`, `tool.requestApproval({ reason, allowedDecisions })`, and
 * `run.cancel(reason)` after a result — then attach it with `registry.use(hook)`. It
 * compiles to ordinary registrations, so timeouts, fail-closed screening and observers
 * behave exactly as for `register`.
 *
 * @example
 * ```ts
 * registry.use(createHook({
 *   onToolCall: ({ toolName, args, tool }) =>
 *     toolName === "send_refund" && Number(args.amount) > 100 ? tool.requestApproval({ reason: "large refund" }) : tool.run(),
 *   onToolResult: ({ result, run }) => (result.includes("POLICY_BLOCKED") ? run.cancel("blocked downstream") : run.continue()),
 * }));
 * // A candidate policy, watched before it is switched on: recorded and reported, never applied.
 * registry.use(createHook({ name: "refund-limit-v2", shadow: true, onToolCall: ({ args, tool }) => (Number(args.amount) > 50 ? tool.requestApproval() : tool.run()) }));
 * ```
 */
export function createHook(definition: HookDefinition): CompiledHook {
  const shared = {
    ...(definition.matcher === undefined ? {} : { matcher: definition.matcher }),
    ...(definition.timeoutMs === undefined ? {} : { timeoutMs: definition.timeoutMs }),
  };
  if (definition.shadow === true && (definition.onToolResult !== undefined || definition.onToolError !== undefined)) {
    const message = "`shadow` applies to onToolCall only: onToolResult and onToolError would still change the run; give them a hook of their own";
    throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["shadow"], message, received: true }] });
  }
  const registrations: Array<{ event: HookEvent; registration: HookRegistration<never> }> = [];
  const add = <E extends HookEvent>(event: E, registration: HookRegistration<E>): void => {
    registrations.push({ event, registration: registration as unknown as HookRegistration<never> });
  };
  const { onToolCall, onToolResult, onToolError } = definition;
  if (onToolCall !== undefined) {
    const name = definition.name ?? (onToolCall.name.length > 0 && onToolCall.name !== "onToolCall" ? onToolCall.name : undefined);
    add("PreToolUse", {
      ...shared,
      ...(definition.shadow === undefined ? {} : { shadow: definition.shadow }),
      ...(name === undefined ? {} : { name }),
      hooks: [async (input) => toolActionToResult(await onToolCall({ ...toolHookArgs(input), args: input.toolInput, tool: toolControl }))],
    });
  }
  if (onToolResult !== undefined) {
    add("PostToolUse", {
      ...shared,
      hooks: [async (input) => runActionToResult(await onToolResult({ ...toolHookArgs(input), args: input.toolInput, result: input.toolOutput, run: runControl }))],
    });
  }
  if (onToolError !== undefined) {
    add("PostToolUseFailure", {
      ...shared,
      hooks: [async (input) => runActionToResult(await onToolError({ ...toolHookArgs(input), args: input.toolInput, error: input.error, run: runControl }))],
    });
  }
  return { registrations };
}
