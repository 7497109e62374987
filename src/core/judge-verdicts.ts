import type { ReviewedVerdict } from "../claims/index.js";
import { requestText } from "../payload/digest.js";
import type { ToolApprovalDecision, ToolApprovalInterruptPayload } from "../payload/types.js";
import { screenEdit, type ScreeningContext } from "./screen-call.js";
import type { Screening } from "./types.js";
import { ownValue } from "../payload/own-value.js";

type ActionRequest = ToolApprovalInterruptPayload["action_requests"][number];

function changed(reason?: string): ReviewedVerdict {
  return { kind: "blocked", source: "changed_after_review", decision: "reject", ...(reason === undefined ? {} : { reason }) };
}

/** The verdict of one reviewed call, from this pass's screening of it and the person's decision. */
async function verdictOf(request: ActionRequest, reviewedText: string, screening: Screening | undefined, decision: ToolApprovalDecision | undefined, context: ScreeningContext): Promise<ReviewedVerdict> {
  if (screening === undefined || screening.kind === "unknown_tool" || screening.kind === "malformed" || decision === undefined) return changed();
  // The same text is the same digest: what was reviewed is compared, not hashed again.
  if (requestText(screening.call.name, screening.args) !== reviewedText) {
    return changed("the arguments differ from the ones the reviewer saw");
  }
  if (screening.kind === "deny") return { kind: "blocked", source: screening.failed ? "policy_failure" : "policy", reason: screening.reason, decision: "deny" };
  switch (decision.type) {
    case "approve":
      // Exactly what the reviewer was shown (the digests matched the call above).
      return { kind: "run", args: request.arguments, decision: "approve" };
    case "reject":
      // No reason when the reviewer gave none: the model then reads `reviewMessages.reject`, not an invented message.
      return { kind: "blocked", source: "reviewer", ...(decision.reason === undefined ? {} : { reason: decision.reason }), decision: "reject" };
    case "respond":
      return { kind: "answer", text: decision.responseText };
    case "edit": {
      const refused = await screenEdit({ ...screening.call, args: decision.updatedInput }, decision.updatedInput, context);
      if (refused !== undefined) return { kind: "blocked", source: refused.failed ? "policy_failure" : "policy", reason: refused.reason, decision: "deny" };
      return { kind: "run", args: decision.updatedInput, decision: "edit" };
    }
  }
}

/**
 * Judges, once, what every reviewed call becomes: the reviewed request checked against this
 * pass's screening of the call (a request that changed after review never runs; a `deny` still
 * blocks), then the person's decision (an edit is screened again by PreToolUse). The result is
 * committed with the claim; later passes apply it without judging again.
 *
 * @param reviewed - The request the person was shown.
 * @param decisions - Their validated decisions, by `tool_call_id`.
 * @param screenings - This pass's screenings of the batch.
 * @param context - How edits are screened.
 * @param texts - Each reviewed request's `requestText`, in the order of `action_requests`, when the caller has them already.
 * @returns A verdict per reviewed `tool_call_id`.
 * @example
 * ```ts
 * const verdicts = await judgeVerdicts(reviewed, { call_1: { type: "approve" } }, screenings, context);
 * verdicts["call_1"]; // { kind: "run", args: { path: "/tmp/a" }, decision: "approve" }
 * ```
 */
export async function judgeVerdicts(
  reviewed: ToolApprovalInterruptPayload,
  decisions: Readonly<Record<string, ToolApprovalDecision>>,
  screenings: readonly Screening[],
  context: ScreeningContext,
  texts?: readonly string[],
): Promise<Record<string, ReviewedVerdict>> {
  const entries = await Promise.all(
    reviewed.action_requests.map(async (request, index) => {
      const screening = screenings.find((candidate) => candidate.call.id === request.tool_call_id);
      const reviewedText = texts?.[index] ?? requestText(request.name, request.arguments);
      return [request.tool_call_id, await verdictOf(request, reviewedText, screening, ownValue(decisions, request.tool_call_id), context)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
