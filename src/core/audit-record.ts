import type { ResumeMeta, Reviewer } from "../protocol/resume-envelope.js";
import type { HITLRecord } from "./types.js";

/** Who decided, when and with what note: what a submission's envelope says, as far as the node trusts it. */
interface SubmissionAudit {
  decidedAt: string;
  reviewer?: Reviewer;
  /** Whether the reviewer came with a valid signature. */
  reviewerVerified: boolean;
  comment?: string;
}

/**
 * The audit facts of one submission (an approval's decisions or a question's answer). An
 * unverified envelope's time is only the sender's word: the node's own clock is recorded instead.
 *
 * @param meta - The envelope the value came in, if any.
 * @param verified - Whether its signature checked out.
 * @example
 * ```ts
 * auditOfSubmission(meta, verifyResume(signed, key)); // { decidedAt, reviewer, reviewerVerified: true }
 * ```
 */
export function auditOfSubmission(meta: ResumeMeta | undefined, verified: boolean): SubmissionAudit {
  return {
    decidedAt: verified && meta !== undefined ? meta.decidedAt : new Date().toISOString(),
    ...(meta?.reviewer === undefined ? {} : { reviewer: meta.reviewer }),
    reviewerVerified: verified && meta?.reviewer !== undefined,
    ...(meta?.comment === undefined ? {} : { comment: meta.comment }),
  };
}

/**
 * The audit part of the record a `ToolMessage` carries (`additional_kwargs.hitl`): whether the
 * reviewer was verified is said only alongside a reviewer.
 *
 * @example
 * ```ts
 * const record: HITLRecord = { decision: "approve", source: "reviewer", ...recordOfAudit(claim.review) };
 * ```
 */
export function recordOfAudit(audit: SubmissionAudit): Pick<HITLRecord, "reviewer" | "reviewerVerified" | "comment" | "decidedAt"> {
  return {
    ...(audit.reviewer === undefined ? {} : { reviewer: audit.reviewer, reviewerVerified: audit.reviewerVerified }),
    ...(audit.comment === undefined ? {} : { comment: audit.comment }),
    decidedAt: audit.decidedAt,
  };
}
