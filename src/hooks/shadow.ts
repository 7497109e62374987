import { HITLError } from "../errors/hitl-error.js";
import { canonicalJson } from "../payload/canonical-json.js";
import type { ToolInput } from "../payload/types.js";
import { hookControlFlowError } from "./control-flow.js";
import type { ShadowHook } from "./hook-registry.js";
import { preToolUseInput, type PreToolUseRequest } from "./pre-tool-use-input.js";
import { reportHookError } from "./report-hook-error.js";
import { runBounded } from "./time-bound.js";
import type { PreToolUseResult } from "./types.js";
import { foldAnswer, settleAnswer, type HookFailureKind, type PreToolUseVerdict, type ScreeningDecision } from "./verdict.js";

/** What a shadow hook would have changed about a call, had it been in charge. */
export type ShadowChange = "decision" | "input" | "context" | "halt" | "cancel";

/**
 * One shadow hook's verdict on one call, as the call's `ToolMessage` records it in
 * `additional_kwargs.hitl_shadow` (kept small: it is stored again in every later checkpoint).
 */
export interface ShadowVerdict {
  /** The shadow hook's name (its registration's `name`, a remote hook's backend…). */
  hook: string;
  /** What it answered; absent when it had no opinion. A hook that failed counts as `deny`, as it would in charge. */
  decision?: ScreeningDecision;
  /** Its reason (or, for a failure, what went wrong), at most 200 characters. */
  reason?: string;
  /** Set when it threw, timed out, was cancelled or answered off-contract. */
  failure?: HookFailureKind;
  /** Whether switching it on would have changed what happened to the call. */
  differs: boolean;
  /** What would have changed; present when `differs`. */
  changes?: ShadowChange[];
}

/** Everything known about one shadow verdict: the record, what it saw, and what it is compared with. */
export interface ShadowReport extends ShadowVerdict {
  /** The arguments the hook was shown: the call's, as the model sent them. */
  arguments: ToolInput;
  /** Its answer as parsed (its `updatedInput`, `additionalContext`, run stop fields…); absent when it failed or said nothing. */
  result?: PreToolUseResult;
  /** What the hooks in charge and `interruptOn` decided about the call (before any person did). */
  actual: ScreeningDecision;
  /** What they would have decided with this hook in charge too. */
  wouldBe: ScreeningDecision;
}

/** One shadow verdict, as handed to the node's `onShadowVerdict` once its batch is answered. */
export interface ShadowVerdictEvent extends ShadowReport {
  threadId: string | undefined;
  toolCallId: string;
  toolName: string;
}

/** Receives every shadow verdict once its batch is answered: to compare a policy with the one in charge before switching it on. */
export type ShadowVerdictHandler = (event: ShadowVerdictEvent) => void | Promise<void>;

/** How one shadow invocation ended. */
interface ShadowAnswer {
  hook: string;
  input: ToolInput;
  outcome: { ok: true; result: PreToolUseResult | undefined } | { ok: false; kind: HookFailureKind; message: string };
}

const MAX_REASON_LENGTH = 200;

/** A shadow hook's LangGraph control flow is refused like any failure: it is not in charge of the run's course. */
function refusedControlFlow(error: unknown, request: PreToolUseRequest): unknown {
  const where = { event: "PreToolUse", toolName: request.toolName, toolCallId: request.toolCallId };
  const refused = hookControlFlowError(error, where);
  if (refused !== error) return refused;
  const message = `A shadow PreToolUse hook for ${request.toolName} threw LangGraph control flow; shadow hooks cannot change the run's course.`;
  return new HITLError("HOOK_CANNOT_PAUSE", message, { details: [{ toolCallId: request.toolCallId, path: ["PreToolUse"], message }], cause: error });
}

async function runShadowHook(hook: ShadowHook, request: PreToolUseRequest, stop: AbortSignal): Promise<ShadowAnswer> {
  const outcome = await runBounded((signal) => hook.callback(preToolUseInput(request, request.toolInput, signal, true)), {
    timeoutMs: hook.timeoutMs,
    runSignal: stop,
    onRunAbort: "end",
  });
  const settled = settleAnswer(outcome, hook.timeoutMs);
  const answer = { hook: hook.name, input: request.toolInput };
  if (settled.status === "answered") return { ...answer, outcome: { ok: true, result: settled.result } };
  const where = { event: "PreToolUse" as const, toolName: request.toolName, toolCallId: request.toolCallId, shadow: true as const };
  if (settled.status === "control_flow") {
    reportHookError(request.onHookError, refusedControlFlow(settled.error, request), where);
    return { ...answer, outcome: { ok: false, kind: "error", message: "the policy hook tried to pause or redirect the run, which hooks cannot do" } };
  }
  reportHookError(request.onHookError, settled.reported, where);
  return { ...answer, outcome: { ok: false, ...settled.failure } };
}

/**
 * Starts every shadow hook of one call at once, beside the hooks in charge, each under its own
 * bound and with its own copy of the arguments as the model sent them. Nothing they answer or
 * throw reaches the screening: failures (LangGraph control flow included) become answers of
 * their own and are reported to `onHookError` marked `shadow`.
 *
 * @param hooks - The call's shadow hooks.
 * @param request - The call.
 * @returns Their answers (never rejects), and `stop()`, which ends every wait still open.
 * @example
 * ```ts
 * const watching = watchShadowHooks(registry.shadowHooksFor(request.toolName), request);
 * const verdict = await runHooksInCharge(registry, request, start);
 * const shadow = compareShadow(await watching.answers, verdict);
 * ```
 */
export function watchShadowHooks(hooks: readonly ShadowHook[], request: PreToolUseRequest): { answers: Promise<ShadowAnswer[]>; stop(): void } {
  const stopping = new AbortController();
  const unsubscribe = request.runSignal?.subscribe(() => stopping.abort());
  if (request.runSignal?.aborted === true) stopping.abort();
  const answers = Promise.all(hooks.map((hook) => runShadowHook(hook, request, stopping.signal))).finally(() => unsubscribe?.());
  return { answers, stop: () => stopping.abort() };
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return canonicalJson(a) === canonicalJson(b);
  } catch {
    return false;
  }
}

function changesOf(result: PreToolUseResult, verdict: PreToolUseVerdict, wouldBe: ScreeningDecision): ShadowChange[] {
  const changes: ShadowChange[] = [];
  if (wouldBe !== verdict.decision) changes.push("decision");
  if (result.updatedInput !== undefined && !sameJson(result.updatedInput, verdict.input)) changes.push("input");
  if (result.additionalContext !== undefined) changes.push("context");
  if (result.preventContinuation === true && verdict.halt === undefined) changes.push("halt");
  if (result.cancelRun !== undefined && verdict.cancel === undefined) changes.push("cancel");
  return changes;
}

function bounded(reason: string | undefined): { reason?: string } {
  if (reason === undefined) return {};
  return { reason: reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH - 1)}…` : reason };
}

/**
 * Compares each shadow answer with what the hooks in charge decided: what it said, and what
 * would have changed had it been in charge too (its answer folded into theirs: a decision,
 * the input, context for the model, a halt or a cancel). A failure counts as `deny`, as it
 * would in charge.
 *
 * @param answers - What {@link watchShadowHooks} gathered.
 * @param verdict - The verdict of the hooks in charge.
 * @example
 * ```ts
 * compareShadow(answers, { decision: "allow", input, additionalContext: [] })[0]; // { hook: "strict", decision: "deny", differs: true, changes: ["decision"], actual: "allow", wouldBe: "deny", … }
 * ```
 */
export function compareShadow(answers: readonly ShadowAnswer[], verdict: PreToolUseVerdict): ShadowReport[] {
  return answers.map(({ hook, input, outcome }): ShadowReport => {
    const result: PreToolUseResult = outcome.ok ? (outcome.result ?? {}) : { decision: "deny" };
    const wouldBe = foldAnswer(verdict, result).decision;
    const changes = changesOf(result, verdict, wouldBe);
    return {
      hook,
      ...(result.decision === undefined ? {} : { decision: result.decision }),
      ...bounded(outcome.ok ? result.reason : outcome.message),
      ...(outcome.ok ? {} : { failure: outcome.kind }),
      differs: changes.length > 0,
      ...(changes.length === 0 ? {} : { changes }),
      arguments: input,
      ...(outcome.ok && outcome.result !== undefined ? { result: outcome.result } : {}),
      actual: verdict.decision,
      wouldBe,
    };
  });
}

/**
 * The part of a shadow report a `ToolMessage` keeps (`additional_kwargs.hitl_shadow`).
 *
 * @example
 * ```ts
 * shadowRecord(report); // { hook: "strict", decision: "deny", reason: "prod path", differs: true, changes: ["decision"] }
 * ```
 */
export function shadowRecord(report: ShadowReport): ShadowVerdict {
  const { hook, decision, reason, failure, differs, changes } = report;
  return {
    hook,
    ...(decision === undefined ? {} : { decision }),
    ...(reason === undefined ? {} : { reason }),
    ...(failure === undefined ? {} : { failure }),
    differs,
    ...(changes === undefined ? {} : { changes }),
  };
}
