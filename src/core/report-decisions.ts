import { reportHookError } from "../hooks/report-hook-error.js";
import type { RunCancellation } from "../hooks/run-signal.js";
import { hookControlFlowError, isControlFlow } from "../hooks/control-flow.js";
import { DEFAULT_OBSERVER_TIMEOUT_MS, runBounded } from "../hooks/time-bound.js";
import type { HookErrorHandler } from "../hooks/types.js";
import type { Outcome } from "./types.js";
import type { DecisionEvent, DecisionHandler } from "./types.js";


/**
 * Hands each human decision of the batch (a standing grant's included) to `onDecision`, all at once (each under its own
 * 5 s bound), so one slow sink costs the batch one bound, not one per decision. Like an
 * observer hook it can never change an outcome; failures go to `onHookError`. Delivery is
 * at least once: a process that crashes after the tools ran but before the batch is saved
 * answers the batch again when the run resumes, and reports its decisions again.
 */
export async function reportDecisions(
  outcomes: readonly Outcome[],
  threadId: string | undefined,
  onDecision: DecisionHandler | undefined,
  onHookError: HookErrorHandler,
  runSignal: RunCancellation | undefined,
): Promise<void> {
  if (onDecision === undefined) return;
  const events = outcomes.flatMap((outcome): DecisionEvent[] => {
    const record = outcome.record;
    if (record === undefined || (record.source !== "reviewer" && record.source !== "expired" && record.source !== "grant")) return [];
    return [{ ...record, threadId, toolCallId: outcome.call.id ?? "", toolName: outcome.call.name, arguments: outcome.call.args }];
  });
  await Promise.all(events.map((event) => deliverBounded(() => onDecision(event), { event: "onDecision", toolName: event.toolName, toolCallId: event.toolCallId }, onHookError, runSignal)));
}

/** Which of the node's audit callbacks is called, and about which call. */
interface CallbackSeat {
  event: "onDecision" | "onShadowVerdict";
  toolName: string;
  toolCallId: string;
}

/**
 * Calls one of the node's audit callbacks under the observer bound (5 s). It never changes an
 * outcome: a throw, a timeout or LangGraph control flow is reported to `onHookError`.
 *
 * @example
 * ```ts
 * await deliverBounded(() => onDecision(event), { event: "onDecision", toolName, toolCallId }, onHookError, runSignal);
 * ```
 */
export async function deliverBounded(invoke: () => unknown, where: CallbackSeat, onHookError: HookErrorHandler, runSignal: RunCancellation | undefined): Promise<void> {
  const result = await runBounded(invoke, { timeoutMs: DEFAULT_OBSERVER_TIMEOUT_MS, runSignal, onRunAbort: "grace" });
  if (result.status === "answered") return;
  const error =
    result.status === "failed"
      ? isControlFlow(result.error)
        ? hookControlFlowError(result.error, where)
        : result.error
      : new Error(result.status === "timed_out" ? `${where.event} did not answer within ${DEFAULT_OBSERVER_TIMEOUT_MS} ms` : `${where.event} was abandoned: the run was cancelled`);
  reportHookError(onHookError, error, where);
}
