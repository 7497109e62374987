import { reportHookError } from "../hooks/report-hook-error.js";
import type { RunCancellation } from "../hooks/run-signal.js";
import { DEFAULT_HOOK_TIMEOUT_MS, runBounded } from "../hooks/time-bound.js";
import type { HookErrorHandler } from "../hooks/types.js";
import type { Outcome } from "./plan-outcomes.js";
import type { HitlRecord } from "./tool-messages.js";

/** One decision a person made (or that expired), as handed to `onDecision`. */
export interface DecisionEvent extends HitlRecord {
  threadId: string | undefined;
  toolCallId: string;
  toolName: string;
  /** The arguments the call ran with (or would have run with). */
  arguments: Record<string, unknown>;
}

/** Receives every applied decision, once, when its batch is answered — for the host's own audit log. */
export type DecisionHandler = (event: DecisionEvent) => void | Promise<void>;

/**
 * Hands each human decision of the batch to `onDecision`, in the model's order. Like an
 * observer hook it is bounded and can never change an outcome; failures go to `onHookError`.
 */
export async function reportDecisions(
  outcomes: readonly Outcome[],
  threadId: string | undefined,
  onDecision: DecisionHandler | undefined,
  onHookError: HookErrorHandler,
  runSignal: RunCancellation | undefined,
): Promise<void> {
  if (onDecision === undefined) return;
  for (const outcome of outcomes) {
    const record = outcome.record;
    if (record === undefined || (record.source !== "reviewer" && record.source !== "expired")) continue;
    const event: DecisionEvent = { ...record, threadId, toolCallId: outcome.call.id ?? "", toolName: outcome.call.name, arguments: outcome.call.args };
    const result = await runBounded(() => onDecision(event), { timeoutMs: DEFAULT_HOOK_TIMEOUT_MS, runSignal, onRunAbort: "grace" });
    if (result.status !== "answered") {
      const error = result.status === "failed" ? result.error : new Error(`onDecision ${result.status === "timed_out" ? "timed out" : "was abandoned"}`);
      reportHookError(onHookError, error, { event: "onDecision", toolName: event.toolName, toolCallId: event.toolCallId });
    }
  }
}
