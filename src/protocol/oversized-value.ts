import { limitsProblem } from "../decisions/value-limits.js";
import { raiseInPlace } from "../langgraph/index.js";
import { responseSchemaOf } from "../payload/response-schema.js";
import type { AskUserQuestionInterruptPayload, ToolApprovalInterruptPayload } from "../payload/types.js";

/**
 * Refuses a resume value that nests deeper or holds more than the documented limits (64
 * levels, 100 000 values), before anything walks, signs or validates it: the run pauses again
 * with `payload` and an `error` (`INVALID_DECISION` or `INVALID_ANSWER`), under the same
 * interrupt id, and the value is forgotten. A value that deep may be one the checkpointer
 * could not store; pausing in place keeps what LangGraph stored consistent either way, so
 * the next resume addressed to the pending interrupt is applied.
 *
 * @param value - The bare resume value (without its envelope), as it reached the node.
 * @param code - `INVALID_DECISION` for decisions, `INVALID_ANSWER` for answers.
 * @param payload - The interrupt the value answered, without any earlier `error`.
 * @throws LangGraph's `GraphInterrupt` when the value is beyond the limits (it must propagate untouched).
 * @example
 * ```ts
 * refuseOversized(unwrapped.value, "INVALID_DECISION", reviewed);
 * ```
 */
export function refuseOversized(value: unknown, code: "INVALID_DECISION" | "INVALID_ANSWER", payload: ToolApprovalInterruptPayload | AskUserQuestionInterruptPayload): void {
  const problem = limitsProblem(value, code);
  if (problem === undefined) return;
  raiseInPlace({ ...payload, error: { code: problem.code, message: problem.message, details: [...problem.details] } }, responseSchemaOf(payload));
}
