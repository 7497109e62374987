import type { AnsweredQuestion, AnswerTrust } from "../questions/ask-user-question.js";
import { raiseUntilAnswered } from "../questions/ask-user-question.js";
import { validateResolution, type Answer } from "../questions/validate-answer.js";
import type { Screening } from "./types.js";

/** An answer, and whether the reviewer it names came with a valid signature. */
export type VerifiedAnswer = AnsweredQuestion<{ answer: Answer }>;

/** Answers to the batch's questions, by tool call id. */
export type BatchAnswers = ReadonlyMap<string, VerifiedAnswer>;

type QuestionScreening = Extract<Screening, { kind: "question" }>;

/**
 * Asks the batch's questions, one interrupt per question call, in the model's order (after
 * the batch's approvals). Each payload names its `tool_call_id`. Returns the answers by call id.
 */
export function askBatchQuestions(screenings: readonly Screening[], trust: AnswerTrust): BatchAnswers {
  const answers = new Map<string, VerifiedAnswer>();
  const questions = screenings.filter((screening): screening is QuestionScreening => screening.kind === "question" && (screening.call.id ?? "") !== "");
  for (const { call, question } of questions) {
    const toolCallId = call.id ?? "";
    const payload = { type: "ask_user_question" as const, question, tool_call_id: toolCallId };
    answers.set(toolCallId, raiseUntilAnswered(payload, (value) => validateResolution(question, value), trust));
  }
  return answers;
}
