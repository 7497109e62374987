import { randomUUID } from "node:crypto";
import { interrupt } from "@langchain/langgraph";
import type { ClaimedReview } from "../claims/index.js";
import { HITLError, isHITLError } from "../errors/hitl-error.js";
import { validateDecisions, type ToolLookup } from "../decisions/validate-decisions.js";
import { toolArgsSchema } from "../payload/args-schema.js";
import { requestDigest } from "../payload/digest.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { ToolApprovalInterruptPayload } from "../payload/types.js";
import { unwrapResumeValue, type ResumeMeta, type UnwrappedResume } from "../protocol/resume-envelope.js";
import { isExpired } from "../protocol/expiry.js";
import { verifyResume, type SigningKey } from "../protocol/signing.js";
import type { Screening } from "./types.js";
import { readStoredInterruptValues, type TaskContext } from "./task-context.js";

type AskScreening = Extract<Screening, { kind: "ask" }>;

/**
 * The approval a person answered: the request they were shown (read by the node from its own
 * checkpoint) and, when their value fits, the decisions this resumer would claim. `own` is
 * missing only when the value did not fit but a claim already holds: that claim applies.
 */
export interface ApprovalReview {
  reviewed: ToolApprovalInterruptPayload;
  own: { attempt: string; review: ClaimedReview } | undefined;
}

/** What the node needs to judge a resume value. */
export interface ReviewContext {
  findTool: ToolLookup;
  task: TaskContext;
  signingKey: SigningKey | undefined;
  /** Whether a claim already holds for this batch (then an unusable value is not asked again). */
  claimExists: () => Promise<boolean>;
}

/**
 * One `tool_approval` payload for every `ask` of the batch, in the model's order. When any
 * ask is bounded, the payload carries the earliest deadline, counted from `proposedAt`. Each
 * request carries its arguments twice, as `arguments` (LibreChat's name) and `args` (LangChain's
 * clients'); each review config carries the tool's `args_schema` when `findTool` knows a schema.
 */
export function buildApprovalPayload(asks: readonly AskScreening[], proposedAt: number, findTool?: ToolLookup): ToolApprovalInterruptPayload {
  const bounds = asks.flatMap((ask) => (ask.expiresInMs === undefined ? [] : [ask.expiresInMs]));
  return {
    type: "tool_approval",
    action_requests: asks.map((ask) => ({
      tool_call_id: ask.call.id ?? "",
      name: ask.call.name,
      arguments: ask.args,
      args: ask.args,
      ...(ask.description === undefined ? {} : { description: ask.description }),
    })),
    review_configs: asks.map((ask) => {
      const argsSchema = toolArgsSchema(findTool?.(ask.call.name)?.schema);
      return {
        action_name: ask.call.name,
        tool_call_id: ask.call.id ?? "",
        allowed_decisions: [...ask.allowedDecisions],
        ...(argsSchema === undefined ? {} : { args_schema: argsSchema }),
      };
    }),
    ...(bounds.length === 0 ? {} : { expires_at: new Date(proposedAt + Math.min(...bounds)).toISOString() }),
  };
}

function sameCalls(a: ToolApprovalInterruptPayload, b: ToolApprovalInterruptPayload): boolean {
  const ids = (payload: ToolApprovalInterruptPayload): string =>
    payload.action_requests.map((request) => request.tool_call_id).join("\u0000");
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
async function reviewedPayload(fresh: ToolApprovalInterruptPayload, task: TaskContext, attempt: string | undefined): Promise<ToolApprovalInterruptPayload> {
  const stored = (await readStoredInterruptValues(task, attempt)).filter(isToolApprovalInterrupt).find((value) => sameCalls(value, fresh));
  return withoutError(stored ?? fresh);
}

type Judgement = { ok: true; own: { attempt: string; review: ClaimedReview } } | { ok: false; problem: HITLError };

function refused(code: "INVALID_DECISION" | "INVALID_SIGNATURE" | "INTERRUPT_MISMATCH", message: string): Judgement {
  return { ok: false, problem: new HITLError(code, message, { details: [{ message }] }) };
}

/** Digests a resume value may carry only narrow what runs: any that differs refuses the value. */
function digestsMatch(reviewed: ToolApprovalInterruptPayload, digests: Record<string, string> | undefined): boolean {
  if (digests === undefined) return true;
  return reviewed.action_requests.every((request) => {
    const bound = digests[request.tool_call_id];
    return bound === undefined || bound === requestDigest(request.name, request.arguments);
  });
}

function auditOf(meta: ResumeMeta | undefined, verified: boolean): Omit<ClaimedReview, "decisions" | "expired"> {
  return {
    // An unverified envelope's time is the sender's word; the node's own clock is recorded instead.
    decidedAt: verified && meta !== undefined ? meta.decidedAt : new Date().toISOString(),
    ...(meta?.reviewer === undefined ? {} : { reviewer: meta.reviewer }),
    reviewerVerified: verified && meta?.reviewer !== undefined,
    ...(meta?.comment === undefined ? {} : { comment: meta.comment }),
  };
}

/** Checks that what will be claimed can be stored as JSON (a 100 000-level edit cannot). */
function storable(review: ClaimedReview): boolean {
  try {
    JSON.stringify(review);
    return true;
  } catch {
    return false;
  }
}

/** Judges one resume value: envelope, signature, digests, deadline (the node's clock), decisions. */
async function judge(unwrapped: UnwrappedResume, reviewed: ToolApprovalInterruptPayload, context: ReviewContext): Promise<Judgement> {
  if (!unwrapped.ok) return refused("INVALID_DECISION", `The resume value was refused: ${unwrapped.message}`);
  const { value, meta } = unwrapped;
  const { threadId, rootTaskId } = context.task;
  const verified = meta !== undefined && threadId !== undefined && rootTaskId !== undefined && verifyResume({ threadId, taskId: rootTaskId, value, meta }, context.signingKey);
  if (context.signingKey !== undefined && !verified) {
    return refused("INVALID_SIGNATURE", "The resume value is not signed with this node's signing key, so it was not applied. Resume through resume() or the HTTP handler configured with the same signingKey.");
  }
  if (!digestsMatch(reviewed, meta?.digests)) {
    return refused("INTERRUPT_MISMATCH", "The decisions were made for a request that differs from the one pending, so they were not applied. Review the pending request again.");
  }
  const attempt = meta?.attempt ?? randomUUID();
  const audit = auditOf(meta, verified);
  // Late decisions are never applied, whatever they are: judged before validation, so an
  // expired approval resolves even when the value would not fit.
  if (isExpired(reviewed, Date.now())) return { ok: true, own: { attempt, review: { ...audit, decisions: {}, expired: true } } };
  try {
    const decisions = Object.fromEntries(await validateDecisions(reviewed, value, context.findTool));
    const review: ClaimedReview = { ...audit, decisions, expired: false };
    if (!storable(review)) return refused("INVALID_DECISION", "The decisions cannot be stored (nested too deeply or not plain JSON), so they were not applied.");
    return { ok: true, own: { attempt, review } };
  } catch (error) {
    if (isHITLError(error)) return { ok: false, problem: error };
    throw error;
  }
}

/**
 * Pauses the run with `payload` and returns what the person decided. A value that does not fit
 * is never applied: the same approval is raised again with an `error` describing every problem,
 * so the run stays paused and resumable — unless a claim already holds for the batch, whose
 * decisions then apply. On the first pass this throws LangGraph's `GraphInterrupt`, which must
 * propagate untouched.
 */
export async function reviewApprovals(payload: ToolApprovalInterruptPayload, context: ReviewContext): Promise<ApprovalReview> {
  let unwrapped = unwrapResumeValue(interrupt(payload));
  // The attempt id only selects what this process's resume() read for this very task (see local-submissions).
  const reviewed = await reviewedPayload(payload, context.task, unwrapped.ok ? unwrapped.meta?.attempt : undefined);
  for (;;) {
    const judged = await judge(unwrapped, reviewed, context);
    if (judged.ok) return { reviewed, own: judged.own };
    if (await context.claimExists()) return { reviewed, own: undefined };
    const { problem } = judged;
    unwrapped = unwrapResumeValue(interrupt({ ...reviewed, error: { code: problem.code, message: problem.message, details: [...problem.details] } }));
  }
}
