import { randomUUID } from "node:crypto";
import { interrupt } from "@langchain/langgraph";
import { openClaim, openClaimIfExpired, resumeClaim, type ClaimContext, type ClaimSession, type ProposedReview } from "../claims/index.js";
import { HITLError, isHITLError } from "../errors/hitl-error.js";
import { validateDecisions, type ToolLookup } from "../decisions/validate-decisions.js";
import { digestOfRequestText, requestText } from "../payload/digest.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import { approvalResponseSchema } from "../payload/response-schema.js";
import type { ToolApprovalInterruptPayload } from "../payload/types.js";
import { unwrapResumeValue, type UnwrappedResume } from "../protocol/resume-envelope.js";
import { submissionDigest } from "../protocol/submission-digest.js";
import { refuseOversized } from "../protocol/oversized-value.js";
import { verifyResume, type SigningKey } from "../protocol/signing.js";
import { interruptIdFor, interruptWithId, type StoredInterrupt } from "../langgraph/index.js";
import { reportHookError } from "../hooks/report-hook-error.js";
import { auditOfSubmission } from "./audit-record.js";
import { judgeGrants } from "./grant-judgment.js";
import { judgeVerdicts } from "./judge-verdicts.js";
import { approvalShownAgain } from "./shown-again.js";
import type { ScreeningContext } from "./screen-call.js";
import type { ResolvedGrantOptions, Screening } from "./types.js";
import type { TaskContext } from "./task-context.js";
import { ownValue } from "../payload/own-value.js";

/** What the node needs to judge a resume value, once. */
interface ReviewContext {
  findTool: ToolLookup;
  task: TaskContext;
  signingKey: SigningKey | undefined;
  /** Where the batch's claim lives. */
  claims: ClaimContext | undefined;
  /** This pass's screenings: what a verdict checks the reviewed requests against. */
  screenings: readonly Screening[];
  /** How edits are screened again (PreToolUse on the reviewer's arguments). */
  screening: ScreeningContext;
  /** The node's grant options (`undefined`: grants are refused). */
  grants: ResolvedGrantOptions | undefined;
  /** The interrupts this task raised last, as stored (read at most once per pass). */
  readStored: () => Promise<readonly StoredInterrupt[]>;
}

function sameCalls(a: ToolApprovalInterruptPayload, b: ToolApprovalInterruptPayload): boolean {
  const ids = (payload: ToolApprovalInterruptPayload): string => payload.action_requests.map((request) => request.tool_call_id).join("\u0000");
  return ids(a) === ids(b);
}

function withoutError(payload: ToolApprovalInterruptPayload): ToolApprovalInterruptPayload {
  const { error: _error, ...rest } = payload;
  return rest;
}

/**
 * The payload the person was actually shown, as the checkpointer stored it. Decisions are
 * checked against it (not against this pass's recomputation, and never against anything a
 * resume value claims), so a hook that answers differently on resume cannot change what the
 * decisions mean, and a forged value cannot move the deadline.
 */
async function reviewedPayload(fresh: ToolApprovalInterruptPayload, context: ReviewContext): Promise<ToolApprovalInterruptPayload> {
  const raised = (await context.readStored()).map((stored) => stored.value).filter(isToolApprovalInterrupt);
  // What the person saw, even when this pass asks about other calls: decisions never follow a recomputation.
  const stored = raised.find((value) => sameCalls(value, fresh)) ?? raised[0];
  return withoutError(stored ?? fresh);
}

type Judgement = { ok: true; attempt: string; review: ProposedReview } | { ok: false; problem: HITLError };

function refused(code: "INVALID_DECISION" | "INVALID_SIGNATURE" | "INTERRUPT_MISMATCH", message: string): Judgement {
  return { ok: false, problem: new HITLError(code, message, { details: [{ message }] }) };
}

/** Each reviewed request's digest text, in the order of `action_requests`: computed once per pass, for the digests and the verdicts alike. */
function reviewedTexts(reviewed: ToolApprovalInterruptPayload): string[] {
  return reviewed.action_requests.map((request) => requestText(request.name, request.arguments));
}

/** Digests a resume value may carry only narrow what runs: any that differs refuses the value. */
function digestsMatch(reviewed: ToolApprovalInterruptPayload, texts: readonly string[], digests: Record<string, string> | undefined): boolean {
  if (digests === undefined) return true;
  return reviewed.action_requests.every((request, index) => {
    const bound = ownValue(digests, request.tool_call_id);
    return bound === undefined || bound === digestOfRequestText(texts[index]!);
  });
}

/** Checks that what will be claimed can be stored as JSON (a 100 000-level edit cannot). */
function storable(review: ProposedReview): boolean {
  try {
    JSON.stringify(review);
    return true;
  } catch {
    return false;
  }
}

/** Judges one resume value, once: envelope, signature, digests, decisions, and every reviewed call's verdict. */
async function judge(unwrapped: UnwrappedResume, reviewed: ToolApprovalInterruptPayload, context: ReviewContext, at: { interruptId: string; raises: number }): Promise<Judgement> {
  if (!unwrapped.ok) return refused("INVALID_DECISION", `The resume value was refused: ${unwrapped.message}`);
  refuseOversized(unwrapped.value, "INVALID_DECISION", reviewed);
  const { value, meta } = unwrapped;
  const { threadId, rootTaskId } = context.task;
  const verified =
    meta !== undefined && threadId !== undefined && rootTaskId !== undefined && verifyResume({ threadId, taskId: rootTaskId, interruptId: at.interruptId, value, meta }, context.signingKey);
  if (context.signingKey !== undefined && !verified) {
    return refused("INVALID_SIGNATURE", "The resume value is not signed with this node's signing key, so it was not applied. Resume through resume() or the HTTP handler configured with the same signingKey.");
  }
  const texts = reviewedTexts(reviewed);
  if (!digestsMatch(reviewed, texts, meta?.digests)) {
    return refused("INTERRUPT_MISMATCH", "The decisions were made for a request that differs from the one pending, so they were not applied. Review the pending request again.");
  }
  const attempt = meta?.attempt ?? randomUUID();
  const common = {
    ...auditOfSubmission(meta, verified),
    interruptId: at.interruptId,
    raises: at.raises,
    ...(reviewed.expires_at === undefined ? {} : { expiresAt: reviewed.expires_at }),
    submissionDigest: submissionDigest(meta?.attempt, value),
  };
  try {
    const decisions = Object.fromEntries(await validateDecisions(reviewed, value, context.findTool));
    const judged = await judgeVerdicts(reviewed, decisions, context.screenings, context.screening, texts);
    const { grants, verdicts } = judgeGrants(reviewed, decisions, judged, {
      grants: context.grants,
      threadId,
      interruptId: at.interruptId,
      audit: common,
      onPredicateError: (error, name) => reportHookError(context.screening.onHookError, error, { event: "grantPredicate", toolName: name, toolCallId: undefined }),
    });
    const review: ProposedReview = { ...common, decisions, verdicts, ...(grants.length === 0 ? {} : { grants }) };
    if (!storable(review)) return refused("INVALID_DECISION", "The decisions cannot be stored (nested too deeply or not plain JSON), so they were not applied.");
    return { ok: true, attempt, review };
  } catch (error) {
    if (!isHITLError(error)) throw error;
    return { ok: false, problem: error };
  }
}

function missingCheckpointer(): HITLError {
  const message = "A reviewed batch needs a checkpointer and a thread to be claimed: run the graph with `{ configurable: { thread_id } }`. No tool was run.";
  return new HITLError("MISSING_CHECKPOINTER", message, { details: [{ path: ["configurable", "thread_id"], message }] });
}

/**
 * `interrupt(payload)` and the id of the interrupt whose answer it returned, as LangGraph counts
 * the task's raises (so it holds even when something else in the task called `interrupt()` first).
 */
function answeredInterrupt(payload: ToolApprovalInterruptPayload, context: ReviewContext): { value: unknown; interruptId: string; raise: number | undefined } {
  const { value, interruptId, raise } = interruptWithId(payload, () => approvalResponseSchema(payload));
  return { value, interruptId: interruptId ?? interruptIdFor(context.task.namespace, 0), raise };
}

/** Takes as many `interrupt()` calls as the recorded judgment took, so later calls (questions) keep their positions. */
function replayRaises(payload: ToolApprovalInterruptPayload, from: number, to: number): void {
  const responseSchema = approvalResponseSchema(payload);
  for (let raise = from; raise < to; raise += 1) interrupt(payload, { responseSchema });
}

/**
 * A claim another submission committed may have taken more `interrupt()` calls than this pass
 * (it answered a raise this pass never saw: a value that did not fit, raised again). This pass
 * takes the same number before anything else of the batch, so a question keeps the position
 * every later pass gives it and its answer is never consumed in the approval's place. Taking one
 * this run has no answer for pauses the run on the approval again (the claim is released first):
 * whatever answers it is reported superseded by the claim.
 */
async function alignedToClaim(session: ClaimSession, payload: ToolApprovalInterruptPayload, raises: number): Promise<ClaimSession> {
  if (session.review.raises <= raises) return session;
  try {
    replayRaises(payload, raises, session.review.raises);
  } catch (error) {
    await session.end("paused");
    throw error;
  }
  return session;
}

/**
 * A resumed pass whose screening no longer asks for the approval this task raised (a hook now
 * answers differently, a tool changed): what this pass screens never replaces what the reviewer
 * decides. A judgment already recorded applies (its `interrupt()` calls are still taken, so a
 * question's answer stays the question's); an approval still waiting for its judgment is judged
 * against the request the person was shown, as stored.
 *
 * @returns The held claim, or `undefined` when this task raised no approval.
 * @throws {HITLError} `INTERRUPT_ALREADY_RESOLVED`, `THREAD_BUSY`.
 * @example
 * ```ts
 * const session = asks.length === 0 && task.resuming ? await reviewRaisedApproval(context) : undefined;
 * ```
 */
export async function reviewRaisedApproval(context: ReviewContext): Promise<ClaimSession | undefined> {
  const { claims } = context;
  if (claims === undefined) return undefined;
  const recorded = await claims.store.read(claims.key);
  if (recorded !== undefined) {
    // Only answers already given are taken here; the payload shows should none be left.
    replayRaises(resolvedPlaceholder(), 0, recorded.review.raises);
    return resumeClaim(claims, recorded);
  }
  const raised = (await context.readStored()).map((stored) => stored.value).find(isToolApprovalInterrupt);
  return raised === undefined ? undefined : reviewApprovals(withoutError(raised), context);
}

function resolvedPlaceholder(): ToolApprovalInterruptPayload {
  const message = "This approval was already decided; its recorded decisions apply.";
  return { type: "tool_approval", action_requests: [], review_configs: [], error: { code: "INTERRUPT_ALREADY_RESOLVED", message, details: [{ message }] } };
}

/**
 * Pauses the run with `payload`, judges the person's answer ONCE and commits the judgment as
 * the batch's claim before anything else of the batch happens (questions, tools). Every later
 * pass — a question's answer, a retry, a takeover in another process — reads that claim and
 * takes exactly as many `interrupt()` calls as the judgment did, so no later answer can be
 * consumed as an approval value and nothing is judged twice.
 *
 * A value that does not fit is never applied: the approval is raised again with an `error`
 * describing every problem (the run stays paused and resumable), unless a claim was committed
 * meanwhile by another submission — that claim then applies. A value that does not fit, sent
 * after the deadline, resolves the approval as expired. On the first pass this throws
 * LangGraph's `GraphInterrupt`, which must propagate untouched.
 *
 * @param payload - What this pass computed for the batch's asks.
 * @param context - Tools, task, signing key, claim location, this pass's screenings.
 * @returns The held claim; its `review` is the only judgment that applies.
 * @throws {HITLError} `MISSING_CHECKPOINTER`, `INTERRUPT_ALREADY_RESOLVED`, `THREAD_BUSY`.
 * @example
 * ```ts
 * const session = await reviewApprovals(payload, context);
 * session.review.verdicts["call_1"]; // { kind: "run", args: {...}, decision: "approve" }
 * ```
 */
export async function reviewApprovals(payload: ToolApprovalInterruptPayload, context: ReviewContext): Promise<ClaimSession> {
  let { value: raw, interruptId, raise } = answeredInterrupt(payload, context);
  let raises = 1;
  const { claims } = context;
  if (claims === undefined) throw missingCheckpointer();
  const recorded = await claims.store.read(claims.key);
  if (recorded !== undefined) {
    replayRaises(payload, raises, recorded.review.raises);
    return resumeClaim(claims, recorded);
  }
  const reviewed = await reviewedPayload(payload, context);
  // An approval value refused when it arrived is never judged again: a redeploy between two
  // submissions (a tool's schema, the signing key) must not make it apply over the next one.
  const shown = approvalShownAgain(await context.readStored());
  for (;;) {
    if (shown !== undefined && raise !== undefined && raise < shown.raise) {
      ({ value: raw, interruptId, raise } = answeredInterrupt(shown.payload, context));
      raises += 1;
      continue;
    }
    const unwrapped = unwrapResumeValue(raw);
    const judged = await judge(unwrapped, reviewed, context, { interruptId, raises });
    if (judged.ok) {
      const session = await openClaim(claims, { attempt: judged.attempt, review: judged.review });
      if (session === undefined) throw new HITLError("INTERRUPT_ALREADY_RESOLVED", "This approval was already resolved; nothing was run for this resume.");
      return alignedToClaim(session, payload, raises);
    }
    const late = await claimIfExpired(claims, reviewed, unwrapped, { interruptId, raises });
    if (late !== undefined) return alignedToClaim(late, payload, raises);
    // A submission that won meanwhile applies; this value is not judged again.
    const meanwhile = await claims.store.read(claims.key);
    if (meanwhile !== undefined) return alignedToClaim(await resumeClaim(claims, meanwhile), payload, raises);
    const { problem } = judged;
    ({ value: raw, interruptId, raise } = answeredInterrupt({ ...reviewed, error: { code: problem.code, message: problem.message, details: [...problem.details] } }, context));
    raises += 1;
  }
}

/** A value that does not fit, sent after the deadline (by the store's clock), resolves the approval as expired. */
async function claimIfExpired(claims: ClaimContext, reviewed: ToolApprovalInterruptPayload, unwrapped: UnwrappedResume, at: { interruptId: string; raises: number }): Promise<ClaimSession | undefined> {
  if (reviewed.expires_at === undefined) return undefined;
  const meta = unwrapped.ok ? unwrapped.meta : undefined;
  const review: ProposedReview = {
    ...auditOfSubmission(undefined, false),
    decisions: {},
    // Every reviewed call is covered; the store's expiry verdict rejects them all.
    verdicts: Object.fromEntries(reviewed.action_requests.map((request) => [request.tool_call_id, { kind: "blocked", source: "reviewer", decision: "reject" } as const])),
    interruptId: at.interruptId,
    raises: at.raises,
    expiresAt: reviewed.expires_at,
    submissionDigest: submissionDigest(meta?.attempt, unwrapped.ok ? unwrapped.value : undefined),
  };
  return openClaimIfExpired(claims, { attempt: meta?.attempt ?? randomUUID(), review });
}
