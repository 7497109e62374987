import { hookControlFlowError } from "./control-flow.js";
import type { HookRegistry } from "./hook-registry.js";
import { preToolUseInput, type PreToolUseRequest } from "./pre-tool-use-input.js";
import { reportHookError } from "./report-hook-error.js";
import { compareShadow, watchShadowHooks, type ShadowReport } from "./shadow.js";
import { runBounded } from "./time-bound.js";
import { foldAnswer, settleAnswer, type PreToolUseVerdict } from "./verdict.js";

/** The verdict of the hooks in charge, and what each shadow hook said beside them. */
export interface ScreenedVerdict extends PreToolUseVerdict {
  /** One report per shadow hook that matched, in registration order; absent when none did. */
  shadow?: ShadowReport[];
}

async function runHooksInCharge(registry: HookRegistry | undefined, request: PreToolUseRequest, start: PreToolUseVerdict): Promise<PreToolUseVerdict> {
  let verdict = start;
  for (const hook of registry?.hooksFor("PreToolUse", request.toolName) ?? []) {
    const outcome = await runBounded((signal) => hook.callback(preToolUseInput(request, verdict.input, signal, false)), {
      timeoutMs: hook.timeoutMs,
      runSignal: request.runSignal,
      onRunAbort: "end",
    });
    const settled = settleAnswer(outcome, hook.timeoutMs);
    if (settled.status === "answered") {
      verdict = foldAnswer(verdict, settled.result ?? {});
      if (verdict.decision === "deny" || verdict.cancel !== undefined) return verdict;
      continue;
    }
    const where = { event: "PreToolUse", toolName: request.toolName, toolCallId: request.toolCallId };
    // Never swallow LangGraph control flow as "the hook threw": nothing of the batch has run yet.
    if (settled.status === "control_flow") throw hookControlFlowError(settled.error, where);
    reportHookError(request.onHookError, settled.reported, { event: "PreToolUse", toolName: request.toolName, toolCallId: request.toolCallId });
    return { ...verdict, decision: "deny", reason: settled.failure.message, failure: settled.failure };
  }
  return verdict;
}

/**
 * Runs the PreToolUse hooks that match one call, in registration order, each under its own
 * bound, and folds their answers: `deny` > `skip` > `ask` > `allow`; each `updatedInput`
 * replaces the input the next hook sees. A hook that throws, times out, is cancelled or
 * answers off-contract denies the call (fail closed), stops the screening, and is reported
 * to `onHookError`. A hook that tries to pause the run (`interrupt()`) is refused: the screening
 * rejects with `HOOK_CANNOT_PAUSE`; other LangGraph control flow is rethrown unchanged.
 *
 * Shadow hooks run at the same time, on the arguments as the model sent them, for the model's
 * calls only (`reviewed: false`: a reviewer's edit is judged once, with the claim, by the hooks
 * in charge). Their answers never enter the fold; each is compared with it (`shadow`). A call
 * waits for a shadow hook at most that hook's own bound.
 *
 * @param start - The verdict before any hook ran (e.g. from `interruptOn`).
 * @example
 * ```ts
 * const verdict = await runPreToolUse(registry, request, { decision: "allow", input: request.toolInput, additionalContext: [] });
 * verdict.shadow?.map((report) => report.differs); // [true]
 * ```
 */
export async function runPreToolUse(registry: HookRegistry | undefined, request: PreToolUseRequest, start: PreToolUseVerdict): Promise<ScreenedVerdict> {
  const shadowHooks = request.reviewed ? [] : (registry?.shadowHooksFor(request.toolName) ?? []);
  if (shadowHooks.length === 0) return runHooksInCharge(registry, request, start);
  const watching = watchShadowHooks(shadowHooks, request);
  let verdict: PreToolUseVerdict;
  try {
    verdict = await runHooksInCharge(registry, request, start);
  } catch (error) {
    // The screening ends here: nothing will read the shadow answers, so stop waiting for them.
    watching.stop();
    throw error;
  }
  return { ...verdict, shadow: compareShadow(await watching.answers, verdict) };
}
