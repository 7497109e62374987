import type { RunCancellation } from "../hooks/run-signal.js";
import type { ShadowVerdictEvent, ShadowVerdictHandler } from "../hooks/shadow.js";
import type { HookErrorHandler } from "../hooks/types.js";
import { deliverBounded } from "./report-decisions.js";
import type { Outcome } from "./types.js";

/**
 * Hands every shadow verdict of an answered batch to `onShadowVerdict`, all at once (each under
 * its own 5 s bound), like `onDecision`: it can never change an outcome, its failures go to
 * `onHookError`, and delivery is at least once (a batch answered again after a crash reports
 * again; deduplicate on `threadId` + `toolCallId` + `hook`). A batch that pauses reports
 * nothing: its calls are screened again, and reported, when it is answered.
 *
 * @param outcomes - The batch's outcomes, whose notes carry what each shadow hook said.
 * @example
 * ```ts
 * await reportShadowVerdicts(outcomes, task.threadId, options.onShadowVerdict, options.onHookError, runSignal);
 * ```
 */
export async function reportShadowVerdicts(
  outcomes: readonly Outcome[],
  threadId: string | undefined,
  onShadowVerdict: ShadowVerdictHandler | undefined,
  onHookError: HookErrorHandler,
  runSignal: RunCancellation | undefined,
): Promise<void> {
  if (onShadowVerdict === undefined) return;
  const events = outcomes.flatMap(({ call, notes }) =>
    (notes.shadow ?? []).map((report): ShadowVerdictEvent => ({ ...report, threadId, toolCallId: call.id ?? "", toolName: call.name })),
  );
  await Promise.all(
    events.map((event) => deliverBounded(() => onShadowVerdict(event), { event: "onShadowVerdict", toolName: event.toolName, toolCallId: event.toolCallId }, onHookError, runSignal)),
  );
}
