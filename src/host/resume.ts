import type { RunnableConfig } from "@langchain/core/runnables";
import { Command } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";
import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { claimStoreFor } from "../claims/index.js";
import { reportingUnavailable } from "../errors/database-unavailable.js";
import { reviewerIdentitySchema, wrapResumeValue, type ResumeMeta } from "../protocol/resume-envelope.js";
import { signResume } from "../protocol/signing.js";
import { openLocalSubmission, type LocalSubmission, type SubmissionOutcome } from "../protocol/local-submissions.js";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import { isExpired } from "../protocol/expiry.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import { threadIdOf, type HITLGraph } from "./graph-types.js";
import { invokeAndSettle, type RunOutcome } from "./run-outcome.js";
import { isRemoteGraph } from "./remote-graph.js";
import { resumeRemote } from "./resume-remote.js";
import { withThreadContinuation } from "./continuation.js";
import { pickTarget, readThreadState, saverOf, type ThreadState } from "./thread-state.js";
import { validateResumeValue, type CheckedResumeValue } from "./validate-resume-value.js";
import type { GraphValues, ResumeOptions, ResumeResult, ResumeValue } from "./resume-types.js";

export type { GraphValues, ResumeOptions, ResumeResult, ResumeValue } from "./resume-types.js";

type PendingTarget = ThreadState["pending"][number];


function requireThreadId(config: RunnableConfig): string {
  const threadId = threadIdOf(config);
  if (threadId !== undefined) return threadId;
  const message = "resume() needs `config.configurable.thread_id` to find the paused run";
  throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["configurable", "thread_id"], message }] });
}

function checkOptions(options: ResumeOptions): void {
  if (options.reviewer !== undefined && !reviewerIdentitySchema.safeParse(options.reviewer).success) {
    const message = "`reviewer` must be { id: non-empty string, name?: string }";
    throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["reviewer"], message, received: options.reviewer }] });
  }
  if (options.comment !== undefined && typeof options.comment !== "string") {
    const message = "`comment` must be a string";
    throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["comment"], message, received: options.comment }] });
  }
}

/** A node's tool lookup: an approval node's `findTool`, or the `tools` list of any other tool node (a `createAgent` agent's). */
function nodeLookup(bound: unknown): ToolLookup | undefined {
  const { findTool, tools } = (bound ?? {}) as { findTool?: unknown; tools?: unknown };
  if (typeof findTool === "function") return findTool as ToolLookup;
  if (!Array.isArray(tools)) return undefined;
  return (toolName) => tools.find((tool) => (tool as { name?: unknown } | null)?.name === toolName) as ReturnType<ToolLookup>;
}

/**
 * Finds tool schemas for checking edits: the tool nodes of the graph (an `ApprovalToolNode`,
 * or the tools node a `createAgent` agent runs `approvalMiddleware` in), then the caller's own lookup.
 */
function toolLookupFor(graph: HITLGraph, fallback: ToolLookup | undefined): ToolLookup {
  const nodes = graph.nodes ?? (graph as { graph?: HITLGraph }).graph?.nodes ?? {};
  const lookups = Object.values(nodes)
    .map((node) => nodeLookup(node.bound))
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

function rethrowRefusal(outcome: RunOutcome<unknown>, target: PendingTarget, threadId: string): void {
  const raised = outcome.interrupts.find((entry) => entry.interruptId !== target.interruptId && isToolApprovalInterrupt(entry.payload) && entry.payload.error !== undefined);
  const error = raised === undefined || !isToolApprovalInterrupt(raised.payload) ? undefined : raised.payload.error;
  if (error === undefined) return;
  throw new HITLError(error.code, `The node refused the decisions: ${error.message}`, { threadId, interruptId: raised!.interruptId, details: error.details });
}

/** What became of a submission: its own claim (if it won one), and whether any other claim holds. */
interface ClaimOutcome {
  mine: { expired: boolean } | undefined;
  others: boolean;
}

/** The node ran in this process and reported what it did: nothing to read back. */
function fromReport(reported: SubmissionOutcome): ClaimOutcome {
  return reported.kind === "claimed" ? { mine: { expired: reported.expired }, others: false } : { mine: undefined, others: true };
}

/** The node ran elsewhere (or stopped before claiming): the claims say what happened. */
async function readClaimOutcome(saver: BaseCheckpointSaver, target: PendingTarget, attempt: string, threadId: string): Promise<ClaimOutcome> {
  const claims = await claimStoreFor(saver).claimsOfTask(threadId, target.taskId);
  const mine = claims.find((claim) => claim.attempt === attempt);
  return { mine: mine === undefined ? undefined : { expired: mine.review.expired }, others: claims.length > 0 };
}

/**
 * Says what the node did with this submission, from the claim it committed (the node is the
 * only authority): applied, applied as expired, superseded by an earlier claim, or refused.
 */
async function settleApproval(
  saver: BaseCheckpointSaver,
  outcome: RunOutcome<unknown>,
  target: PendingTarget,
  submission: { attempt: string; reported: SubmissionOutcome | undefined },
  threadId: string,
): Promise<void> {
  const { mine, others } = submission.reported === undefined ? await readClaimOutcome(saver, target, submission.attempt, threadId) : fromReport(submission.reported);
  if (mine?.expired === true) {
    const expiresAt = isToolApprovalInterrupt(target.payload) ? target.payload.expires_at : undefined;
    throw new HITLError("INTERRUPT_EXPIRED", `Interrupt ${target.interruptId} expired at ${expiresAt ?? "its deadline"}; its calls were rejected as expired and nothing ran.`, {
      threadId,
      interruptId: target.interruptId,
    });
  }
  if (mine !== undefined) return;
  if (others) {
    throw new HITLError(
      "INTERRUPT_ALREADY_RESOLVED",
      `Interrupt ${target.interruptId} was already answered by an earlier submission; its run has been completed with those decisions and yours were not applied.`,
      { threadId, interruptId: target.interruptId },
    );
  }
  rethrowRefusal(outcome, target, threadId);
}

/**
 * Resumes a paused thread with a person's answer. It checks that the interrupt is still
 * pending and validates `value` against its payload (edits against the tool's schema too)
 * BEFORE anything is submitted, signs it, resumes the graph addressed by interrupt id, and
 * reports what the node did — the node is the authority: it claims the batch (the first
 * committed claim wins), judges the deadline and binds the decisions to what was reviewed.
 * No lock is held; a `RemoteGraph` is resumed through {@link resumeRemote}.
 *
 * @param graph - The compiled graph (it may be a fresh instance over the same checkpointer).
 * @param config - `{ configurable: { thread_id } }`, plus any run options.
 * @param value - Decisions (array in `action_requests` order, or a map by `tool_call_id`), `{ answer }`
 * for a question (an array of option values when `multiSelect`), or `{ answers }` when the payload has `questions`.
 * @param options - `interruptId` (the one reviewed), `reviewer`, `comment`, `signingKey`, `findTool`.
 * @returns `{ values, interrupt?, interrupts, halted? }`.
 * @throws {HITLError} `INTERRUPT_EXPIRED` when the node found the deadline passed (its calls are
 * then rejected as expired; nothing runs), `INTERRUPT_ALREADY_RESOLVED` when an earlier submission's
 * claim won (the run is completed with those decisions), `THREAD_BUSY` while another execution
 * applies them, `INVALID_SIGNATURE`, `RUN_CANCELLED` when a hook cancelled the run,
 * `NO_PENDING_INTERRUPT`, `UNKNOWN_INTERRUPT`, `INTERRUPT_MISMATCH`, `INVALID_DECISION`, `INVALID_EDIT`,
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
  const threadId = requireThreadId(config);
  checkOptions(options);
  const saver = saverOf(graph);
  const state = await reportingUnavailable(() => readThreadState(saver, threadId), "nothing was submitted. Try again.", threadId);
  const target = await reportingUnavailable(() => pickTarget(state, threadId, options.interruptId, saver), "nothing was submitted. Try again.", threadId);
  const approval = isToolApprovalInterrupt(target.payload);
  // Past the deadline by this clock: the node judges the deadline (one clock), so the value goes as it is.
  const late = approval && isToolApprovalInterrupt(target.payload) && isExpired(target.payload, Date.now());
  const checked: CheckedResumeValue = late ? { value } : await validateResumeValue(target.payload, value, toolLookupFor(graph, options.findTool));
  const meta: ResumeMeta = {
    v: 1,
    decidedAt: new Date().toISOString(),
    ...(options.reviewer === undefined ? {} : { reviewer: options.reviewer }),
    ...(options.comment === undefined ? {} : { comment: options.comment }),
    ...(checked.digests === undefined ? {} : { digests: checked.digests }),
    attempt: randomUUID(),
  };
  meta.signature = signResume({ threadId, taskId: target.taskId, value: checked.value, meta }, options.signingKey);
  const command = new Command({ resume: { [target.interruptId]: wrapResumeValue(checked.value, meta) } });
  const submission = openSubmission(meta.attempt!, target, threadId);
  try {
    // One continuation: only the lease holder runs, after re-reading that the interrupt is still pending (src/host/continuation.ts).
    const outcome = await withThreadContinuation(saver, threadId, async (lease) => {
      await reportingUnavailable(async () => pickTarget(await readThreadState(saver, threadId), threadId, target.interruptId, saver), "nothing was submitted. Try again.", threadId);
      return reportingUnavailable(
        () => invokeAndSettle<TValues>(graph, command, lease.runConfig(config), threadId),
        "the run stopped while applying the decisions. Decisions already claimed stay claimed and calls already finished stay finished; resuming again completes the run.",
        threadId,
      );
    });
    if (approval) {
      await reportingUnavailable(
        () => settleApproval(saver, outcome as RunOutcome<unknown>, target, { attempt: meta.attempt!, reported: submission?.outcome() }, threadId),
        "the run finished, but its outcome could not be read.",
        threadId,
      );
    }
    return outcome;
  } finally {
    submission?.close();
  }
}

/** Hands the node (when it runs in this process) what was just read, and opens its report channel. */
function openSubmission(attempt: string, target: PendingTarget, threadId: string): LocalSubmission | undefined {
  if (target.checkpointId === undefined) return undefined;
  return openLocalSubmission(attempt, { threadId, namespace: "", checkpointId: target.checkpointId, taskId: target.taskId, values: target.storedValues });
}
