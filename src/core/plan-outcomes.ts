import type { ToolCall } from "@langchain/core/messages/tool";
import { requestDigest } from "../payload/digest.js";
import type { ClaimedReview } from "../claims/index.js";
import type { ToolApprovalInterruptPayload, ToolInput } from "../payload/types.js";
import { formatAnswer } from "../questions/ask-user-question-tool.js";
import type { BatchAnswers, VerifiedAnswer } from "./question-step.js";
import { screenEdit, ScreeningContext } from "./screen-call.js";
import { malformedOutcome } from "./malformed-call.js";
import type { Screening, ScreeningNotes } from "./types.js";
import type { HITLRecord, OutcomeSource } from "./types.js";
import type { Outcome } from "./types.js";


type Known = Exclude<Screening, { kind: "unknown_tool" | "malformed" }>;

function blocked(call: ToolCall, notes: ScreeningNotes, source: OutcomeSource, reason: string | undefined, extra: Partial<HITLRecord> = {}): Outcome {
  const decision = source === "reviewer" || source === "expired" ? "reject" : "deny";
  return { kind: "blocked", call, notes, source, record: { decision, source, ...(reason === undefined ? {} : { reason }), ...extra } };
}

/** The call as it runs: with exactly the screened arguments (the model's, or a hook's `updatedInput`). */
function withArgs(call: ToolCall, args: ToolInput): ToolCall {
  return { ...call, args: args as ToolCall["args"] };
}


/** The decisions that apply to a reviewed batch: the request shown, and the claim that won. */
export interface AppliedReview {
  reviewed: ToolApprovalInterruptPayload;
  claim: ClaimedReview;
}

function auditOf(claim: Omit<ClaimedReview, "decisions" | "expired">): Partial<HITLRecord> {
  return {
    ...(claim.reviewer === undefined ? {} : { reviewer: claim.reviewer, reviewerVerified: claim.reviewerVerified }),
    ...(claim.comment === undefined ? {} : { comment: claim.comment }),
    decidedAt: claim.decidedAt,
  };
}

function answerAudit(answered: VerifiedAnswer): Omit<ClaimedReview, "decisions" | "expired"> {
  const { meta, verified } = answered;
  return {
    decidedAt: verified && meta !== undefined ? meta.decidedAt : new Date().toISOString(),
    ...(meta?.reviewer === undefined ? {} : { reviewer: meta.reviewer }),
    reviewerVerified: verified && meta?.reviewer !== undefined,
    ...(meta?.comment === undefined ? {} : { comment: meta.comment }),
  };
}

/** Decides the outcome of a reviewed call from the person's decision. */
async function reviewedOutcome(screening: Known, review: AppliedReview, context: ScreeningContext): Promise<Outcome> {
  const { notes } = screening;
  const call = withArgs(screening.call, screening.args);
  const id = call.id ?? "";
  const request = review.reviewed.action_requests.find((candidate) => candidate.tool_call_id === id);
  const decision = review.claim.decisions[id];
  const audit = auditOf(review.claim);
  if (review.claim.expired) return blocked(call, notes, "expired", `approval expired at ${review.reviewed.expires_at ?? "its deadline"}`, audit);
  if (request === undefined || decision === undefined) return blocked(call, notes, "changed_after_review", undefined, audit);
  if (requestDigest(call.name, screening.args) !== requestDigest(request.name, request.arguments)) {
    return blocked(call, notes, "changed_after_review", "the arguments differ from the ones the reviewer saw", audit);
  }
  if (screening.kind === "deny") return blocked(call, notes, screening.failed ? "policy_failure" : "policy", screening.reason, audit);
  switch (decision.type) {
    case "approve":
      // The digests matched above: `call` carries the reviewed arguments.
      return { kind: "run", call, notes, record: { decision: "approve", source: "reviewer", ...audit } };
    case "reject":
      return blocked(call, notes, "reviewer", decision.reason ?? "rejected by the reviewer", audit);
    case "respond":
      return { kind: "answer", call, notes, text: decision.responseText, record: { decision: "respond", source: "reviewer", ...audit } };
    case "edit": {
      const edited = { ...call, args: decision.updatedInput };
      const refused = await screenEdit(edited, decision.updatedInput, context);
      if (refused !== undefined) {
        return blocked(edited, notes, refused.failed ? "policy_failure" : "policy", refused.reason, { ...audit, decision: "deny" });
      }
      return { kind: "run", call: edited, notes, record: { decision: "edit", source: "reviewer", ...audit } };
    }
  }
}

function unreviewedOutcome(screening: Known, hitlEnabled: boolean, answers: BatchAnswers): Outcome {
  const { notes } = screening;
  const call = withArgs(screening.call, screening.args);
  switch (screening.kind) {
    case "question": {
      if (!hitlEnabled) return blocked(call, notes, "no_human", undefined);
      const answered = answers.get(call.id ?? "");
      if (call.id == null || call.id === "" || answered === undefined) return blocked(call, notes, "unreviewable", undefined);
      return { kind: "answer", call, notes, text: formatAnswer(answered.value.answer), record: { decision: "answer", source: "reviewer", ...auditOf(answerAudit(answered)) } };
    }
    case "allow":
      return { kind: "run", call, notes };
    case "deny":
      return blocked(call, notes, screening.failed ? "policy_failure" : "policy", screening.reason);
    case "skip":
      return { kind: "answer", call, notes, text: screening.reason, record: { decision: "skip", source: "policy", reason: screening.reason } };
    case "ask":
      if (!hitlEnabled) return blocked(call, notes, "hitl_disabled", screening.description);
      if (call.id == null || call.id === "") return blocked(call, notes, "unreviewable", undefined);
      return blocked(call, notes, "changed_after_review", "the call needed approval only after the review was made");
  }
}

/**
 * Turns screenings (and the review, when a person was asked) into one outcome per call,
 * in the model's order. Nothing runs here; every outcome is decided before any tool does.
 */
export async function planOutcomes(
  screenings: readonly Screening[],
  review: AppliedReview | undefined,
  answers: BatchAnswers,
  context: ScreeningContext & { hitlEnabled: boolean },
): Promise<Outcome[]> {
  return Promise.all(
    screenings.map(async (screening): Promise<Outcome> => {
      if (screening.kind === "unknown_tool") return { kind: "run", call: screening.call, notes: screening.notes };
      if (screening.kind === "malformed") return malformedOutcome(screening);
      const wasReviewed = review?.reviewed.action_requests.some((request) => request.tool_call_id === screening.call.id) === true;
      if (wasReviewed && review !== undefined) return reviewedOutcome(screening, review, context);
      return unreviewedOutcome(screening, context.hitlEnabled, answers);
    }),
  );
}
