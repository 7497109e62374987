import type { ToolCall } from "@langchain/core/messages/tool";
import { requestDigest } from "../payload/digest.js";
import type { ApprovalReview } from "./approval-review.js";
import { screenEdit, type Screening, type ScreeningContext } from "./screen-call.js";
import type { HitlRecord, OutcomeSource } from "./tool-messages.js";

/** What happens to one call, decided before any tool runs. */
export type Outcome =
  | { kind: "run"; call: ToolCall; record?: HitlRecord }
  | { kind: "blocked"; call: ToolCall; source: OutcomeSource; record: HitlRecord }
  | { kind: "respond"; call: ToolCall; text: string; record: HitlRecord };

function blocked(call: ToolCall, source: OutcomeSource, reason: string | undefined, extra: Partial<HitlRecord> = {}): Outcome {
  const decision = source === "reviewer" || source === "expired" ? "reject" : "deny";
  return { kind: "blocked", call, source, record: { decision, source, ...(reason === undefined ? {} : { reason }), ...extra } };
}

function withArgs(call: ToolCall, args: Record<string, unknown>): ToolCall {
  return { ...call, args };
}

/** Decides the outcome of a reviewed call from the person's decision. */
async function reviewedOutcome(
  screening: Exclude<Screening, { kind: "unknown_tool" }>,
  review: ApprovalReview,
  context: ScreeningContext,
): Promise<Outcome> {
  const { call } = screening;
  const id = call.id ?? "";
  const request = review.reviewed.action_requests.find((candidate) => candidate.tool_call_id === id);
  const decision = review.decisions.get(id);
  const meta = review.meta;
  const audit: Partial<HitlRecord> = {
    ...(meta?.reviewer === undefined ? {} : { reviewer: meta.reviewer }),
    ...(meta?.comment === undefined ? {} : { comment: meta.comment }),
    decidedAt: meta?.decidedAt ?? new Date().toISOString(),
  };
  if (request === undefined || decision === undefined) return blocked(call, "changed_after_review", undefined, audit);
  const reviewedDigest = requestDigest(request.name, request.arguments);
  const boundDigest = meta?.digests?.[id];
  if (requestDigest(call.name, screening.args) !== reviewedDigest || (boundDigest !== undefined && boundDigest !== reviewedDigest)) {
    return blocked(call, "changed_after_review", "the arguments differ from the ones the reviewer saw", audit);
  }
  if (screening.kind === "deny") return blocked(call, screening.failed ? "policy_failure" : "policy", screening.reason, audit);
  switch (decision.type) {
    case "approve":
      return { kind: "run", call: withArgs(call, request.arguments), record: { decision: "approve", source: "reviewer", ...audit } };
    case "reject":
      return blocked(call, "reviewer", decision.reason ?? "rejected by the reviewer", audit);
    case "respond":
      return { kind: "respond", call, text: decision.responseText, record: { decision: "respond", source: "reviewer", ...audit } };
    case "edit": {
      const refused = await screenEdit(call, decision.updatedInput, context);
      if (refused !== undefined) {
        return blocked(call, refused.failed ? "policy_failure" : "policy", refused.reason, { ...audit, decision: "deny" });
      }
      return { kind: "run", call: withArgs(call, decision.updatedInput), record: { decision: "edit", source: "reviewer", ...audit } };
    }
  }
}

/**
 * Turns screenings (and the review, when a person was asked) into one outcome per call,
 * in the model's order. Nothing runs here; every outcome is decided before any tool does.
 */
export async function planOutcomes(
  screenings: readonly Screening[],
  review: ApprovalReview | undefined,
  context: ScreeningContext & { hitlEnabled: boolean },
): Promise<Outcome[]> {
  return Promise.all(
    screenings.map(async (screening): Promise<Outcome> => {
      const { call } = screening;
      if (screening.kind === "unknown_tool") return { kind: "run", call };
      const wasReviewed = review?.reviewed.action_requests.some((request) => request.tool_call_id === call.id) === true;
      if (wasReviewed && review !== undefined) return reviewedOutcome(screening, review, context);
      switch (screening.kind) {
        case "allow":
          return { kind: "run", call: withArgs(call, screening.args) };
        case "deny":
          return blocked(call, screening.failed ? "policy_failure" : "policy", screening.reason);
        case "ask":
          if (!context.hitlEnabled) return blocked(call, "hitl_disabled", screening.description);
          if (call.id == null || call.id === "") return blocked(call, "unreviewable", undefined);
          return blocked(call, "changed_after_review", "the call needed approval only after the review was made");
      }
    }),
  );
}
