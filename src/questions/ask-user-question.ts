import { HITLError, isHITLError } from "../errors/hitl-error.js";
import { interruptWithId, raiseInPlace } from "../langgraph/index.js";
import { refuseOversized } from "../protocol/oversized-value.js";
import { unwrapResumeValue, type ResumeMeta } from "../protocol/resume-envelope.js";
import type {
  AskUserQuestionInterruptPayload,
  AskUserQuestionMultiSelectResolution,
  AskUserQuestionRequest,
  AskUserQuestionResolution,
  AskUserQuestionsResolution,
} from "../payload/types.js";
import { questionResponseSchema } from "../payload/response-schema.js";
import { parseQuestion, parseQuestions } from "./question-schema.js";
import { validateResolution, validateResolutions } from "./validate-answer.js";

/** An answer as it arrived: the bare value, its envelope, and the interrupt it answers. */
interface SentAnswer {
  /** The value as sent, before validation (what a signature covers). */
  value: unknown;
  meta: ResumeMeta | undefined;
  /** The id of the interrupt the value answers (`undefined` outside a checkpointed task). */
  interruptId: string | undefined;
}

/** A valid answer and, when the host resumed through `resume()`, who gave it. */
export interface AnsweredQuestion<T> {
  value: T;
  meta: ResumeMeta | undefined;
  /** The value as sent, before validation (what a signature covers). */
  sent: unknown;
  /** The id of the interrupt the value answers. */
  interruptId: string | undefined;
  /** Whether the answer came with a valid signature (so its reviewer can be trusted). */
  verified: boolean;
}

/** How the node trusts answers: like approvals, with a signing key an unsigned answer is refused. */
export interface AnswerTrust {
  /** Whether the answer's signature checks out for the interrupt it answers. */
  verify: (sent: SentAnswer) => boolean;
  /** The node has a signing key: an answer that does not verify is refused and the question raised again. */
  required: boolean;
}

/** Without a node around it (`askUserQuestion()` in a plain node) nothing can be verified, and nothing is required. */
const UNVERIFIED: AnswerTrust = { verify: () => false, required: false };

const UNSIGNED_MESSAGE =
  "The answer is not signed with this node's signing key, so it was not applied. Answer through resume() or the HTTP handler configured with the same signingKey.";

function refusal(code: "INVALID_ANSWER" | "INVALID_SIGNATURE", message: string): HITLError {
  return new HITLError(code, message, { details: [{ message }] });
}

/**
 * Checks one resume value: envelope, size (before anything walks it), signature, then the
 * answer itself. A refusal is returned (not thrown) so the question can be raised again; a
 * value beyond the limits pauses again at once, in place (see `refuseOversized`).
 */
function check<T>(raised: { value: unknown; interruptId: string | undefined }, payload: AskUserQuestionInterruptPayload, validate: (value: unknown) => T, trust: AnswerTrust): AnsweredQuestion<T> | HITLError {
  const unwrapped = unwrapResumeValue(raised.value);
  if (!unwrapped.ok) return refusal("INVALID_ANSWER", `The resume value was refused: ${unwrapped.message}`);
  refuseOversized(unwrapped.value, "INVALID_ANSWER", payload);
  const sent: SentAnswer = { value: unwrapped.value, meta: unwrapped.meta, interruptId: raised.interruptId };
  const verified = trust.verify(sent);
  if (trust.required && !verified) return refusal("INVALID_SIGNATURE", UNSIGNED_MESSAGE);
  try {
    return { value: validate(unwrapped.value), meta: unwrapped.meta, sent: unwrapped.value, interruptId: raised.interruptId, verified };
  } catch (error) {
    if (isHITLError(error)) return error;
    throw error;
  }
}

/**
 * Raises `payload` and returns the first answer that passes `validate` (and, when `trust`
 * requires it, carries a valid signature). An answer that does not is never returned: the
 * same question is raised again with an `error`, so the run stays paused. On the first pass
 * this throws LangGraph's `GraphInterrupt`, which must propagate.
 *
 * A refused answer is forgotten: the question is raised again under the same interrupt id
 * (`raiseInPlace`), so the task's record of answers holds only accepted answers, one per raise,
 * and no later pass — on another release, with another signing key — can judge the refused one
 * again and hand it, or the answers after it, to the wrong question.
 *
 * @param payload - The question to pause with.
 * @param validate - Checks the bare answer; throws `INVALID_ANSWER`.
 * @param trust - How answers are verified, and whether an unverified one is refused. Default: nothing verified, nothing refused.
 * @param acceptedBefore - Whether the task's stored interrupt proves this raise's answer was accepted
 * when it arrived (a batch reads it; a plain node cannot): then its signature is not required
 * again, so a redeploy that adds a signing key cannot refuse it now.
 * @returns The answer, the interrupt it answers and whether it was verified.
 * @example
 * ```ts
 * const { value, verified } = raiseUntilAnswered(payload, (value) => validateResolution(question, value), trust);
 * ```
 */
export function raiseUntilAnswered<T>(payload: AskUserQuestionInterruptPayload, validate: (value: unknown) => T, trust: AnswerTrust = UNVERIFIED, acceptedBefore = false): AnsweredQuestion<T> {
  const schema = questionResponseSchema(payload);
  const raised = interruptWithId(payload, schema);
  const outcome = check(raised, payload, validate, acceptedBefore ? { ...trust, required: false } : trust);
  if (!isHITLError(outcome)) return outcome;
  // Even an answer kept from an earlier pass and refused now (the node's code changed): the
  // answers after it are dropped with it and asked again, rather than shifted onto this question.
  raiseInPlace({ ...payload, error: { code: outcome.code, message: outcome.message, details: [...outcome.details] } }, schema);
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
