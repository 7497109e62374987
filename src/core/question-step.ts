import { answeredRaiseOf, type StoredInterrupt } from "../langgraph/index.js";
import { isAskUserQuestionInterrupt } from "../payload/guards.js";
import type { AnsweredQuestion, AnswerTrust, KnownRaises } from "../questions/ask-user-question.js";
import { raiseUntilAnswered } from "../questions/ask-user-question.js";
import { validateResolution, type Answer } from "../questions/validate-answer.js";
import type { Screening } from "./types.js";

/** An answer, and whether the reviewer it names came with a valid signature. */
export type VerifiedAnswer = AnsweredQuestion<{ answer: Answer }>;

/** Answers to the batch's questions, by tool call id. */
export type BatchAnswers = ReadonlyMap<string, VerifiedAnswer>;

type QuestionScreening = Extract<Screening, { kind: "question" }>;

/** The question of the batch the task raised last, as stored: which call, and at which raise of the task. */
interface StoredQuestion {
  toolCallId: string;
  raise: number;
}

/**
 * The question of the batch the task raised last, when this pass holds the answer to that raise.
 * Call it inside the running task.
 *
 * @param stored - The interrupts the task raised last, as stored.
 * @example
 * ```ts
 * const last = storedQuestion(await readStoredInterrupts(task)); // { toolCallId: "q2", raise: 1 }
 * ```
 */
export function storedQuestion(stored: readonly StoredInterrupt[]): StoredQuestion | undefined {
  for (const { id, value } of stored) {
    if (!isAskUserQuestionInterrupt(value) || value.tool_call_id === undefined) continue;
    const raise = answeredRaiseOf(id);
    if (raise !== undefined) return { toolCallId: value.tool_call_id, raise };
  }
  return undefined;
}

/**
 * Asks the batch's questions, one interrupt per question call, in the model's order (after
 * the batch's approvals). Each payload names its `tool_call_id`. Returns the answers by call id.
 *
 * A refused answer is never kept (each question forgets it and is raised in place), and when one
 * raise per question separates a question from the stored one (`last`), its answer was accepted
 * when it arrived: its signature is not required again, so a redeploy that adds a signing key
 * moves no answer to another question.
 */
export function askBatchQuestions(screenings: readonly Screening[], trust: AnswerTrust, last?: StoredQuestion): BatchAnswers {
  const answers = new Map<string, VerifiedAnswer>();
  const questions = screenings.filter((screening): screening is QuestionScreening => screening.kind === "question" && (screening.call.id ?? "") !== "");
  const lastIndex = last === undefined ? -1 : questions.findIndex(({ call }) => call.id === last.toolCallId);
  questions.forEach(({ call, question }, index) => {
    const toolCallId = call.id ?? "";
    const payload = { type: "ask_user_question" as const, question, tool_call_id: toolCallId };
    answers.set(toolCallId, raiseUntilAnswered(payload, (value) => validateResolution(question, value), trust, knownRaises(last, index, lastIndex)));
  });
  return answers;
}

/** Each question from one before the stored one takes at least one raise: exactly one each proves none was refused. */
function knownRaises(last: StoredQuestion | undefined, index: number, lastIndex: number): KnownRaises {
  return last === undefined || index >= lastIndex ? {} : { acceptedAt: last.raise - (lastIndex - index) };
}
