import { HITLError } from "../errors/hitl-error.js";
import { REVIVABLE_RECORD_SHAPE, revivableRecordSteps } from "../langgraph/index.js";
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

// LangGraph stores the resume value in the checkpoint (a pending write every later read loads)
// and the node stores the claim as JSON: a value either cannot keep as written is refused before
// anything is sent. That includes an object shaped like a LangChain serialization record, which
// LangGraph's checkpoint reader revives as another value — and one naming a class LangChain cannot
// load fails every later read of the thread, so the pause could never be resumed.
function assertStorable(value: unknown, code: "INVALID_DECISION" | "INVALID_ANSWER"): void {
  let steps: Array<string | number> | undefined;
  try {
    JSON.stringify(value);
    steps = revivableRecordSteps(value);
  } catch (error) {
    const message = "the value cannot be stored as JSON (nested too deeply, cyclic, or holding a BigInt)";
    throw new HITLError(code, `The resume value was refused: ${message}.`, { details: [{ message }], cause: error });
  }
  if (steps === undefined) return;
  const message = `${REVIVABLE_RECORD_SHAPE} cannot be stored as written: LangGraph's checkpoint reader revives it as another value, and fails every later read of the thread on one it cannot load`;
  throw new HITLError(code, `The resume value was refused: ${message}.`, { details: [{ path: steps, message }] });
}

/**
 * An approval's value sent past its deadline by the host's clock: not validated (the node judges
 * the deadline, by one clock), but still refused when the checkpoint could not keep it as written.
 *
 * @param value - The value the host is about to send.
 * @returns The value, as {@link validateResumeValue} returns a checked one.
 * @throws {HITLError} `INVALID_DECISION` when the value cannot be stored as written.
 * @example
 * ```ts
 * const checked = late ? lateResumeValue(value) : await validateResumeValue(payload, value, findTool);
 * ```
 */
export function lateResumeValue(value: unknown): CheckedResumeValue {
  assertStorable(value, "INVALID_DECISION");
  return { value };
}

function codeFor(payload: unknown): "INVALID_DECISION" | "INVALID_ANSWER" {
  return isAskUserQuestionInterrupt(payload) ? "INVALID_ANSWER" : "INVALID_DECISION";
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
  assertStorable(value, codeFor(payload));
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
