import type { StoredInterrupt } from "../langgraph/index.js";
import { isAskUserQuestionInterrupt } from "../payload/guards.js";
import type { AnsweredQuestion, AnswerTrust } from "../questions/ask-user-question.js";
import { raiseUntilAnswered } from "../questions/ask-user-question.js";
import { validateResolution, type Answer } from "../questions/validate-answer.js";
import { shownAgain } from "./shown-again.js";
import type { Screening } from "./types.js";

/** An answer, and whether the reviewer it names came with a valid signature. */
export type VerifiedAnswer = AnsweredQuestion<{ answer: Answer }>;

/** Answers to the batch's questions, by tool call id. */
export type BatchAnswers = ReadonlyMap<string, VerifiedAnswer>;

type QuestionScreening = Extract<Screening, { kind: "question" }>;

/** A question of the batch shown again after refusing what answered it: which call, and at which raise of the task. */
interface ShownQuestion {
  toolCallId: string;
  raise: number;
}

/**
 * The question of the batch the task last raised, when it was raised again with an `error` (an
 * answer was refused) at a raise this pass holds an answer for. Call it inside the running task.
 *
 * @param stored - The interrupts the task raised last, as stored.
 * @example
 * ```ts
 * const shown = questionShownAgain(await readStoredInterrupts(task)); // { toolCallId: "q1", raise: 1 }
 * ```
 */
export function questionShownAgain(stored: readonly StoredInterrupt[]): ShownQuestion | undefined {
  const shown = shownAgain(stored, isAskUserQuestionInterrupt);
  const toolCallId = shown?.payload.tool_call_id;
  return shown === undefined || toolCallId === undefined ? undefined : { toolCallId, raise: shown.raise };
}

/**
 * Asks the batch's questions, one interrupt per question call, in the model's order (after
 * the batch's approvals). Each payload names its `tool_call_id`. Returns the answers by call id.
 * Answers `shown` says were refused when they arrived are taken without being checked again.
 */
export function askBatchQuestions(screenings: readonly Screening[], trust: AnswerTrust, shown?: ShownQuestion): BatchAnswers {
  const answers = new Map<string, VerifiedAnswer>();
  const questions = screenings.filter((screening): screening is QuestionScreening => screening.kind === "question" && (screening.call.id ?? "") !== "");
  for (const { call, question } of questions) {
    const toolCallId = call.id ?? "";
    const payload = { type: "ask_user_question" as const, question, tool_call_id: toolCallId };
    const shownAgainAt = shown?.toolCallId === toolCallId ? shown.raise : undefined;
    answers.set(toolCallId, raiseUntilAnswered(payload, (value) => validateResolution(question, value), trust, shownAgainAt));
  }
  return answers;
}
