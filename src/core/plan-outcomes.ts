import type { ToolCall } from "@langchain/core/messages/tool";
import type { ClaimedReview } from "../claims/index.js";
import type { ToolInput } from "../payload/types.js";
import { formatAnswer } from "../questions/ask-user-question-tool.js";
import type { BatchAnswers, VerifiedAnswer } from "./question-step.js";
import { auditOfSubmission, recordOfAudit } from "./audit-record.js";
import { malformedOutcome } from "./malformed-call.js";
import type { Screening, ScreeningNotes } from "./types.js";
import type { HITLRecord, OutcomeSource } from "./types.js";
import type { Outcome } from "./types.js";
import { ownValue } from "../payload/own-value.js";
import { submissionDigest } from "../protocol/submission-digest.js";
import { callKey, isReviewable, unreviewableReason } from "./call-identity.js";


type Known = Exclude<Screening, { kind: "unknown_tool" | "malformed" }>;

function blocked(call: ToolCall, notes: ScreeningNotes, source: OutcomeSource, reason: string | undefined, extra: Partial<HITLRecord> = {}): Outcome {
  const decision = source === "reviewer" || source === "expired" ? "reject" : "deny";
  return { kind: "blocked", call, notes, source, record: { decision, source, ...(reason === undefined ? {} : { reason }), ...extra } };
}

/** The call as it runs: with exactly the screened arguments (the model's, or a hook's `updatedInput`). */
function withArgs(call: ToolCall, args: ToolInput): ToolCall {
  return { ...call, args: args as ToolCall["args"] };
}


function auditOf(claim: ClaimedReview): Partial<HITLRecord> {
  return { ...recordOfAudit(claim), interruptId: claim.interruptId, submission: claim.submissionDigest };
}

/**
 * An answer's record names the interrupt it answered and the submission it came in, as a
 * reviewed batch's does: a host that cannot read the thread's claims (a `RemoteGraph`) tells its
 * own answer from another's by them.
 */
function answerAudit(answered: VerifiedAnswer): Partial<HITLRecord> {
  return {
    ...recordOfAudit(auditOfSubmission(answered.meta, answered.verified)),
    ...(answered.interruptId === undefined ? {} : { interruptId: answered.interruptId }),
    submission: submissionDigest(answered.meta?.attempt, answered.sent),
  };
}

/**
 * A call this pass found malformed: still the recorded verdict when a judgment covers it and only
 * its arguments are in question (its id is unique, so it was reviewed). A duplicate or unstorable
 * id is never run, whatever a claim says (a claim made by an earlier release may name one).
 */
function reviewedOrMalformed(screening: Extract<Screening, { kind: "malformed" }>, claim: ClaimedReview | undefined): Outcome {
  const verdict = ownValue(claim?.verdicts, callKey(screening.call));
  if (claim === undefined || verdict === undefined || screening.source !== "invalid_arguments") return malformedOutcome(screening);
  return reviewedOutcome({ kind: "allow", call: screening.call, args: screening.call.args as ToolInput, notes: screening.notes }, claim);
}

/** The outcome of a reviewed call: the verdict the claim recorded, never judged again. */
function reviewedOutcome(screening: Known, claim: ClaimedReview): Outcome {
  const { notes } = screening;
  const call = withArgs(screening.call, screening.args);
  const audit = auditOf(claim);
  if (claim.expired) {
    return blocked(call, notes, "expired", `approval expired at ${claim.expiresAt ?? "its deadline"} (judged at ${claim.judgedAt} by the ${claim.clock} clock)`, audit);
  }
  const verdict = ownValue(claim.verdicts, callKey(call));
  if (verdict === undefined) return blocked(call, notes, "changed_after_review", undefined, audit);
  switch (verdict.kind) {
    case "run": {
      const created = verdict.createdGrantId === undefined ? {} : { createdGrantId: verdict.createdGrantId };
      return { kind: "run", call: { ...call, args: verdict.args as ToolCall["args"] }, notes, record: { decision: verdict.decision, source: "reviewer", ...audit, ...created } };
    }
    case "answer":
      return { kind: "answer", call, notes, text: verdict.text, record: { decision: "respond", source: "reviewer", ...audit } };
    case "blocked":
      return blocked(call, notes, verdict.source, verdict.reason, { ...audit, decision: verdict.decision });
  }
}

function unreviewedOutcome(screening: Known, hitlEnabled: boolean, answers: BatchAnswers): Outcome {
  const { notes } = screening;
  const call = withArgs(screening.call, screening.args);
  switch (screening.kind) {
    case "question": {
      if (!hitlEnabled) return blocked(call, notes, "no_human", undefined);
      const answered = answers.get(call.id ?? "");
      if (call.id == null || call.id === "" || answered === undefined) return blocked(call, notes, "unreviewable", unreviewableReason(call));
      return { kind: "answer", call, notes, text: formatAnswer(answered.value.answer), record: { decision: "answer", source: "reviewer", ...answerAudit(answered) } };
    }
    case "allow":
      return { kind: "run", call, notes };
    case "granted":
      return { kind: "run", call, notes, record: { decision: "approve", source: "grant", grantId: screening.grant.id } };
    case "deny":
      return blocked(call, notes, screening.failed ? "policy_failure" : "policy", screening.reason);
    case "skip":
      return { kind: "answer", call, notes, text: screening.reason, record: { decision: "skip", source: "policy", reason: screening.reason } };
    case "ask":
      if (!hitlEnabled) return blocked(call, notes, "hitl_disabled", screening.description);
      if (!isReviewable(call)) return blocked(call, notes, "unreviewable", unreviewableReason(call));
      return blocked(call, notes, "changed_after_review", "the call needed approval only after the review was made");
  }
}

/**
 * Turns screenings (and the claimed judgment, when a person was asked) into one outcome per
 * call, in the model's order. Nothing runs here; every outcome is decided before any tool does.
 *
 * @param screenings - This pass's screenings, in the model's order.
 * @param claim - The judgment the batch's claim holds, when a person reviewed it.
 * @param answers - Answers to the batch's questions.
 * @param hitlEnabled - Whether a person can be asked at all.
 * @returns One outcome per call.
 * @example
 * ```ts
 * planOutcomes(screenings, session?.review, answers, true).map((outcome) => outcome.kind); // ["run", "blocked"]
 * ```
 */
export function planOutcomes(screenings: readonly Screening[], claim: ClaimedReview | undefined, answers: BatchAnswers, hitlEnabled: boolean): Outcome[] {
  return screenings.map((screening): Outcome => {
    if (screening.kind === "unknown_tool") return { kind: "run", call: screening.call, notes: screening.notes };
    // A recorded judgment is never judged again, not even by this pass's schema check (a deploy may have changed the tool).
    if (screening.kind === "malformed") return reviewedOrMalformed(screening, claim);
    if (claim !== undefined && ownValue(claim.verdicts, callKey(screening.call)) !== undefined) return reviewedOutcome(screening, claim);
    return unreviewedOutcome(screening, hitlEnabled, answers);
  });
}

