import type { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { Command } from "@langchain/langgraph";
import type { ClaimSession } from "../claims/index.js";
import { runObservers, type ObserverContext } from "../hooks/observers.js";
import { toolFacts } from "../hooks/tool-facts.js";
import { canonicalJson } from "../payload/canonical-json.js";
import type { BatchDecision, BatchEnvironment } from "./decide-batch.js";
import { callKey } from "./call-identity.js";
import { callMessage, withCallMessage } from "./call-message.js";
import { finishCall, observeCall, type FinishedCall } from "./finish-call.js";
import type { HITLRecord, Outcome } from "./types.js";
import { reportDecisions } from "./report-decisions.js";
import { reportShadowVerdicts } from "./report-shadow.js";
import type { RunStop } from "../protocol/stop-reason.js";
import { runUnlessStopped, stoppedBatch } from "./stopped-call.js";
import { answerMessage, blockedMessage, withHitlRecord } from "./tool-messages.js";

/** What a tool runner answers a call with. */
export type ToolOutput = ToolMessage | Command;

/** Runs one call with the adapter's own tool runner (`ToolNode.runTool`, a middleware handler). */
type RunTool = (call: ToolCall) => Promise<ToolOutput>;

/**
 * A decided batch, answered one call at a time by the adapter's tool runner. Each call's answer
 * is handed back only once every call of the batch has settled, the claim has ended and the
 * observers have spoken, so what a caller receives is final.
 */
export interface AnsweredBatch {
  /**
   * Answers one call of the batch: a blocked or answered call without running anything, a call
   * finished by an earlier execution with its recorded result, any other with `runTool` (its
   * result committed to the claim before the batch goes on).
   *
   * @throws the first failure of any call of the batch (then nothing is answered).
   */
  answer(call: ToolCall, runTool: RunTool): Promise<ToolOutput>;
}

/**
 * Wraps a decided batch so an adapter can answer its calls through its own tool runner.
 * When the last call has settled: the claim ends, `PostToolUse` / `PostToolUseFailure` /
 * `PermissionDenied` observers run, then `PostToolBatch` and `onDecision`, and the first
 * request to stop (a cancel before a halt) goes to `onStop`.
 *
 * @param decision - What {@link decideBatch} decided.
 * @param env - The same environment the batch was decided in.
 * @param onStop - Stops the run after this batch (e.g. `requestStop(config, stop)`).
 * @returns The batch, ready to answer.
 * @example
 * ```ts
 * const batch = answerBatch(await decideBatch(calls, env), env, (stop) => requestStop(config, stop));
 * const message = await batch.answer(calls[0], (call) => runTool(call));
 * ```
 */
export function answerBatch(decision: BatchDecision, env: BatchEnvironment, onStop: (stop: RunStop) => void): AnsweredBatch {
  const { outcomes } = decision;
  const attempts: Array<PromiseSettledResult<ToolOutput> | undefined> = outcomes.map(() => undefined);
  const taken: boolean[] = outcomes.map(() => false);
  let settledCount = 0;
  let finish: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const finished = ready.then(() => finishBatch(decision, env, attempts as Array<PromiseSettledResult<ToolOutput>>, onStop));
  // Every answer awaits `finished`; this only keeps an unawaited copy from being reported as unhandled.
  finished.catch(() => undefined);
  const settle = (index: number, attempt: PromiseSettledResult<ToolOutput>): void => {
    attempts[index] = attempt;
    settledCount += 1;
    if (settledCount === outcomes.length) finish?.();
  };
  return {
    answer(call, runTool) {
      let index: number;
      try {
        index = indexOf(decision.calls, taken, call);
      } catch (error) {
        return Promise.reject(error);
      }
      taken[index] = true;
      // Each call settles into its slot once, fulfilled or rejected (never an unhandled rejection);
      // a call answered without running takes no promise at all.
      try {
        const settling = settleCall(outcomes[index]!, runTool, decision.keys[index], decision.session, env);
        if (settling instanceof Promise) {
          settling.then(
            (value) => settle(index, { status: "fulfilled", value }),
            (reason: unknown) => settle(index, { status: "rejected", reason }),
          );
        } else {
          settle(index, { status: "fulfilled", value: settling });
        }
      } catch (reason) {
        settle(index, { status: "rejected", reason });
      }
      return finished.then((calls) => calls[index]!.output);
    },
  };
}

/**
 * The position of a call in its batch: the same object when the runner passes it on; else the
 * first unanswered one with its id, name and arguments (calls sharing an id are told apart by
 * what they carry), then with its id and name. Each position is answered once, so every call of
 * the batch — two sharing an id included — gets exactly one answer.
 */
function indexOf(calls: readonly ToolCall[], taken: readonly boolean[], call: ToolCall): number {
  const open = (predicate: (candidate: ToolCall) => boolean): number => calls.findIndex((candidate, index) => !taken[index] && predicate(candidate));
  const sameId = (candidate: ToolCall): boolean => (candidate.id ?? "") === (call.id ?? "") && candidate.name === call.name;
  const byCall = open((candidate) => candidate === call);
  if (byCall !== -1) return byCall;
  const byArgs = open((candidate) => sameId(candidate) && canonicalJson(candidate.args) === canonicalJson(call.args));
  if (byArgs !== -1) return byArgs;
  const byId = open(sameId);
  if (byId !== -1) return byId;
  throw new Error(`Tool call "${call.id ?? call.name}" is not part of the decided batch, or was answered twice.`);
}

/** A call's answer: at once for a call that does not run (or already ran), else once its run is recorded. */
function settleCall(outcome: Outcome, runTool: RunTool, key: string | undefined, session: ClaimSession | undefined, env: BatchEnvironment): ToolOutput | Promise<ToolOutput> {
  switch (outcome.kind) {
    case "blocked":
      return blockedMessage(outcome.call, outcome.source, outcome.record, env.options.reviewMessages);
    case "answer":
      return answerMessage(outcome.call, outcome.text, outcome.record, env.options.reviewMessages);
    case "run": {
      // Keyed as the store reads it back (Postgres returns text); unique within the batch, the empty key included.
      const id = callKey(outcome.call);
      const earlier = session !== undefined ? session.finished.get(id) : key === undefined ? undefined : env.completed.get(key);
      if (earlier !== undefined) return earlier;
      const { call, record } = outcome;
      return runUnlessStopped(call, runTool, env.runSignal).then((output) => {
        const settled = record === undefined ? output : withRecord(output, call.id ?? "", record);
        if (session !== undefined) return session.record(id, settled).then(() => settled);
        if (key !== undefined) env.completed.remember(key, settled);
        return settled;
      });
    }
  }
}

/** The output with the audit record on the call's message: the ToolMessage, or the one a Command's update carries. */
function withRecord(output: ToolOutput, toolCallId: string, record: HITLRecord): ToolOutput {
  const message = callMessage(output, toolCallId);
  return message === undefined ? output : withCallMessage(output, toolCallId, withHitlRecord(message, record));
}

async function finishBatch(decision: BatchDecision, env: BatchEnvironment, attempts: ReadonlyArray<PromiseSettledResult<ToolOutput>>, onStop: (stop: RunStop) => void): Promise<FinishedCall[]> {
  const { outcomes, session, keys } = decision;
  const { options, task, runSignal } = env;
  const failure = attempts.find((attempt): attempt is PromiseRejectedResult => attempt.status === "rejected");
  if (failure !== undefined) {
    // Siblings have finished (and their results are committed): the next resume completes only what is left.
    await session?.end("failed");
    throw failure.reason;
  }
  if (runSignal.aborted) {
    // The stopped run writes nothing more: the next resume completes the batch from its recorded results, at once.
    await session?.end("failed");
    throw stoppedBatch(task.threadId);
  }
  const settled = attempts.map((attempt) => (attempt as PromiseFulfilledResult<ToolOutput>).value);
  if (session !== undefined) await session.end("finished");
  const observers = (): ObserverContext => ({ registry: options.hooks, runSignal, threadId: task.threadId, onHookError: options.onHookError, facts: (name) => toolFacts(env.tools.findTool(name)) });
  // A batch without observers takes no turn of the event loop for them (the common, screened-only case).
  const reports = hasCallObservers(options) ? await observeCalls(outcomes, settled, observers()) : [];
  const finished = outcomes.map((outcome, index) => finishCall(outcome, settled[index]!, reports[index], options.reviewMessages));
  if (options.hooks?.has("PostToolBatch") === true) await reportBatch(finished, observers());
  if (options.onDecision !== undefined || options.onShadowVerdict !== undefined) {
    await Promise.all([
      reportDecisions(outcomes, task.threadId, options.onDecision, options.onHookError, runSignal),
      reportShadowVerdicts(outcomes, task.threadId, options.onShadowVerdict, options.onHookError, runSignal),
    ]);
  }
  env.completed.forget(keys.filter((key): key is string => key !== undefined));
  const stops = finished.flatMap((call) => call.stops);
  const stop = stops.find((candidate) => candidate.kind === "cancel") ?? stops[0];
  if (stop !== undefined) onStop(stop);
  return finished;
}

function observeCalls(outcomes: readonly Outcome[], settled: readonly ToolOutput[], observers: ObserverContext) {
  return Promise.all(outcomes.map((outcome, index) => observeCall(outcome, settled[index]!, observers)));
}

/** Whether any per-call observer (`PostToolUse`, `PostToolUseFailure`, `PermissionDenied`) is registered. */
function hasCallObservers({ hooks }: BatchEnvironment["options"]): boolean {
  return hooks !== undefined && (hooks.has("PostToolUse") || hooks.has("PostToolUseFailure") || hooks.has("PermissionDenied"));
}

async function reportBatch(finished: readonly FinishedCall[], observers: ObserverContext): Promise<void> {
  if (finished.length === 0) return;
  const entries = finished.map((call) => call.entry);
  await runObservers("PostToolBatch", [...new Set(entries.map((entry) => entry.toolName))], () => ({ entries }), observers);
}
