import { interrupt } from "@langchain/langgraph";
import { HITLError, isHITLError } from "../errors/hitl-error.js";
import { unwrapResumeValue, type ResumeMeta } from "../protocol/resume-envelope.js";
import type {
  AskUserQuestionInterruptPayload,
  AskUserQuestionMultiSelectResolution,
  AskUserQuestionRequest,
  AskUserQuestionResolution,
  AskUserQuestionsResolution,
} from "../payload/types.js";
import { parseQuestion, parseQuestions } from "./question-schema.js";
import { validateResolution, validateResolutions } from "./validate-answer.js";

/** A valid answer and, when the host resumed through `resume()`, who gave it. */
export interface AnsweredQuestion<T> {
  value: T;
  meta: ResumeMeta | undefined;
  /** The value as sent, before validation (what a signature covers). */
  sent: unknown;
}

/** Checks one resume value; a refusal is returned (not thrown) so it can be raised again. */
function check<T>(raw: unknown, validate: (value: unknown) => T): AnsweredQuestion<T> | HITLError {
  const unwrapped = unwrapResumeValue(raw);
  if (!unwrapped.ok) return new HITLError("INVALID_ANSWER", `The resume value was refused: ${unwrapped.message}`, { details: [{ message: unwrapped.message }] });
  try {
    return { value: validate(unwrapped.value), meta: unwrapped.meta, sent: unwrapped.value };
  } catch (error) {
    if (isHITLError(error)) return error;
    throw error;
  }
}

/**
 * Raises `payload` and returns the first answer that passes `validate`. An answer that does
 * not is never returned: the same question is raised again with an `error`, so the run stays
 * paused. On the first pass this throws LangGraph's `GraphInterrupt`, which must propagate.
 */
export function raiseUntilAnswered<T>(payload: AskUserQuestionInterruptPayload, validate: (value: unknown) => T): AnsweredQuestion<T> {
  let outcome = check(interrupt(payload), validate);
  while (isHITLError(outcome)) {
    const error = { code: outcome.code, message: outcome.message, details: [...outcome.details] };
    outcome = check(interrupt({ ...payload, error }), validate);
  }
  return outcome;
}

/**
 * Asks the person a question from inside any graph node. The run pauses with an
 * `ask_user_question` interrupt; on resume this returns the person's `{ answer }` (an array
 * of option values for a `multiSelect` question). An answer that does not fit is never
 * returned: the question is raised again with an `error`.
 *
 * Call it before any side effect in the node: LangGraph re-runs the node from its first
 * line when the run resumes.
 *
 * @param request - The question, with optional `description`, `options`, `multiSelect`, `allowFreeText`.
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
export function askUserQuestion(request: AskUserQuestionRequest & { multiSelect: true }): AskUserQuestionMultiSelectResolution;
export function askUserQuestion(request: AskUserQuestionRequest): AskUserQuestionResolution;
export function askUserQuestion(request: AskUserQuestionRequest): AskUserQuestionResolution | AskUserQuestionMultiSelectResolution {
  const question = parseQuestion(request);
  const payload: AskUserQuestionInterruptPayload = { type: "ask_user_question", question };
  return raiseUntilAnswered(payload, (value) => validateResolution(question, value)).value as AskUserQuestionResolution;
}

/**
 * Asks 1–4 questions in one pause. The payload carries them all in `questions` (and the first
 * as `question`); the person answers with `{ answers: { [question text]: answer } }`.
 *
 * @param requests - 1 to 4 questions with distinct texts.
 * @returns `{ answers }`, keyed by question text; `multiSelect` answers are arrays.
 * @throws {HITLError} `INVALID_QUESTION` when a request is malformed or texts repeat.
 * @example
 * ```ts
 * const { answers } = askUserQuestions([
 *   { question: "Which region?", options: [{ label: "EU", value: "eu" }, { label: "US", value: "us" }] },
 *   { question: "Which features?", multiSelect: true, options: [{ label: "Logs", value: "logs" }, { label: "Metrics", value: "metrics" }] },
 * ]);
 * ```
 */
export function askUserQuestions(requests: AskUserQuestionRequest[]): AskUserQuestionsResolution {
  const questions = parseQuestions(requests);
  const payload: AskUserQuestionInterruptPayload = { type: "ask_user_question", question: questions[0]!, questions };
  return raiseUntilAnswered(payload, (value) => validateResolutions(questions, value)).value;
}
