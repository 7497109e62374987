import type { ToolApprovalDecisionType, ToolInput } from "../payload/types.js";

/** What every hook invocation receives besides its event's own fields. */
export interface HookInvocationContext {
  /** Fires when the node stops waiting for this invocation (its deadline, or the run being cancelled). */
  signal: AbortSignal;
  /** The thread the run belongs to, when the graph runs with a checkpointer. */
  threadId: string | undefined;
  /**
   * Reports a problem to the node's `onHookError` without failing this invocation (e.g. a
   * policy backend that failed open). Never throws.
   */
  reportError: (error: unknown) => void;
}

/** Fields a hook may return to stop the run after the current batch (every call still gets its result). */
export interface RunStopFields {
  /** Halt the run after this batch: the model is not called again. */
  preventContinuation?: boolean;
  /** Why the run halts; readable with `getHaltReason()`. */
  stopReason?: string;
  /**
   * Cancel the whole run with this reason. From `PreToolUse` nothing of the batch runs and
   * `invoke`/`resume` reject with `RUN_CANCELLED`; from a later event the batch's results are
   * kept and the run stops (see `run()` / `resume()`).
   */
  cancelRun?: string;
}

/**
 * What a hook is told about the tool a call names, besides its name: read from the tool once
 * (the first time it is called) and shared, frozen, by every later call. Each field is absent
 * when the tool has none (or, for a call to a tool the node does not have, when there is no tool).
 */
export interface ToolFacts {
  /** The tool's `description`, as the model was shown it. */
  toolDescription?: string;
  /**
   * The JSON Schema of the tool's input (a zod schema converted the way LangChain converts it
   * for the model, without the `$schema` marker); absent when the tool has no schema or it
   * cannot be expressed as JSON Schema.
   */
  toolSchema?: Readonly<Record<string, unknown>>;
  /** The tool's `metadata`, as JSON (values JSON has no word for, such as functions, are left out). */
  toolMetadata?: Readonly<Record<string, unknown>>;
}

/** Input of a `PreToolUse` hook: one tool call the model made. */
export interface PreToolUseInput extends HookInvocationContext, ToolFacts {
  event: "PreToolUse";
  toolName: string;
  /**
   * The arguments exactly as the model sent them — an object, or a string for a tool that takes
   * one (`DynamicTool`, a `z.string()` schema) — after earlier hooks' `updatedInput`. Always a
   * valid input of the tool: a call whose arguments are not is answered before any hook runs.
   * A copy: mutating it changes nothing.
   */
  toolInput: ToolInput;
  toolCallId: string;
  /**
   * `true` when screening arguments a reviewer wrote (an `edit`). An `ask` is then ignored —
   * the reviewer already decided — but a `deny` still blocks the call.
   */
  reviewed: boolean;
}

/** What a `PreToolUse` hook may answer. Return `undefined` for "no opinion". */
export interface PreToolUseResult extends RunStopFields {
  /**
   * `allow`, `ask` (a person decides), `deny` (blocked, an error result), or `skip` (not run;
   * `reason` becomes its successful result). Several hooks fold: `deny` > `skip` > `ask` > `allow`.
   */
  decision?: "allow" | "deny" | "ask" | "skip";
  /** Why: shown to the model on `deny` and `skip`, to the reviewer on `ask`. */
  reason?: string;
  /** Replaces the whole tool input; later hooks see it, and the reviewer is shown it. Taken as JSON data (a `Date` becomes its ISO text; a `BigInt` or a cycle makes the answer invalid). */
  updatedInput?: Record<string, unknown>;
  /** On `ask`: the decisions the reviewer may make. Default: all four. */
  allowedDecisions?: ToolApprovalDecisionType[];
  /** On `ask`: text shown to the reviewer (defaults to `reason`). */
  description?: string;
  /** Text the model sees with this call's result. */
  additionalContext?: string;
  /** On `ask`: the approval expires this many ms after the batch was proposed. */
  expiresInMs?: number;
}

/** Input of a `PostToolUse` hook: a tool that really ran and returned. */
export interface PostToolUseInput extends HookInvocationContext, ToolFacts {
  event: "PostToolUse";
  toolName: string;
  /** The arguments it ran with (see {@link PreToolUseInput.toolInput}). */
  toolInput: ToolInput;
  toolCallId: string;
  /** The result the model would see (the `ToolMessage` content as text). */
  toolOutput: string;
}

/** What a `PostToolUse` hook may answer. */
export interface PostToolUseResult extends RunStopFields {
  /** Replaces the result the model sees. */
  updatedOutput?: string;
  /** Text the model sees with the result. */
  additionalContext?: string;
}

/** Input of a `PostToolUseFailure` hook: a tool that ran and threw. */
export interface PostToolUseFailureInput extends HookInvocationContext, ToolFacts {
  event: "PostToolUseFailure";
  toolName: string;
  /** The arguments it ran with (see {@link PreToolUseInput.toolInput}). */
  toolInput: ToolInput;
  toolCallId: string;
  /** The error the tool threw, as text. */
  error: string;
}

/** What a `PostToolUseFailure` hook may answer. */
export interface PostToolUseFailureResult {
  additionalContext?: string;
  cancelRun?: string;
}

/** How one call of a batch ended. */
export interface ToolBatchEntry {
  toolCallId: string;
  toolName: string;
  /**
   * The arguments it ran (or would have run) with. Anything the model sent for a call refused
   * as `invalid_arguments`; otherwise an object or a string, as in {@link PreToolUseInput.toolInput}.
   */
  input: unknown;
  /** `respond` and `skip` count as success; `reject` and `deny` as error. */
  status: "success" | "error";
  /** What the model sees. */
  output: string;
  /** `allow` for calls no one had to decide about. */
  decision: ToolApprovalDecisionType | "allow" | "deny" | "skip" | "answer";
}

/** Input of a `PostToolBatch` hook: every call of the batch, in the model's order. */
export interface PostToolBatchInput extends HookInvocationContext {
  event: "PostToolBatch";
  entries: ToolBatchEntry[];
}

/** Where a refusal came from. */
export type DenialSource =
  | "reviewer"
  | "policy"
  | "policy_failure"
  | "hitl_disabled"
  | "changed_after_review"
  | "expired"
  | "unreviewable"
  | "no_human"
  | "invalid_tool_call_id"
  | "duplicate_tool_call_id"
  | "invalid_arguments";

/** Input of a `PermissionDenied` hook: a call that did not run. */
export interface PermissionDeniedInput extends HookInvocationContext, ToolFacts {
  event: "PermissionDenied";
  toolName: string;
  /** The arguments as sent: anything for a call refused as `invalid_arguments`, else an object or a string. */
  toolInput: unknown;
  toolCallId: string;
  reason: string;
  source: DenialSource;
}

/**
 * The hook events and, for each, what a hook receives and may return. `PreToolUse` is a
 * decision seat (failure denies the call); every other event is an observer seat (failure is
 * reported to `onHookError` and changes nothing).
 */
export interface HookEventMap {
  PreToolUse: { input: PreToolUseInput; result: PreToolUseResult };
  PostToolUse: { input: PostToolUseInput; result: PostToolUseResult };
  PostToolUseFailure: { input: PostToolUseFailureInput; result: PostToolUseFailureResult };
  PostToolBatch: { input: PostToolBatchInput; result: void };
  PermissionDenied: { input: PermissionDeniedInput; result: void };
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
  /** Tool names it applies to. For `PostToolBatch`: runs when any call of the batch matches. */
  matcher?: HookMatcher;
  hooks: Array<HookCallback<E>>;
  /**
   * Bound for each hook invocation, in ms. Default: 600 000 (5 000 for `PostToolBatch`,
   * `PermissionDenied` and shadow hooks). `0` expires every invocation at once.
   */
  timeoutMs?: number;
  /**
   * `PreToolUse` only: run these hooks in shadow. Their verdicts are recorded on each call's
   * `ToolMessage` (`additional_kwargs.hitl_shadow`) and handed to the node's `onShadowVerdict`,
   * but change nothing: not the decision, not the input, not the run, not a pause. A shadow hook
   * that throws or hangs is recorded as a failure; it never blocks a call.
   */
  shadow?: E extends "PreToolUse" ? boolean : never;
  /**
   * Names the hooks in shadow records (`hook`). Default: the function's own name, else
   * `shadow-<n>` in registration order. With several hooks, each is `<name>[<index>]`.
   */
  name?: string;
}

/** Where an observer's failure is reported. */
export interface HookErrorContext {
  /** The hook event, `"onDecision"` / `"onShadowVerdict"` for the node's callbacks, `"grantPredicate"` for a host predicate a standing grant names, or `"reviewMessages"` for a `reviewMessages` function that threw (the preset's text was used). */
  event: HookEvent | "onDecision" | "onShadowVerdict" | "grantPredicate" | "reviewMessages";
  toolName: string | undefined;
  toolCallId: string | undefined;
  /** `true` when the failure is a shadow hook's: it changed nothing. */
  shadow?: true;
}

/** Receives every failure of an observer hook (and every refused PreToolUse answer). Must not throw; if it does, it is ignored. */
export type HookErrorHandler = (error: unknown, context: HookErrorContext) => void;
