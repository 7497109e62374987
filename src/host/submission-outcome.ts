import type { ClaimedReview, ClaimRecord } from "../claims/index.js";
import { HITLError } from "../errors/hitl-error.js";
import { messageFields } from "../langgraph/index.js";
import { isAskUserQuestionInterrupt, isToolApprovalInterrupt } from "../payload/guards.js";
import type { InterruptValidationError } from "../payload/types.js";
import type { Reviewer } from "../protocol/resume-envelope.js";
import type { RunOutcome } from "./run-outcome.js";
import type { AppliedJudgment, SubmissionStatus } from "./resume-types.js";

/** What a host reports about its submission. */
export interface SubmissionReport {
  status: SubmissionStatus;
  judgment?: AppliedJudgment;
}

function statusOf(own: boolean, expired: boolean): SubmissionStatus {
  if (!own) return "superseded";
  return expired ? "expired" : "applied";
}

/**
 * What became of a submission, from the claim the node committed for the interrupt it answered
 * (read by thread and interrupt id, the same way in every process, subgraph or package copy).
 *
 * @param claim - The claim of the interrupt the submission answered.
 * @param submission - The submission's own digest (`submissionDigest(attempt, value)`).
 * @example
 * ```ts
 * reportFromClaim(await store.claimOfInterrupt(threadId, interruptId), mine).status; // "applied"
 * ```
 */
export function reportFromClaim(claim: ClaimRecord, submission: string): SubmissionReport {
  return reportFromReview(claim.review, submission);
}

/**
 * What became of a submission, from the judgment of the claim that holds for its interrupt (as
 * the node that holds the claim reported it to the run `resume()` started).
 *
 * @param review - The claim's judgment.
 * @param submission - The submission's own digest (`submissionDigest(attempt, value)`).
 * @example
 * ```ts
 * reportFromReview(session.review, mine).status; // "applied"
 * ```
 */
export function reportFromReview(review: ClaimedReview, submission: string): SubmissionReport {
  const own = review.submissionDigest === submission;
  return {
    status: statusOf(own, review.expired),
    judgment: {
      interruptId: review.interruptId,
      own,
      decidedAt: review.decidedAt,
      ...(review.reviewer === undefined ? {} : { reviewer: review.reviewer }),
      reviewerVerified: review.reviewerVerified,
      expired: review.expired,
      ...(review.expiresAt === undefined ? {} : { expiresAt: review.expiresAt }),
      judgedAt: review.judgedAt,
      clock: review.clock,
    },
  };
}

interface RecordedMessage {
  tool_call_id?: string;
  additional_kwargs?: { hitl?: { interruptId?: string; submission?: string; source?: string; decidedAt?: string; reviewer?: Reviewer; reviewerVerified?: boolean } };
}

/** A message of the run's values, whether a message instance or the plain JSON an Agent Server returns. */
function recordedMessages(values: unknown): RecordedMessage[] {
  const messages = ((values as { messages?: unknown[] } | undefined)?.messages ?? []) as RecordedMessage[];
  return messages.map((message) => messageFields(message));
}

/**
 * What became of a submission, from the audit records the node put on the `ToolMessage`s of the
 * reviewed calls (for a host that cannot read the node's claims, e.g. through a `RemoteGraph`).
 *
 * @returns The report, or `undefined` when the run's values hold no record for this interrupt.
 * @example
 * ```ts
 * reportFromMessages(outcome.values, target.interruptId, mine)?.status; // "superseded"
 * ```
 */
export function reportFromMessages(values: unknown, interruptId: string, submission: string): SubmissionReport | undefined {
  const record = recordedMessages(values)
    .map((message) => message.additional_kwargs?.hitl)
    .find((candidate) => candidate?.interruptId === interruptId);
  if (record === undefined) return undefined;
  const own = record.submission === submission;
  const expired = record.source === "expired";
  return {
    status: statusOf(own, expired),
    judgment: {
      interruptId,
      own,
      decidedAt: record.decidedAt ?? "",
      ...(record.reviewer === undefined ? {} : { reviewer: record.reviewer }),
      reviewerVerified: record.reviewerVerified === true,
      expired,
    },
  };
}

/** The `error` of a re-raised approval or question (answers are refused too, e.g. `INVALID_SIGNATURE`). */
function refusalIn(payload: unknown): InterruptValidationError | undefined {
  return isToolApprovalInterrupt(payload) || isAskUserQuestionInterrupt(payload) ? payload.error : undefined;
}

/**
 * The node refused the value and raised the approval or question again with an `error` — under a
 * new id, or under the same one (a refused answer is forgotten and its question raised in place):
 * nothing of the batch ran, and the run waits on that interrupt. Reported as the node's own error code.
 *
 * @throws {HITLError} with the code the node refused the value with.
 * @example
 * ```ts
 * throwIfRefused(outcome, threadId);
 * ```
 */
export function throwIfRefused(outcome: RunOutcome<unknown>, threadId: string): void {
  const raised = outcome.interrupts.find((entry) => refusalIn(entry.payload) !== undefined);
  const error = raised === undefined ? undefined : refusalIn(raised.payload);
  if (raised === undefined || error === undefined) return;
  throw new HITLError(error.code, `The node refused the decisions: ${error.message}`, { threadId, interruptId: raised.interruptId, details: error.details });
}
