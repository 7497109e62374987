import type { RunnableConfig } from "@langchain/core/runnables";
import { Command } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { claimStoreFor, type ClaimedReview } from "../claims/index.js";
import { reportingUnavailable } from "../errors/database-unavailable.js";
import { handOverLoad, nodeRunnables, type HandedOverLoad } from "../langgraph/index.js";
import { wrapResumeValue, type ResumeMeta } from "../protocol/resume-envelope.js";
import { signResume } from "../protocol/signing.js";
import { submissionDigest } from "../protocol/submission-digest.js";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import { isExpired } from "../protocol/expiry.js";
import { reportFromClaim, reportFromReview, throwIfRefused, type SubmissionReport } from "./submission-outcome.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import { requireThreadId, type HITLGraph } from "./graph-types.js";
import { invokeAndSettle, type RunOutcome } from "./run-outcome.js";
import { isRemoteGraph } from "./remote-graph.js";
import { resumeRemote } from "./resume-remote.js";
import { withThreadContinuation, type ContinuationLease } from "./continuation.js";
import { pickTarget, readThreadHead, readThreadState, saverForThread, type PendingTarget, type ThreadHead, type ThreadState } from "./thread-state.js";
import { lateResumeValue, validateResumeValue, type CheckedResumeValue } from "./validate-resume-value.js";
import { checkResumeOptions, resumeMetaFor } from "./resume-options.js";
import type { GraphValues, ResumeOptions, ResumeResult, ResumeValue } from "./resume-types.js";

export type { GraphValues, ResumeOptions, ResumeResult, ResumeValue } from "./resume-types.js";

/** A node's tool lookup: an approval node's `findTool`, or the `tools` list of any other tool node (a `createAgent` agent's). */
function nodeLookup(runnable: unknown): ToolLookup | undefined {
  const { findTool, tools } = (runnable ?? {}) as { findTool?: unknown; tools?: unknown };
  if (typeof findTool === "function") return findTool as ToolLookup;
  if (!Array.isArray(tools)) return undefined;
  return (toolName) => tools.find((tool) => (tool as { name?: unknown } | null)?.name === toolName) as ReturnType<ToolLookup>;
}

/**
 * Finds tool schemas for checking edits: the tool nodes of the graph (an `ApprovalToolNode`,
 * or the tools node a `createAgent` agent runs `approvalMiddleware` in), then the caller's own lookup.
 */
function toolLookupFor(graph: HITLGraph, fallback: ToolLookup | undefined): ToolLookup {
  const lookups = nodeRunnables(graph)
    .map(nodeLookup)
    .filter((lookup): lookup is ToolLookup => lookup !== undefined);
  if (fallback !== undefined) lookups.push(fallback);
  return (toolName) => {
    for (const lookup of lookups) {
      const found = lookup(toolName);
      if (found !== undefined) return found;
    }
    return undefined;
  };
}

/**
 * What the node did with this submission, from the judgment it committed for the interrupt (the
 * node is the only authority) — as the node reported it to this run through the handed-over
 * load, or read from the claim store: applied, applied as expired, superseded by another
 * submission, or refused (then this throws the node's code: nothing of the batch ran).
 */
async function reportSubmission(prepared: PreparedResume, outcome: RunOutcome<unknown>, submission: string, load: HandedOverLoad | undefined): Promise<SubmissionReport> {
  const { saver, target, threadId } = prepared;
  const reported = load?.claimOf(target.interruptId) as ClaimedReview | undefined;
  if (reported !== undefined) return reportFromReview(reported, submission);
  const claim = await claimStoreFor(saver).claimOfInterrupt(threadId, target.interruptId);
  if (claim !== undefined) return reportFromClaim(claim, submission);
  throwIfRefused(outcome, threadId);
  return { status: "unknown" };
}

/** A submission `resume()` checked and signed, ready to run: nothing of it has reached the graph yet. */
interface PreparedResume {
  saver: BaseCheckpointSaver;
  threadId: string;
  target: PendingTarget;
  /** Whether the target is an approval (a question otherwise). */
  approval: boolean;
  checked: CheckedResumeValue;
  meta: ResumeMeta;
  /** `Command({ resume: { [interruptId]: envelope } })`, addressed by interrupt id. */
  command: Command;
  /** How long to wait for a busy thread (the caller's `busyWaitMs`; the checkpointer's when undefined). */
  busyWaitMs: number | undefined;
}

/** What `DATABASE_UNAVAILABLE` says when the run itself lost the database. */
const APPLYING_CONSEQUENCE =
  "the run stopped while applying the decisions. Decisions already claimed stay claimed and calls already finished stay finished; resuming again completes the run.";

/**
 * Every check `resume()` makes before anything is submitted, on a thread state already read:
 * that the interrupt is pending, and `value` against its payload; then the envelope is signed.
 */
async function prepareFrom(graph: HITLGraph, saver: BaseCheckpointSaver, threadId: string, state: ThreadState, value: ResumeValue, options: ResumeOptions): Promise<PreparedResume> {
  const target = await reportingUnavailable(() => pickTarget(state, threadId, options.interruptId, saver), "nothing was submitted. Try again.", threadId);
  const approval = isToolApprovalInterrupt(target.payload);
  // Past the deadline by this clock: the node judges the deadline (one clock), so the value goes as it is.
  const late = approval && isToolApprovalInterrupt(target.payload) && isExpired(target.payload, Date.now());
  const checked: CheckedResumeValue = late ? lateResumeValue(value) : await validateResumeValue(target.payload, value, toolLookupFor(graph, options.findTool));
  const meta = resumeMetaFor(options, checked.digests);
  meta.signature = signResume({ threadId, taskId: target.taskId, interruptId: target.interruptId, value: checked.value, meta }, options.signingKey);
  const command = new Command({ resume: { [target.interruptId]: wrapResumeValue(checked.value, meta) } });
  return { saver, threadId, target, approval, checked, meta, command, busyWaitMs: options.busyWaitMs };
}

/**
 * Every check `resume()` makes before anything is submitted: the thread, the options, that the
 * interrupt is pending, and `value` against its payload; then the envelope is signed. Reads the
 * thread outside its lease (for a caller that must refuse a value before it takes the lease:
 * `resumeStream`); `resume()` itself reads once, under the lease.
 *
 * @throws {HITLError} as {@link resume} does before submitting.
 * @example
 * ```ts
 * const prepared = await prepareResume(graph, config, [{ type: "approve" }], { interruptId });
 * ```
 */
export async function prepareResume(graph: HITLGraph, config: RunnableConfig, value: ResumeValue, options: ResumeOptions): Promise<PreparedResume> {
  const threadId = requireThreadId(config, "resume()");
  checkResumeOptions(options);
  const saver = saverForThread(graph, threadId, "resume");
  const state = await reportingUnavailable(() => readThreadState(saver, threadId), "nothing was submitted. Try again.", threadId);
  return prepareFrom(graph, saver, threadId, state, value, options);
}

/** The thread's head, read once under its lease. */
function readHead(saver: BaseCheckpointSaver, threadId: string): Promise<ThreadHead> {
  return reportingUnavailable(() => readThreadHead(saver, threadId), "nothing was submitted. Try again.", threadId);
}

/** A run under the lease, and the load it was handed (what its node reported back). */
interface LeasedRun<TValues> {
  outcome: RunOutcome<TValues>;
  load: HandedOverLoad | undefined;
}

/**
 * Runs `run` with the lease's config and, when the head was read, that head handed over: the
 * run's own checkpoint load and its node's read of the stored request are served from it, and
 * its node waits for another execution's batch as long as the caller's `busyWaitMs` says.
 */
async function runWithHead<TValues>(
  lease: ContinuationLease,
  { saver, threadId, busyWaitMs }: Pick<PreparedResume, "saver" | "threadId" | "busyWaitMs">,
  head: ThreadHead,
  config: RunnableConfig,
  run: (runConfig: RunnableConfig) => Promise<RunOutcome<TValues>>,
): Promise<LeasedRun<TValues>> {
  const runConfig = lease.runConfig(config);
  if (head.tuple === undefined) return { outcome: await reportingUnavailable(() => run(runConfig), APPLYING_CONSEQUENCE, threadId), load: undefined };
  const { config: handed, load } = handOverLoad(runConfig, saver, head.tuple, () => !lease.lost, busyWaitMs);
  try {
    return { outcome: await reportingUnavailable(() => run(handed), APPLYING_CONSEQUENCE, threadId), load };
  } finally {
    load.close();
  }
}

/**
 * What `resume()` returns for a run that went through: a question's `"answered"`, or what the
 * node recorded for the approval.
 *
 * @throws {HITLError} the node's refusal code when it raised the interrupt again with an `error`.
 * @example
 * ```ts
 * const result = await reportResume(prepared, leased);
 * ```
 */
async function reportResume<TValues>(prepared: PreparedResume, { outcome, load }: LeasedRun<TValues>): Promise<ResumeResult<TValues>> {
  const { threadId, approval, checked, meta } = prepared;
  if (!approval) {
    throwIfRefused(outcome as RunOutcome<unknown>, threadId);
    return { ...outcome, status: "answered" };
  }
  const report = await reportingUnavailable(
    () => reportSubmission(prepared, outcome as RunOutcome<unknown>, submissionDigest(meta.attempt, checked.value), load),
    "the run finished, but its outcome could not be read.",
    threadId,
  );
  return { ...outcome, ...report };
}

/**
 * Resumes a paused thread with a person's answer. It takes the thread's continuation lease
 * (one continuation per paused checkpoint: a concurrent resume waits, then reads and is told the
 * interrupt was resolved), reads the thread's head once, checks that the interrupt is still
 * pending and validates `value` against its payload (edits against the tool's schema too)
 * BEFORE anything is submitted, signs it, resumes the graph addressed by interrupt id — with
 * `durability: "sync"` unless the caller chose one, the head it read handed to the run (so the
 * run and its node do not read the thread again) — and reports what the node recorded for it.
 * The node is the authority: it judges the value once, commits that judgment as the batch's
 * claim (the first committed claim wins), judges the deadline by the claim store's clock and
 * binds the decisions to what was reviewed. A `RemoteGraph` is resumed through {@link resumeRemote}.
 *
 * Once the submission reached the graph, `resume()` does not throw for what happened to its
 * decisions: it returns the run's values, the next interrupt and a `status` — `"applied"`,
 * `"expired"` (the node found the deadline passed: every call was rejected), `"superseded"`
 * (another submission's decisions were committed first and applied), `"answered"` (a question).
 *
 * @param graph - The compiled graph (it may be a fresh instance over the same checkpointer).
 * @param config - `{ configurable: { thread_id } }`, plus any run options.
 * @param value - Decisions (array in `action_requests` order, or a map by `tool_call_id`), `{ answer }`
 * for a question (an array of option values when `multiSelect`), or `{ answers }` when the payload has `questions`.
 * @param options - `interruptId` (the one reviewed), `reviewer`, `comment`, `signingKey`, `findTool`, `busyWaitMs`.
 * @returns `{ values, interrupt?, interrupts, halted?, status, judgment? }`.
 * @throws {HITLError} `INTERRUPT_ALREADY_RESOLVED` when the interrupt was resolved before this
 * submission could run anything, `THREAD_BUSY` while another execution applies another
 * submission's decisions, `INVALID_SIGNATURE` (and the node's other refusals: nothing of the
 * batch ran; the run waits on the re-raised interrupt), `RUN_CANCELLED` when a hook cancelled the run,
 * `UNKNOWN_THREAD` (nothing was ever checkpointed under the thread id), `NO_PENDING_INTERRUPT`, `UNKNOWN_INTERRUPT`, `INTERRUPT_MISMATCH`, `INVALID_DECISION`, `INVALID_EDIT`,
 * `INVALID_ANSWER`, `INVALID_OPTIONS`, `UNSUPPORTED_INTERRUPT`, `DATABASE_UNAVAILABLE`.
 * @example
 * ```ts
 * const pending = await getInterrupt(graph, config);
 * const { values, interrupt } = await resume(graph, config, [{ type: "approve" }], {
 *   interruptId: pending!.interruptId,
 *   reviewer: { id: "u_42", name: "Ada" },
 * });
 * ```
 */
export async function resume<G extends HITLGraph, TValues = GraphValues<G>>(
  graph: G,
  config: RunnableConfig,
  value: ResumeValue,
  options: ResumeOptions = {},
): Promise<ResumeResult<TValues>> {
  if (isRemoteGraph(graph)) return resumeRemote<TValues>(graph, config, value, options);
  return resumeLocal<TValues>(graph, config, value, options);
}

/**
 * {@link resume} on a graph with a local checkpointer, telling `onTarget` which pending interrupt
 * the submission answers as soon as it is known (for a caller that reports on the reviewed calls,
 * such as the HTTP handler, without reading the thread a second time).
 *
 * @throws {HITLError} as {@link resume} does.
 * @example
 * ```ts
 * let reviewed: PendingTarget | undefined;
 * const result = await resumeLocal(graph, config, [{ type: "approve" }], { interruptId }, (target) => (reviewed = target));
 * ```
 */
export async function resumeLocal<TValues>(
  graph: HITLGraph,
  config: RunnableConfig,
  value: ResumeValue,
  options: ResumeOptions,
  onTarget: (target: PendingTarget) => void = () => undefined,
): Promise<ResumeResult<TValues>> {
  const threadId = requireThreadId(config, "resume()");
  checkResumeOptions(options);
  const saver = saverForThread(graph, threadId, "resume");
  // One read: the head, read under the lease, decides the submission and is handed to the run.
  const { prepared, leased } = await withThreadContinuation(saver, threadId, async (lease) => {
    const head = await readHead(saver, threadId);
    const prepared = await prepareFrom(graph, saver, threadId, head.state, value, options);
    onTarget(prepared.target);
    return { prepared, leased: await runWithHead<TValues>(lease, prepared, head, config, (runConfig) => invokeAndSettle<TValues>(graph, prepared.command, runConfig, threadId)) };
  }, options);
  return reportResume(prepared, leased);
}

/**
 * Runs a prepared submission as the thread's one continuation and reports it: under the lease,
 * reads the thread's head and checks that the interrupt is still pending, runs `run` with the
 * lease's config (its token, `durability: "sync"` unless `config` chose one, the head handed
 * over), then reports what the node recorded.
 *
 * @param prepared - What {@link prepareResume} returned.
 * @param config - The caller's run config.
 * @param run - Runs `prepared.command` with the config it is given and settles the outcome.
 * @throws {HITLError} as {@link resume} does once its checks passed.
 * @example
 * ```ts
 * await continueUnderLease(prepared, config, (runConfig) => invokeAndSettle(graph, prepared.command, runConfig, prepared.threadId));
 * ```
 */
export async function continueUnderLease<TValues>(prepared: PreparedResume, config: RunnableConfig, run: (runConfig: RunnableConfig) => Promise<RunOutcome<TValues>>): Promise<ResumeResult<TValues>> {
  const { saver, threadId, target } = prepared;
  // One continuation: only the lease holder runs, after re-reading that the interrupt is still pending (src/host/continuation.ts).
  const leased = await withThreadContinuation(saver, threadId, async (lease) => {
    const head = await readHead(saver, threadId);
    await reportingUnavailable(() => pickTarget(head.state, threadId, target.interruptId, saver), "nothing was submitted. Try again.", threadId);
    return runWithHead(lease, prepared, head, config, run);
  }, prepared);
  return reportResume(prepared, leased);
}
