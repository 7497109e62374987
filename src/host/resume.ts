import type { RunnableConfig } from "@langchain/core/runnables";
import { Command } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";
import { isResumeEnvelope, reviewerIdentitySchema, wrapResumeValue, type ResumeMeta, type Reviewer } from "../decisions/resume-envelope.js";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import type {
  AskUserQuestionMultiSelectResolution,
  AskUserQuestionResolution,
  AskUserQuestionsResolution,
  RunInterruptResult,
  ToolApprovalDecision,
  ToolApprovalDecisionMap,
} from "../payload/types.js";
import { isExpired } from "../node/approval-review.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import { threadIdOf, type HitlGraph } from "./graph-types.js";
import { invokeAndSettle, type RunOutcome } from "./run-outcome.js";
import { providesThreadLock, withInProcessThreadLock } from "./thread-lock.js";
import { firstSubmission, pickTarget, readThreadState, saverOf } from "./thread-state.js";
import { validateResumeValue } from "./validate-resume-value.js";

/** What `resume()` accepts: decisions for a `tool_approval`, a resolution for a question. */
export type ResumeValue =
  | ToolApprovalDecision[]
  | ToolApprovalDecisionMap
  | AskUserQuestionResolution
  | AskUserQuestionMultiSelectResolution
  | AskUserQuestionsResolution;

/** Options of {@link resume}. */
export interface ResumeOptions {
  /** The interrupt the person reviewed. Strongly recommended: a stale or repeated submission then fails instead of answering a newer interrupt. */
  interruptId?: string;
  /** Who decided; recorded on every resulting `ToolMessage` (`additional_kwargs.hitl.reviewer`). */
  reviewer?: Reviewer;
  /** A note from the reviewer, recorded with the decisions. */
  comment?: string;
  /** Where to find tool schemas for checking edits, when the graph's node cannot be found (e.g. in a subgraph). */
  findTool?: ToolLookup;
}

/** The values type of a compiled graph (what its `invoke` resolves to). */
export type GraphValues<G extends HitlGraph> = Awaited<ReturnType<G["invoke"]>> extends infer V
  ? unknown extends V
    ? Record<string, unknown>
    : V
  : never;

/** What a resume returns: the run's values, the next pending interrupt, or why a hook halted it. */
export type ResumeResult<TValues = Record<string, unknown>> = RunOutcome<TValues>;

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

/**
 * Lets the node resolve an approval whose deadline passed (every pending call is rejected as
 * expired, nothing runs), then tells the caller their decision was not applied.
 */
async function resolveExpired(graph: HitlGraph, config: RunnableConfig, target: RunInterruptResult, threadId: string, options: ResumeOptions): Promise<never> {
  const meta: ResumeMeta = { v: 1, decidedAt: new Date().toISOString(), ...(options.reviewer === undefined ? {} : { reviewer: options.reviewer }) };
  await invokeAndSettle(graph, new Command({ resume: { [target.interruptId]: wrapResumeValue({}, meta) } }), config, threadId);
  const expiresAt = isToolApprovalInterrupt(target.payload) ? target.payload.expires_at : undefined;
  throw new HITLError("INTERRUPT_EXPIRED", `Interrupt ${target.interruptId} expired at ${expiresAt ?? "its deadline"}; its calls were rejected as expired and nothing ran.`, {
    threadId,
    interruptId: target.interruptId,
  });
}

/**
 * Finds tool schemas for checking edits: the approval nodes of the graph (a node exposes
 * `findTool`), then the caller's own lookup.
 */
function toolLookupFor(graph: HitlGraph, fallback: ToolLookup | undefined): ToolLookup {
  const lookups = Object.values(graph.nodes ?? {})
    .map((node) => (node.bound as { findTool?: unknown } | undefined)?.findTool)
    .filter((lookup): lookup is ToolLookup => typeof lookup === "function");
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
 * An earlier `resume()` of this interrupt was submitted but its run never finished (its
 * process died, or a tool threw with `handleToolErrors: false`). The first decision is the one
 * that counts: its run is completed with it — a tool that was running when the process died
 * runs again (at-least-once for that call) — and this caller is told it came too late.
 */
async function completeEarlierResume(graph: HitlGraph, config: RunnableConfig, target: RunInterruptResult, earlier: unknown, threadId: string): Promise<never> {
  await invokeAndSettle(graph, new Command({ resume: { [target.interruptId]: earlier } }), config, threadId);
  throw new HITLError(
    "INTERRUPT_ALREADY_RESOLVED",
    `Interrupt ${target.interruptId} was already answered by an earlier resume whose run had not finished; that run has now been completed with the earlier decisions.`,
    { threadId, interruptId: target.interruptId },
  );
}

/**
 * Resumes a paused thread with a person's answer. Under a per-thread lock it checks that
 * the interrupt is still pending, validates `value` against its payload (edits against the
 * tool's schema too) BEFORE anything is submitted, then resumes the graph addressed by
 * interrupt id and returns the final values and the next pending interrupt, if any.
 *
 * @param graph - The compiled graph (it may be a fresh instance over the same checkpointer).
 * @param config - `{ configurable: { thread_id } }`, plus any run options.
 * @param value - Decisions (array in `action_requests` order, or a map by `tool_call_id`), `{ answer }`
 * for a question (an array of option values when `multiSelect`), or `{ answers }` when the payload has `questions`.
 * @param options - `interruptId` (the one reviewed), `reviewer`, `comment`.
 * @returns `{ values, interrupt?, interrupts, halted? }`.
 * @throws {HITLError} `INTERRUPT_EXPIRED` when the approval's deadline passed (its calls are then
 * rejected as expired; nothing runs), `RUN_CANCELLED` when a hook cancelled the run, `NO_PENDING_INTERRUPT`, `INTERRUPT_ALREADY_RESOLVED`, `INTERRUPT_MISMATCH`,
 * `INVALID_DECISION`, `INVALID_EDIT`, `INVALID_ANSWER`, `INVALID_OPTIONS`, `UNSUPPORTED_INTERRUPT`.
 * @example
 * ```ts
 * const pending = await getInterrupt(graph, config);
 * const { values, interrupt } = await resume(graph, config, [{ type: "approve" }], {
 *   interruptId: pending!.interruptId,
 *   reviewer: { id: "u_42", name: "Ada" },
 * });
 * ```
 */
export async function resume<G extends HitlGraph, TValues = GraphValues<G>>(
  graph: G,
  config: RunnableConfig,
  value: ResumeValue,
  options: ResumeOptions = {},
): Promise<ResumeResult<TValues>> {
  const threadId = requireThreadId(config);
  checkOptions(options);
  const saver = saverOf(graph);
  const work = async (): Promise<ResumeResult<TValues>> => {
    const state = await readThreadState(saver, threadId);
    const target = await pickTarget(state, threadId, options.interruptId, saver);
    const earlier = firstSubmission(state.answered.get(target.interruptId));
    if (isResumeEnvelope(earlier)) await completeEarlierResume(graph, config, target, earlier, threadId);
    if (isToolApprovalInterrupt(target.payload) && isExpired(target.payload, Date.now())) {
      await resolveExpired(graph, config, target, threadId, options);
    }
    const checked = await validateResumeValue(target.payload, value, toolLookupFor(graph, options.findTool));
    const meta: ResumeMeta = {
      v: 1,
      decidedAt: new Date().toISOString(),
      ...(options.reviewer === undefined ? {} : { reviewer: options.reviewer }),
      ...(options.comment === undefined ? {} : { comment: options.comment }),
      ...(checked.digests === undefined ? {} : { digests: checked.digests }),
      ...(checked.expiresAt === undefined ? {} : { expiresAt: checked.expiresAt }),
    };
    const command = new Command({ resume: { [target.interruptId]: wrapResumeValue(checked.value, meta) } });
    return invokeAndSettle<TValues>(graph, command, config, threadId);
  };
  if (providesThreadLock(saver)) return saver.withThreadLock(threadId, work);
  return withInProcessThreadLock(saver, threadId, work);
}
