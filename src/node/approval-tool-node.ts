import type { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { RunnableToolLike } from "@langchain/core/runnables";
import type { DynamicTool, StructuredToolInterface } from "@langchain/core/tools";
import { isCommand, type Command, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import { HITLError } from "../errors/hitl-error.js";
import { runObservers, type ObserverContext } from "../hooks/observers.js";
import { followRunSignal, type RunCancellation } from "../hooks/run-signal.js";
import { buildApprovalPayload, reviewApprovals, type ApprovalReview } from "../core/approval-review.js";
import { combineOutputs } from "./combine-outputs.js";
import { CompletedCalls } from "../core/completed-calls.js";
import { finishCall, observeCall, type FinishedCall } from "../core/finish-call.js";
import { resolveNodeOptions, type ApprovalToolNodeOptions, type ResolvedNodeOptions } from "../core/options.js";
import { planOutcomes, type Outcome } from "../core/plan-outcomes.js";
import { askBatchQuestions, type BatchAnswers } from "../core/question-step.js";
import { claimStoreFor, openClaim, type ClaimContext, type ClaimSession } from "../claims/index.js";
import { verifyResume } from "../protocol/signing.js";
import type { AnsweredQuestion } from "../questions/ask-user-question.js";
import { questionToolLimits } from "../questions/ask-user-question-tool.js";
import type { OptionLimits } from "../questions/question-schema.js";
import { reportDecisions } from "../core/report-decisions.js";
import { requestStop } from "../core/run-stop.js";
import { screenCall, type Screening, type ScreeningContext } from "../core/screen-call.js";
import { assertCanPause, proposedAtMs, readTaskContext, type TaskContext } from "../core/task-context.js";
import { readToolBatch } from "./tool-batch.js";
import { answerMessage, blockedMessage, withHitlRecord } from "../core/tool-messages.js";

/** A tool an `ApprovalToolNode` can run: anything LangGraph's `ToolNode` accepts. */
export type ApprovalNodeTool = StructuredToolInterface | DynamicTool | RunnableToolLike;

type AskScreening = Extract<Screening, { kind: "ask" }>;

/**
 * A drop-in `ToolNode` that puts a person in the loop. Every tool call of the model's last
 * message is screened through `interruptOn` and the `PreToolUse` hooks; all calls that need
 * approval go into ONE `tool_approval` interrupt, and no tool of the batch runs until the
 * decisions are in. On resume it applies them — `approve`, `edit` (re-screened), `reject`,
 * `respond` — runs each allowed or approved tool exactly once, runs the observer hooks, and
 * answers every call with exactly one `ToolMessage`, in the model's order.
 *
 * LangGraph re-runs the node from its first line on every resume, so hooks run again: they
 * must be deterministic and free of side effects. A decision only applies to the exact
 * request the person reviewed; if a hook answers differently on resume, that call does not run.
 *
 * @example
 * ```ts
 * const tools = new ApprovalToolNode([searchTool, deleteFileTool], {
 *   interruptOn: { delete_file: true },
 * });
 * const graph = new StateGraph(MessagesAnnotation)
 *   .addNode("agent", callModel)
 *   .addNode("tools", tools)
 *   .addEdge(START, "agent")
 *   .addConditionalEdges("agent", toolsCondition, ["tools", END])
 *   .addEdge("tools", "agent")
 *   .compile({ checkpointer: new MemorySaver() });
 * ```
 */
export class ApprovalToolNode<T = any> extends ToolNode<T> {
  readonly #options: ResolvedNodeOptions;
  readonly #toolNames: ReadonlySet<string>;
  readonly #questionTools: ReadonlyMap<string, OptionLimits>;
  readonly #completed = new CompletedCalls();

  /**
   * @param tools - The tools, as for `ToolNode`.
   * @param options - `ToolNode` options plus `hooks`, `humanInTheLoop`, `interruptOn` and `onHookError`.
   * @throws {HITLError} `INVALID_OPTIONS` when an option is malformed or `interruptOn` names an unknown tool.
   */
  constructor(tools: ApprovalNodeTool[], options?: ApprovalToolNodeOptions) {
    const toolNames = tools.map((tool) => tool.name);
    const resolved = resolveNodeOptions(options, toolNames);
    const { hooks: _hooks, humanInTheLoop: _hitl, interruptOn: _interruptOn, onHookError: _onHookError, onDecision: _onDecision, ...toolNodeOptions } = options ?? {};
    super(tools, toolNodeOptions);
    this.#options = resolved;
    this.#toolNames = new Set(toolNames);
    this.#questionTools = new Map(
      tools.flatMap((tool) => {
        const limits = questionToolLimits(tool as { metadata?: Record<string, unknown> });
        return limits === undefined ? [] : [[tool.name, limits] as const];
      }),
    );
  }

  /** Finds one of this node's tools by name (used to check edited arguments). */
  readonly findTool: ToolLookup = (toolName) => this.tools.find((tool) => tool.name === toolName) as ReturnType<ToolLookup>;

  /** Whether anything could ever ask for a person, i.e. whether a checkpointer is needed. */
  get #hasPolicy(): boolean {
    return this.#options.interruptOn.size > 0 || this.#questionTools.size > 0 || this.#options.hooks?.has("PreToolUse") === true;
  }

  protected override async run(input: unknown, config: LangGraphRunnableConfig): Promise<T> {
    const runSignal = followRunSignal(config.signal);
    try {
      return await this.#answerBatch(input, runSignal.toolConfig(config), runSignal);
    } finally {
      runSignal.release();
    }
  }

  async #answerBatch(input: unknown, config: LangGraphRunnableConfig, runSignal: RunCancellation): Promise<T> {
    const batch = readToolBatch(input);
    const task = readTaskContext(config);
    if (this.#hasPolicy && this.#options.hitlEnabled) assertCanPause(task);
    const context: ScreeningContext & { hitlEnabled: boolean } = {
      toolNames: this.#toolNames,
      questionTools: this.#questionTools,
      interruptOn: this.#options.interruptOn,
      hooks: this.#options.hooks,
      threadId: task.threadId,
      runSignal,
      onHookError: this.#options.onHookError,
      hitlEnabled: this.#options.hitlEnabled,
    };
    const screenings = await settleAll(batch.calls.map((call) => screenCall(call, context)));
    throwIfCancelled(screenings, task);
    const claims = claimContextOf(task);
    const review = await this.#review(screenings, task, claims);
    const answers: BatchAnswers = this.#options.hitlEnabled ? askBatchQuestions(screenings, (answered) => this.#verified(answered, task)) : new Map();
    // Every human input is in: commit to one set of decisions before anything runs.
    const session = review === undefined ? undefined : await claimBatch(claims, review);
    const applied = review === undefined || session === undefined ? undefined : { reviewed: review.reviewed, claim: session.review };
    const outcomes = await planOutcomes(screenings, applied, answers, context);
    const keys = outcomes.map((outcome) => (session === undefined ? completionKey(task, outcome.call) : undefined));
    const attempts = await Promise.allSettled(outcomes.map((outcome, index) => this.#settle(outcome, config, batch.state, keys[index], session)));
    const failure = attempts.find((attempt): attempt is PromiseRejectedResult => attempt.status === "rejected");
    if (failure !== undefined) {
      // Siblings have finished (and their results are committed): the next resume completes only what is left.
      await session?.end("failed");
      throw failure.reason;
    }
    const settled = attempts.map((attempt) => (attempt as PromiseFulfilledResult<ToolMessage | Command>).value);
    await session?.end("finished");
    const observers: ObserverContext = { registry: this.#options.hooks, runSignal, threadId: task.threadId, onHookError: this.#options.onHookError };
    const reports = await settleAll(outcomes.map((outcome, index) => observeCall(outcome, settled[index]!, observers)));
    const finished = outcomes.map((outcome, index) => finishCall(outcome, settled[index]!, reports[index]));
    if (this.#options.hooks?.has("PostToolBatch") === true) await reportBatch(finished, observers);
    if (this.#options.onDecision !== undefined) await reportDecisions(outcomes, task.threadId, this.#options.onDecision, this.#options.onHookError, runSignal);
    this.#completed.forget(keys.filter((key): key is string => key !== undefined));
    const stops = finished.flatMap((call) => call.stops);
    const stop = stops.find((candidate) => candidate.kind === "cancel") ?? stops[0];
    if (stop !== undefined) requestStop(config, stop);
    return combineOutputs(finished.map((call) => call.output), batch.inputIsMessageList) as T;
  }

  #verified(answered: AnsweredQuestion<unknown>, task: TaskContext): boolean {
    const { meta, sent } = answered;
    if (meta === undefined || task.threadId === undefined || task.rootTaskId === undefined) return false;
    return verifyResume({ threadId: task.threadId, taskId: task.rootTaskId, value: sent, meta }, this.#options.signingKey);
  }

  async #review(screenings: readonly Screening[], task: TaskContext, claims: ClaimContext | undefined): Promise<ApprovalReview | undefined> {
    if (!this.#options.hitlEnabled) return undefined;
    const asks = screenings.filter((screening): screening is AskScreening => screening.kind === "ask" && (screening.call.id ?? "") !== "");
    if (asks.length === 0) return undefined;
    return reviewApprovals(buildApprovalPayload(asks, proposedAtMs(task) ?? Date.now(), this.findTool), {
      findTool: this.findTool,
      task,
      signingKey: this.#options.signingKey,
      claimExists: async () => claims !== undefined && (await claims.store.read(claims.key)) !== undefined,
    });
  }

  async #settle(outcome: Outcome, config: LangGraphRunnableConfig, state: unknown, key: string | undefined, session: ClaimSession | undefined): Promise<ToolMessage | Command> {
    switch (outcome.kind) {
      case "blocked":
        return blockedMessage(outcome.call, outcome.source, outcome.record);
      case "answer":
        return answerMessage(outcome.call, outcome.text, outcome.record);
      case "run": {
        const id = outcome.call.id ?? "";
        const earlier = session !== undefined ? session.finished.get(id) : key === undefined ? undefined : this.#completed.get(key);
        if (earlier !== undefined) return earlier;
        const output = await this.runTool(outcome.call as ToolCall, config, state);
        const record = outcome.record;
        const settled = record !== undefined && !isCommand(output) ? withHitlRecord(output as ToolMessage, record) : output;
        if (session !== undefined && id !== "") await session.record(id, settled);
        else if (key !== undefined) this.#completed.remember(key, settled);
        return settled;
      }
    }
  }
}

/** Where this task's claim lives, when it can have one (a checkpointer, a thread, a checkpoint). */
function claimContextOf(task: TaskContext): ClaimContext | undefined {
  const { checkpointer, threadId, checkpointId, rootTaskId } = task;
  if (checkpointer == null || threadId === undefined || checkpointId === undefined || rootTaskId === undefined) return undefined;
  return { store: claimStoreFor(checkpointer), key: { threadId, namespace: task.namespace, checkpointId, rootTaskId }, checkpointer, parentNamespace: task.parentNamespace };
}

async function claimBatch(claims: ClaimContext | undefined, review: ApprovalReview): Promise<ClaimSession> {
  if (claims === undefined) throw new HITLError("MISSING_CHECKPOINTER", "A reviewed batch needs a checkpointer and a thread to be claimed; no tool was run.");
  const session = await openClaim(claims, review.own);
  if (session === undefined) {
    throw new HITLError("INTERRUPT_ALREADY_RESOLVED", "This approval was already resolved; nothing was run for this resume.", { threadId: claims.key.threadId });
  }
  return session;
}

/** Waits only when something is pending: most batches are decided without a single promise. */
async function settleAll<T>(values: ReadonlyArray<T | Promise<T>>): Promise<T[]> {
  return values.some((value) => value instanceof Promise) ? Promise.all(values) : (values as T[]);
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

async function reportBatch(finished: readonly FinishedCall[], observers: ObserverContext): Promise<void> {
  if (finished.length === 0) return;
  const entries = finished.map((call) => call.entry);
  await runObservers("PostToolBatch", [...new Set(entries.map((entry) => entry.toolName))], () => ({ entries }), observers);
}

/** Identifies one call of one task attempt series: same thread, same checkpoint, same task. */
function completionKey(task: TaskContext, call: ToolCall): string | undefined {
  if (task.threadId === undefined || task.checkpointId === undefined || task.taskId === undefined || !call.id) return undefined;
  return `${task.threadId}\u0000${task.checkpointId}\u0000${task.taskId}\u0000${call.id}`;
}

