import type { ToolCall } from "@langchain/core/messages/tool";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";
import { reportHookError } from "../hooks/report-hook-error.js";
import type { RunCancellation } from "../hooks/run-signal.js";
import { DEFAULT_HOOK_TIMEOUT_MS, runBounded, type BoundedOutcome } from "../hooks/time-bound.js";
import type { HookErrorHandler } from "../hooks/types.js";
import type { ApprovalCallRuntime, ApprovalCallState, InterruptOnConfig } from "./types.js";
import { thrownText } from "../errors/thrown-text.js";

/** The state and runtime an `interruptOn` callback sees, for every call of one batch. */
export interface CallContext {
  state: ApprovalCallState;
  runtime: ApprovalCallRuntime;
}

/**
 * The batch's {@link CallContext}, built the first time a callback asks for it (most batches have
 * no `interruptOn` function and never build it).
 */
export type CallContextSource = () => CallContext;

/** What evaluating an `interruptOn` callback needs besides the call. */
interface CallbackScope {
  callContext: CallContextSource | undefined;
  runSignal: RunCancellation | undefined;
  onHookError: HookErrorHandler;
}

/**
 * The runtime LangChain's agent `ToolNode` builds from a task's config (`runTool`), so a
 * callback written for `humanInTheLoopMiddleware` reads the same fields under `ApprovalToolNode`.
 *
 * @example
 * ```ts
 * runtimeOf(config).configurable?.thread_id; // "t1"
 * ```
 */
export function runtimeOf(config: LangGraphRunnableConfig): ApprovalCallRuntime {
  const { context, store, configurable, writer, interrupt, signal } = config as LangGraphRunnableConfig & { context?: unknown; interrupt?: ApprovalCallRuntime["interrupt"] };
  return {
    // As in LangChain's afterModel runtime, where these callbacks run: `context` is always an object.
    context: context ?? {},
    ...(store === undefined ? {} : { store }),
    ...(configurable === undefined ? {} : { configurable }),
    ...(writer === undefined ? {} : { writer }),
    ...(interrupt === undefined ? {} : { interrupt }),
    ...(signal === undefined ? {} : { signal }),
  } as ApprovalCallRuntime;
}

/**
 * The state a node's input stands for: the state itself, or `{ messages }` when the node was
 * handed a bare message list.
 *
 * @example
 * ```ts
 * stateOf([new AIMessage("hi")]).messages.length; // 1
 * ```
 */
export function stateOf(input: unknown): ApprovalCallState {
  if (Array.isArray(input)) return { messages: input };
  const messages = (input as { messages?: unknown } | null)?.messages;
  return { ...(input as Record<string, unknown> | null), messages: Array.isArray(messages) ? messages : [] } as ApprovalCallState;
}

const NO_CONTEXT: CallContext = { state: { messages: [] }, runtime: {} };

function bounded<T>(invoke: () => T | Promise<T>, scope: CallbackScope): BoundedOutcome<T> | Promise<BoundedOutcome<T>> {
  return runBounded(invoke, { timeoutMs: DEFAULT_HOOK_TIMEOUT_MS, runSignal: scope.runSignal, onRunAbort: "end" });
}

function report(scope: CallbackScope, call: ToolCall, message: string, cause?: unknown): void {
  const error = new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["interruptOn", call.name], message }], ...(cause === undefined ? {} : { cause }) });
  reportHookError(scope.onHookError, error, { event: "PreToolUse", toolName: call.name, toolCallId: call.id });
}

function failure(outcome: Exclude<BoundedOutcome<unknown>, { status: "answered" }>): string {
  if (outcome.status === "failed") return `threw: ${thrownText(outcome.error)}`;
  return outcome.status === "timed_out" ? `did not answer within ${DEFAULT_HOOK_TIMEOUT_MS} ms` : "was abandoned: the run was cancelled";
}

/**
 * Whether `interruptOn` asks a person about this call: LangChain's `when(request)`, with the
 * request LangChain builds (`tool` undefined, the state and runtime). Only `false` leaves the
 * call to the hooks; a predicate that throws, hangs or answers anything but a boolean asks
 * (fail closed: nothing runs unreviewed because a predicate broke) and is reported.
 *
 * @example
 * ```ts
 * await shouldAsk(call, declared, scope); // true
 * ```
 */
export async function shouldAsk(call: ToolCall, declared: InterruptOnConfig, scope: CallbackScope): Promise<boolean> {
  const { when } = declared;
  if (when === undefined) return true;
  const { state, runtime } = scope.callContext?.() ?? NO_CONTEXT;
  const outcome = await bounded(() => when({ toolCall: call, tool: undefined, state, runtime }), scope);
  if (outcome.status !== "answered") {
    report(scope, call, `interruptOn.${call.name}.when ${failure(outcome)}; the call is asked about`, outcome.status === "failed" ? outcome.error : undefined);
    return true;
  }
  if (typeof outcome.value !== "boolean") report(scope, call, `interruptOn.${call.name}.when returned ${typeof outcome.value}, not a boolean; the call is asked about`);
  return outcome.value !== false;
}

/**
 * The description `interruptOn` gives for this call: its string, or what its function returns
 * for the call, state and runtime. A function that fails or returns no string gives none (the
 * default description is shown) and is reported: a description never decides what runs.
 *
 * @example
 * ```ts
 * await describeCall(call, { description: (toolCall) => `Write ${toolCall.args.filename}` }, scope); // "Write a.txt"
 * ```
 */
export async function describeCall(call: ToolCall, declared: InterruptOnConfig, scope: CallbackScope): Promise<string | undefined> {
  const { description } = declared;
  if (typeof description !== "function") return description;
  const { state, runtime } = scope.callContext?.() ?? NO_CONTEXT;
  const outcome = await bounded(() => description(call, state, runtime), scope);
  if (outcome.status !== "answered") {
    report(scope, call, `interruptOn.${call.name}.description ${failure(outcome)}; the default description is shown`, outcome.status === "failed" ? outcome.error : undefined);
    return undefined;
  }
  if (typeof outcome.value === "string") return outcome.value;
  report(scope, call, `interruptOn.${call.name}.description returned ${typeof outcome.value}, not a string; the default description is shown`);
  return undefined;
}
