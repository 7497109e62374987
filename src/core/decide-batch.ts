import type { ToolCall } from "@langchain/core/messages/tool";
import type { RunnableConfig } from "@langchain/core/runnables";
import { isGraphInterrupt } from "@langchain/langgraph";
import { claimStoreFor, type ClaimContext, type ClaimSession } from "../claims/index.js";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import { HITLError } from "../errors/hitl-error.js";
import type { RunCancellation } from "../hooks/run-signal.js";
import { busyWaitOfTask, checkpointTimeMs, reportClaimToHost, type StoredInterrupt } from "../langgraph/index.js";
import { verifyResume } from "../protocol/signing.js";
import type { AnswerTrust } from "../questions/ask-user-question.js";
import type { OptionLimits } from "../questions/question-schema.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import { buildApprovalPayload, type ApprovalGrants } from "./approval-payload.js";
import { applyGrants, grantedRecord, grantOffer, grantScopes } from "./grant-screening.js";
import { reviewApprovals, reviewRaisedApproval } from "./approval-review.js";
import type { CompletedCalls } from "./completed-calls.js";
import type { CallContextSource } from "./interrupt-on.js";
import type { ResolvedNodeOptions } from "./types.js";
import { planOutcomes } from "./plan-outcomes.js";
import type { Outcome } from "./types.js";
import { callKey } from "./call-identity.js";
import { askBatchQuestions, storedQuestion, type BatchAnswers } from "./question-step.js";
import { screenBatch, ScreeningContext } from "./screen-call.js";
import type { Screening } from "./types.js";
import { assertCanPause, readStoredInterrupts, type TaskContext } from "./task-context.js";
import { isReviewable } from "./call-identity.js";
import { refuseUnstorableAsks } from "./unstorable-asks.js";

/** What an adapter knows about the tools of one batch. */
export interface BatchTools {
  /** Names of the tools that can run; a call to any other name is left to the tool runner's "not found". */
  names: ReadonlySet<string>;
  /** Tools built by `createAskUserQuestionTool`, with their option limits. */
  questionTools: ReadonlyMap<string, OptionLimits>;
  /** Finds a tool by name, for its argument schema. */
  findTool: ToolLookup;
}

/** Everything the core needs to decide and answer one batch, whichever adapter runs it. */
export interface BatchEnvironment {
  options: ResolvedNodeOptions;
  tools: BatchTools;
  task: TaskContext;
  /** The config the adapter was run with: where host scopes' keys are read (see `grants.scopeKeys`). */
  config: RunnableConfig;
  runSignal: RunCancellation;
  /** Results of calls finished by an earlier pass of the same unclaimed batch, in this process. */
  completed: CompletedCalls;
  /** The state and runtime `interruptOn`'s `when` and `description` functions see (an adapter may build it lazily). */
  callContext?: CallContextSource;
}

/** A batch whose every outcome is decided: all human input is in and the claim (if any) is held. */
export interface BatchDecision {
  /** The calls as the adapter gave them, in the model's order. */
  calls: readonly ToolCall[];
  /** One outcome per call, in the model's order. */
  outcomes: Outcome[];
  /** The claim of a reviewed batch; `undefined` when no person was asked. */
  session: ClaimSession | undefined;
  /** Per call, the in-process completion key of an unclaimed batch. */
  keys: Array<string | undefined>;
}

type AskScreening = Extract<Screening, { kind: "ask" }>;

/**
 * Decides one batch before any of it runs: screens every call (`interruptOn`, `PreToolUse`),
 * raises one `tool_approval` interrupt for every `ask`, judges the answer once and commits that
 * judgment as the batch's claim, then raises one interrupt per question, and plans an outcome
 * per call. On a pass that pauses this throws LangGraph's `GraphInterrupt`, which must propagate
 * untouched (a held claim is released first, so the next resume completes it at once).
 *
 * @param calls - The batch, in the model's order.
 * @param env - Options, tools, the task's place in its thread, the run's cancellation.
 * @returns The outcomes, the claim session and the completion keys.
 * @throws {HITLError} `MISSING_CHECKPOINTER`, `RUN_CANCELLED`, `INTERRUPT_ALREADY_RESOLVED`, `THREAD_BUSY`.
 * @example
 * ```ts
 * const decision = await decideBatch(calls, env);
 * decision.outcomes.map((outcome) => outcome.kind); // ["run", "blocked"]
 * ```
 */
export async function decideBatch(calls: readonly ToolCall[], env: BatchEnvironment): Promise<BatchDecision> {
  const { options, task } = env;
  if (hasPolicy(env) && options.hitlEnabled) assertCanPause(task, options.adapter);
  const context = screeningContext(env);
  const screened = await refuseUnstorableAsks(await screenBatch(calls, context), task.checkpointer);
  throwIfCancelled(screened, task);
  const readStored = once(() => readStoredInterrupts(task));
  const screenings = await withGrants(screened, env, readStored);
  const session = await requestReview(screenings, env, context, readStored);
  // The host that started this run reports the submission from this judgment, without reading the claim back.
  if (session !== undefined) reportClaimToHost(task.load, task, task.continuationToken, session.review.interruptId, session.review);
  let answers: BatchAnswers;
  try {
    const asks = options.hitlEnabled && screenings.some((screening) => screening.kind === "question");
    answers = asks ? askBatchQuestions(screenings, answerTrust(env), task.resuming ? storedQuestion(await readStored()) : undefined) : new Map();
  } catch (error) {
    // A question still waits (or the run failed): let the next resume take the claim over at once.
    await session?.end(isGraphInterrupt(error) ? "paused" : "failed");
    throw error;
  }
  const outcomes = planOutcomes(screenings, session?.review, answers, options.hitlEnabled);
  const keys = outcomes.map((outcome) => (session === undefined ? completionKey(task, outcome.call) : undefined));
  return { calls, outcomes, session, keys };
}

/** The screening context of a batch (also what edits are screened again with). */
function screeningContext(env: BatchEnvironment): ScreeningContext & { hitlEnabled: boolean } {
  const { options, tools, task } = env;
  return {
    toolNames: tools.names,
    findTool: tools.findTool,
    questionTools: tools.questionTools,
    interruptOn: options.interruptOn,
    hooks: options.hooks,
    threadId: task.threadId,
    runSignal: env.runSignal,
    onHookError: options.onHookError,
    hitlEnabled: options.hitlEnabled,
    callContext: env.callContext,
  };
}

/** Whether anything could ever ask for a person, i.e. whether a checkpointer is needed. */
function hasPolicy({ options, tools }: BatchEnvironment): boolean {
  return options.interruptOn.size > 0 || tools.questionTools.size > 0 || options.hooks?.has("PreToolUse") === true;
}

/** Answers are signed and verified like approvals: with a signing key, one that does not verify is refused. */
function answerTrust(env: BatchEnvironment): AnswerTrust {
  const { threadId, rootTaskId } = env.task;
  const { signingKey } = env.options;
  return {
    required: signingKey !== undefined,
    verify: ({ value, meta, interruptId }) =>
      meta !== undefined && threadId !== undefined && rootTaskId !== undefined && interruptId !== undefined && verifyResume({ threadId, taskId: rootTaskId, interruptId, value, meta }, signingKey),
  };
}

/** Runs `read` at most once, however many times the result is asked for. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= read());
}

/**
 * Standing grants, for a node that has grant options (a node without never reads them): a
 * resumed pass applies what the approval its first pass raised recorded, any other pass reads
 * live grants once.
 */
async function withGrants(screenings: readonly Screening[], env: BatchEnvironment, readStored: () => Promise<readonly StoredInterrupt[]>): Promise<readonly Screening[]> {
  const { grants, onHookError } = env.options;
  if (grants === undefined) return screenings;
  const context = { grants, task: env.task, config: env.config, onHookError };
  const stored = env.task.resuming ? (await readStored()).map((raised) => raised.value).find(isToolApprovalInterrupt) : undefined;
  return applyGrants(screenings, context, stored);
}

/** What the approval tells the reviewer about grants: each call's offer, the batch's granted calls. */
function approvalGrants(screenings: readonly Screening[], env: BatchEnvironment): ApprovalGrants | undefined {
  const { grants } = env.options;
  if (grants === undefined) return undefined;
  const scopes = grantScopes(grants, env.task, env.config);
  return { offerFor: (ask) => grantOffer(grants, scopes, ask), granted: grantedRecord(screenings) };
}

async function requestReview(screenings: readonly Screening[], env: BatchEnvironment, screening: ScreeningContext, readStored: () => Promise<readonly StoredInterrupt[]>): Promise<ClaimSession | undefined> {
  if (!env.options.hitlEnabled) return undefined;
  const asks = screenings.filter((candidate): candidate is AskScreening => candidate.kind === "ask" && isReviewable(candidate.call));
  // Nothing asks and nothing was raised before: no review, no claim.
  if (asks.length === 0 && !env.task.resuming) return undefined;
  const { findTool } = env.tools;
  const { signingKey, grants } = env.options;
  const context = { findTool, task: env.task, signingKey, claims: claimContextOf(env.task), screenings, screening, grants, readStored };
  // Whether a person decides must not hang on this pass's screening: a resumed pass looks for what was raised.
  if (asks.length === 0) return env.task.resuming ? reviewRaisedApproval(context) : undefined;
  // Proposed when the checkpoint the task runs from was made: the same on every pass, so a deadline never drifts.
  return reviewApprovals(buildApprovalPayload(asks, checkpointTimeMs(env.task.checkpointId) ?? Date.now(), findTool, env.options.requestShape, approvalGrants(screenings, env)), context);
}

/** Where this task's claim lives, when it can have one (a checkpointer, a thread, a checkpoint). */
function claimContextOf(task: TaskContext): ClaimContext | undefined {
  const { checkpointer, threadId, checkpointId } = task;
  if (checkpointer == null || threadId === undefined || checkpointId === undefined) return undefined;
  const busyWaitMs = busyWaitOfTask(task.load, task, task.continuationToken);
  return { store: claimStoreFor(checkpointer), key: { threadId, namespace: task.namespace, checkpointId }, checkpointer, parentNamespace: task.parentNamespace, busyWaitMs };
}

/** A PreToolUse `cancelRun` stops the run before anything of the batch runs. */
function throwIfCancelled(screenings: readonly Screening[], task: TaskContext): void {
  const cancelled = screenings.find((screening) => screening.notes.cancel !== undefined);
  if (cancelled?.notes.cancel === undefined) return;
  throw new HITLError("RUN_CANCELLED", `The run was cancelled by a PreToolUse hook: ${cancelled.notes.cancel.reason}`, {
    ...(task.threadId === undefined ? {} : { threadId: task.threadId }),
    details: [{ toolCallId: cancelled.call.id ?? "", message: cancelled.notes.cancel.reason }],
  });
}

/** Identifies one call of one task attempt series: same thread, same checkpoint, same task. */
function completionKey(task: TaskContext, call: ToolCall): string | undefined {
  if (task.threadId === undefined || task.checkpointId === undefined || task.taskId === undefined || !call.id) return undefined;
  return `${task.threadId}\u0000${task.checkpointId}\u0000${task.taskId}\u0000${callKey(call)}`;
}
