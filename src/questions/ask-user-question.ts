import { interrupt } from "@langchain/langgraph";
import { isHITLError, type HITLError } from "../errors/hitl-error.js";
import { unwrapResumeValue } from "../decisions/resume-envelope.js";
import type { AskUserQuestionInterruptPayload, AskUserQuestionRequest, AskUserQuestionResolution } from "../payload/types.js";
import { parseQuestion } from "./question-schema.js";
import { validateResolution } from "./validate-answer.js";

function checkedResolution(question: AskUserQuestionRequest, raw: unknown): AskUserQuestionResolution | HITLError {
  const unwrapped = unwrapResumeValue(raw);
  try {
    if (!unwrapped.ok) return validateResolution(question, undefined);
    return validateResolution(question, unwrapped.value);
  } catch (error) {
    if (isHITLError(error)) return error;
    throw error;
  }
}

/**
 * Asks the person a question from inside any graph node. The run pauses with an
 * `ask_user_question` interrupt; on resume this returns the person's `{ answer }`. An
 * answer that does not fit (not a string, or not one of the options when free text is
 * off) is never returned: the question is raised again with an `error`.
 *
 * Call it before any side effect in the node: LangGraph re-runs the node from its first
 * line when the run resumes.
 *
 * @param request - The question, with optional `description` and `options`.
 * @returns The person's resolution.
 * @throws {HITLError} `INVALID_QUESTION` when the request itself is malformed.
 * @example
 * ```ts
 * graph.addNode("clarify", () => {
 *   const { answer } = askUserQuestion({
 *     question: "Which environment?",
 *     options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }],
 *   });
 *   return { messages: [new HumanMessage(`Deploy to ${answer}`)] };
 * });
 * ```
 */
export function askUserQuestion(request: AskUserQuestionRequest): AskUserQuestionResolution {
  const question = parseQuestion(request);
  const payload: AskUserQuestionInterruptPayload = { type: "ask_user_question", question };
  let outcome = checkedResolution(question, interrupt(payload));
  while (isHITLError(outcome)) {
    const error = { code: outcome.code, message: outcome.message, details: [...outcome.details] };
    outcome = checkedResolution(question, interrupt({ ...payload, error }));
  }
  return outcome;
}
