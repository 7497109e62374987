import { HITLError } from "../errors/hitl-error.js";
import { hookControlFlowError, isControlFlow, type HookSeat } from "./control-flow.js";
import { FIRE_AND_WAIT_EVENTS, type BoundHook, type HookRegistry } from "./hook-registry.js";
import { reportHookError } from "./report-hook-error.js";
import type { RunCancellation } from "./run-signal.js";
import { parseHookResult } from "./result-schemas.js";
import { runBounded, type BoundedOutcome } from "./time-bound.js";
import type { HookErrorHandler, HookEvent, HookEventMap, HookInvocationContext, ToolFacts } from "./types.js";

/** Where observers run: the run's signal, the failure lane, and the call they concern. */
export interface ObserverContext {
  registry: HookRegistry | undefined;
  runSignal: RunCancellation | undefined;
  threadId: string | undefined;
  onHookError: HookErrorHandler;
  /** The description, input schema and metadata of a tool, by name (see `toolFacts`). */
  facts: (toolName: string) => ToolFacts;
}

type ObserverEvent = Exclude<HookEvent, "PreToolUse">;
type InputFields<E extends ObserverEvent> = Omit<HookEventMap[E]["input"], keyof HookInvocationContext | keyof ToolFacts | "event"> & ToolFacts;

/**
 * Runs one observer hook under its bound. Whatever goes wrong (a throw, no answer in time,
 * an off-contract answer) is reported to `onHookError` and yields `undefined`: an observer
 * can never change an outcome by failing.
 */
async function runObserver<E extends ObserverEvent>(
  event: E,
  hook: BoundHook<E>,
  fields: InputFields<E>,
  context: ObserverContext,
  about: { toolName?: string; toolCallId?: string } = {},
): Promise<HookEventMap[E]["result"] | undefined> {
  const where = { event, toolName: about.toolName, toolCallId: about.toolCallId };
  const reportError = (error: unknown): void => reportHookError(context.onHookError, error, where);
  const outcome = await runBounded(
    (signal) =>
      hook.callback({
        ...fields,
        event,
        threadId: context.threadId,
        reportError,
        get signal() {
          return signal();
        },
      } as unknown as HookEventMap[E]["input"]),
    { timeoutMs: hook.timeoutMs, runSignal: context.runSignal, onRunAbort: "grace" },
  );
  if (outcome.status === "answered") {
    const parsed = parseHookResult(event, outcome.value);
    if (parsed.ok) return parsed.value as HookEventMap[E]["result"] | undefined;
    reportHookError(context.onHookError, new Error(`${event} hook returned an invalid answer (${parsed.message})`), where);
    return undefined;
  }
  reportHookError(context.onHookError, observerFailure(outcome, hook.timeoutMs, where), where);
  return undefined;
}

/** What to report for an observer that did not answer. */
function observerFailure(outcome: Exclude<BoundedOutcome<unknown>, { status: "answered" }>, timeoutMs: number, where: HookSeat): unknown {
  if (outcome.status === "timed_out") return new Error(`${where.event} hook did not answer within ${timeoutMs} ms`);
  if (outcome.status === "cancelled") return new Error(`${where.event} hook was abandoned: the run was cancelled`);
  if (!isControlFlow(outcome.error)) return outcome.error;
  // The batch's tools have already run: control flow thrown here cannot be honoured without
  // losing their results (and running them again), so it is refused on the report lane.
  const refused = hookControlFlowError(outcome.error, where);
  if (refused !== outcome.error) return refused;
  return new HITLError("HOOK_CANNOT_PAUSE", `A ${where.event} hook threw LangGraph control flow; observers cannot change the run's course.`, { cause: outcome.error });
}

/**
 * Runs every matching observer of `event`. Observers whose answers shape the result
 * (`PostToolUse`, `PostToolUseFailure`) run one after another, feeding each answer to `step`;
 * the others run concurrently, so one slow sink does not hold up the rest.
 */
export async function runObservers<E extends ObserverEvent>(
  event: E,
  toolNames: string | readonly string[],
  fields: () => InputFields<E>,
  context: ObserverContext,
  step: (result: HookEventMap[E]["result"] | undefined) => void = () => undefined,
  about: { toolName?: string; toolCallId?: string } = {},
): Promise<void> {
  const hooks = context.registry?.hooksFor(event, toolNames) ?? [];
  if (FIRE_AND_WAIT_EVENTS.has(event)) {
    for (const result of await Promise.all(hooks.map((hook) => runObserver(event, hook, fields(), context, about)))) step(result);
    return;
  }
  for (const hook of hooks) {
    step(await runObserver(event, hook, fields(), context, about));
  }
}
