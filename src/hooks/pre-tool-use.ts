import { hookControlFlowError } from "./control-flow.js";
import type { BoundHook, HookRegistry } from "./hook-registry.js";
import { preToolUseInput, type PreToolUseRequest } from "./pre-tool-use-input.js";
import { reportHookError } from "./report-hook-error.js";
import { compareShadow, watchShadowHooks, type ShadowReport } from "./shadow.js";
import { runBounded, type BoundedOutcome } from "./time-bound.js";
import { foldAnswer, settleAnswer, type PreToolUseVerdict } from "./verdict.js";

/** The verdict of the hooks in charge, and what each shadow hook said beside them. */
export interface ScreenedVerdict extends PreToolUseVerdict {
  /** One report per shadow hook that matched, in registration order; absent when none did. */
  shadow?: ShadowReport[];
}

/** Where one hook leaves the fold: the verdict so far, and whether screening stops at it. */
interface FoldStep {
  verdict: PreToolUseVerdict;
  done: boolean;
}

/**
 * Folds one hook's outcome into the verdict. A hook that failed denies the call (fail closed) and
 * ends the screening; a hook that tried LangGraph control flow throws `HOOK_CANNOT_PAUSE`.
 */
function foldOutcome(hook: BoundHook<"PreToolUse">, outcome: BoundedOutcome<unknown>, verdict: PreToolUseVerdict, request: PreToolUseRequest): FoldStep {
  const settled = settleAnswer(outcome, hook.timeoutMs);
  if (settled.status === "answered") {
    const next = foldAnswer(verdict, settled.result ?? {});
    return { verdict: next, done: next.decision === "deny" || next.cancel !== undefined };
  }
  const where = { event: "PreToolUse" as const, toolName: request.toolName, toolCallId: request.toolCallId };
  // Never swallow LangGraph control flow as "the hook threw": nothing of the batch has run yet.
  if (settled.status === "control_flow") throw hookControlFlowError(settled.error, where);
  reportHookError(request.onHookError, settled.reported, where);
  return { verdict: { ...verdict, decision: "deny", reason: settled.failure.message, failure: settled.failure }, done: true };
}

/**
 * Runs the hooks in charge from `from` on, in order. Hooks that answer synchronously are folded
 * at once; the first pending answer makes the rest of the fold wait for it (still in order).
 */
function foldHooks(hooks: ReadonlyArray<BoundHook<"PreToolUse">>, from: number, start: PreToolUseVerdict, request: PreToolUseRequest): PreToolUseVerdict | Promise<PreToolUseVerdict> {
  let verdict = start;
  for (let index = from; index < hooks.length; index += 1) {
    const hook = hooks[index]!;
    const outcome = runBounded((signal) => hook.callback(preToolUseInput(request, verdict.input, signal, false)), {
      timeoutMs: hook.timeoutMs,
      runSignal: request.runSignal,
      onRunAbort: "end",
    });
    if (outcome instanceof Promise) {
      const before = verdict;
      return outcome.then((settled) => {
        const step = foldOutcome(hook, settled, before, request);
        return step.done ? step.verdict : foldHooks(hooks, index + 1, step.verdict, request);
      });
    }
    const step = foldOutcome(hook, outcome, verdict, request);
    if (step.done) return step.verdict;
    verdict = step.verdict;
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
 * When every hook answers synchronously (and none runs in shadow) the verdict comes back at
 * once, without a promise, so screening a batch costs no turn of the event loop; `await` it
 * either way.
 *
 * @param start - The verdict before any hook ran (e.g. from `interruptOn`).
 * @example
 * ```ts
 * const verdict = await runPreToolUse(registry, request, { decision: "allow", input: request.toolInput, additionalContext: [] });
 * verdict.shadow?.map((report) => report.differs); // [true]
 * ```
 */
export function runPreToolUse(registry: HookRegistry | undefined, request: PreToolUseRequest, start: PreToolUseVerdict): ScreenedVerdict | Promise<ScreenedVerdict> {
  const shadowHooks = request.reviewed ? [] : (registry?.shadowHooksFor(request.toolName) ?? []);
  const inCharge = registry?.hooksFor("PreToolUse", request.toolName) ?? [];
  if (shadowHooks.length > 0) return withShadowHooks(shadowHooks, inCharge, request, start);
  try {
    return foldHooks(inCharge, 0, start, request);
  } catch (error) {
    // Refusals (`HOOK_CANNOT_PAUSE`, control flow) reach the caller as a rejection, however the hooks answered.
    return Promise.reject(error);
  }
}

async function withShadowHooks(
  shadowHooks: ReturnType<HookRegistry["shadowHooksFor"]>,
  inCharge: ReadonlyArray<BoundHook<"PreToolUse">>,
  request: PreToolUseRequest,
  start: PreToolUseVerdict,
): Promise<ScreenedVerdict> {
  const watching = watchShadowHooks(shadowHooks, request);
  let verdict: PreToolUseVerdict;
  try {
    verdict = await foldHooks(inCharge, 0, start, request);
  } catch (error) {
    // The screening ends here: nothing will read the shadow answers, so stop waiting for them.
    watching.stop();
    throw error;
  }
  return { ...verdict, shadow: compareShadow(await watching.answers, verdict) };
}
