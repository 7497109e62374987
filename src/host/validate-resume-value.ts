import { HITLError } from "../errors/hitl-error.js";
import { validateDecisions, type ToolLookup } from "../decisions/validate-decisions.js";
import { assertWithinLimits } from "../decisions/value-limits.js";
import { requestDigest } from "../payload/digest.js";
import { isAskUserQuestionInterrupt, isToolApprovalInterrupt } from "../payload/guards.js";
import type { ToolApprovalDecisionMap } from "../payload/types.js";
import { validateResolution, validateResolutions } from "../questions/validate-answer.js";

/** A resume value that fits its payload, in the form the node will receive it. */
export interface CheckedResumeValue {
  /** Approvals are always sent keyed by `tool_call_id`, never by position. */
  value: unknown;
  /** Digests of the requests the decisions were validated against. */
  digests?: Record<string, string>;
}

/** LangGraph stores the resume value and the node stores the claim as JSON: a value that cannot be written is refused up front. */
function assertStorable(value: unknown): void {
  try {
    JSON.stringify(value);
  } catch (error) {
    const message = "the value cannot be stored as JSON (nested too deeply, cyclic, or holding a BigInt)";
    throw new HITLError("INVALID_DECISION", `The resume value was refused: ${message}.`, { details: [{ message }], cause: error });
  }
}

/**
 * Validates `value` against the payload of the interrupt it answers, before anything is
 * submitted to the graph. Values deeper than 64 levels or holding more than 100 000 values are
 * refused before they are walked.
 *
 * @throws {HITLError} `INVALID_DECISION`, `INVALID_EDIT`, `INVALID_ANSWER`, or
 * `UNSUPPORTED_INTERRUPT` for a payload this library did not raise.
 */
export async function validateResumeValue(payload: unknown, value: unknown, findTool: ToolLookup): Promise<CheckedResumeValue> {
  assertStorable(value);
  if (isToolApprovalInterrupt(payload)) {
    assertWithinLimits(value, "INVALID_DECISION");
    const decisions = await validateDecisions(payload, value, findTool);
    const byId: ToolApprovalDecisionMap = Object.fromEntries(decisions);
    // The payload comes from this library's read APIs, which have just computed each digest.
    const digests = Object.fromEntries(
      payload.action_requests.map((request) => [request.tool_call_id, request.digest ?? requestDigest(request.name, request.arguments)]),
    );
    return { value: byId, digests };
  }
  if (isAskUserQuestionInterrupt(payload)) {
    assertWithinLimits(value, "INVALID_ANSWER");
    const several = payload.questions;
    return { value: several === undefined ? validateResolution(payload.question, value) : validateResolutions(several, value) };
  }
  throw new HITLError(
    "UNSUPPORTED_INTERRUPT",
    "The pending interrupt was not raised by langgraph-hitl (it is neither a tool_approval nor an ask_user_question), so this library " +
      "cannot validate a value for it and does not send one (resume(), resumeRemote(), resumeStream(), the HTTP handler); " +
      "resume it with `graph.invoke(new Command({ resume: { [interruptId]: value } }), config)`.",
    { details: [{ path: ["payload", "type"], message: "not an interrupt this library raised", received: (payload as { type?: unknown } | null)?.type ?? payload, allowed: ["tool_approval", "ask_user_question"] }] },
  );
}
