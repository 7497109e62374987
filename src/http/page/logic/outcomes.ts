import type { ToolApprovalDecisionType } from "../../../payload/types.js";
import { contentText } from "./format.js";
import type { ResumeOutcome, ResumeResponse } from "./wire-types.js";

/** How an outcome looks in the resolved list. */
type Tone = "good" | "neutral" | "bad";

/** One line of "who decided what": the item, the decision, and what became of it. */
export interface DecidedLine {
  /** The tool name or the question. */
  subject: string;
  /** The decision or answer, in words. */
  decision: string;
  tone: Tone;
  /** What the model sees now (the ToolMessage content), when the run got that far. */
  result?: string;
}

const DECISION_WORDS: Record<ToolApprovalDecisionType, string> = {
  approve: "Approved",
  edit: "Edited, then approved",
  reject: "Rejected",
  respond: "Answered in place of the tool",
};

const DECISION_TONES: Record<ToolApprovalDecisionType, Tone> = { approve: "good", edit: "good", reject: "bad", respond: "neutral" };

/**
 * The reviewer as the page names them: `Name (id)`, or the id alone.
 *
 * @example
 * ```ts
 * reviewerLabel({ id: "u-7", name: "Alice" }); // "Alice (u-7)"
 * ```
 */
export function reviewerLabel(reviewer: { id: string; name?: string | undefined }): string {
  return reviewer.name === undefined || reviewer.name === "" ? reviewer.id : `${reviewer.name} (${reviewer.id})`;
}

/**
 * A decision line for a tool call, with the result its ToolMessage carries when the run already
 * produced it (in a mixed batch the tools wait until every question is answered too).
 *
 * @example
 * ```ts
 * decisionLine("deploy", "approve", { status: "success", content: "deployed" });
 * // { subject: "deploy", decision: "Approved", tone: "good", result: "deployed" }
 * ```
 */
export function decisionLine(subject: string, type: ToolApprovalDecisionType, outcome: ResumeOutcome | undefined): DecidedLine {
  const failed = outcome?.status === "error" && (type === "approve" || type === "edit");
  return {
    subject,
    decision: failed ? `${DECISION_WORDS[type]}; the tool failed` : DECISION_WORDS[type],
    tone: failed ? "bad" : DECISION_TONES[type],
    ...(outcome === undefined ? {} : { result: contentText(outcome.content) }),
  };
}

/**
 * How the run went on after the decisions, in one sentence.
 *
 * @example
 * ```ts
 * runSentence({ status: "paused" } as ResumeResponse); // "The run is waiting for another review (listed above)."
 * ```
 */
export function runSentence(response: Pick<ResumeResponse, "status" | "reason" | "halted">): string {
  switch (response.status) {
    case "completed":
      return "The run went on and finished.";
    case "paused":
      return "The run is waiting for another review (listed above).";
    case "halted":
      return `The run halted: ${response.halted?.reason ?? "a hook stopped it"}.`;
    case "cancelled":
      return `The run was cancelled: ${response.reason ?? "a hook cancelled it"}.`;
  }
}
