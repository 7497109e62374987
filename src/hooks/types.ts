import type { ToolApprovalDecisionType } from "../payload/types.js";

/** What every hook invocation receives besides its event's own fields. */
export interface HookInvocationContext {
  /** Fires when the node stops waiting for this invocation (its deadline, or the run being cancelled). */
  signal: AbortSignal;
  /** The thread the run belongs to, when the graph runs with a checkpointer. */
  threadId: string | undefined;
}

/** Input of a `PreToolUse` hook: one tool call the model made. */
export interface PreToolUseInput extends HookInvocationContext {
  event: "PreToolUse";
  toolName: string;
  /** The arguments as they stand (after earlier hooks' `updatedInput`). Do not mutate. */
  toolInput: Record<string, unknown>;
  toolCallId: string;
  /**
   * `true` when screening arguments a reviewer wrote (an `edit`). An `ask` is then ignored —
   * the reviewer already decided — but a `deny` still blocks the call.
   */
  reviewed: boolean;
}

/** What a `PreToolUse` hook may answer. Return `undefined` for "no opinion". */
export interface PreToolUseResult {
  decision?: "allow" | "deny" | "ask";
  /** Why: shown to the model on `deny`, to the reviewer on `ask`. */
  reason?: string;
  /** Replaces the whole tool input; later hooks see it, and the reviewer is shown it. */
  updatedInput?: Record<string, unknown>;
  /** On `ask`: the decisions the reviewer may make. Default: all four. */
  allowedDecisions?: ToolApprovalDecisionType[];
  /** On `ask`: text shown to the reviewer (defaults to `reason`). */
  description?: string;
}

/**
 * The hook events and, for each, what a hook receives and may return. Later events
 * extend this map; the registry is written against it.
 */
export interface HookEventMap {
  PreToolUse: { input: PreToolUseInput; result: PreToolUseResult };
}

/** Name of a hook event. */
export type HookEvent = keyof HookEventMap;

/** A hook for event `E`. */
export type HookCallback<E extends HookEvent> = (
  input: HookEventMap[E]["input"],
) => HookEventMap[E]["result"] | undefined | void | Promise<HookEventMap[E]["result"] | undefined | void>;

/** Which tools a registration applies to. See {@link HookRegistry.register}. */
export type HookMatcher = string | RegExp;

/** One registration: a matcher, its hooks, and their time bound. */
export interface HookRegistration<E extends HookEvent> {
  matcher?: HookMatcher;
  hooks: Array<HookCallback<E>>;
  /** Bound for each hook invocation, in ms. Default: 600 000. `0` expires every invocation at once. */
  timeoutMs?: number;
}
