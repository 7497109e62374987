import { answeredRaiseOf, interruptWithId, type StoredInterrupt } from "../langgraph/index.js";
import { isAskUserQuestionInterrupt } from "../payload/guards.js";
import type { AskUserQuestionInterruptPayload } from "../payload/types.js";
import type { AnsweredQuestion, AnswerTrust } from "../questions/ask-user-question.js";
import { raiseUntilAnswered } from "../questions/ask-user-question.js";
import { validateResolution, type Answer } from "../questions/validate-answer.js";
import type { Screening } from "./types.js";

/** An answer, and whether the reviewer it names came with a valid signature. */
export type VerifiedAnswer = AnsweredQuestion<{ answer: Answer }>;

/** Answers to the batch's questions, by tool call id. */
export type BatchAnswers = ReadonlyMap<string, VerifiedAnswer>;

type QuestionScreening = Extract<Screening, { kind: "question" }>;

/** The question of the batch the task raised last, as stored. */
interface StoredQuestion {
  toolCallId: string;
  /** The questions answered before it, in the order they were asked (absent when raised by a release that did not record them). */
  answeredBefore: readonly string[] | undefined;
}

/**
 * The question of the batch the task raised last, when this pass holds the answer to that raise.
 * Call it inside the running task.
 *
 * @param stored - The interrupts the task raised last, as stored.
 * @example
 * ```ts
 * const last = storedQuestion(await readStoredInterrupts(task)); // { toolCallId: "q2", answeredBefore: ["q1"] }
 * ```
 */
export function storedQuestion(stored: readonly StoredInterrupt[]): StoredQuestion | undefined {
  for (const { id, value } of stored) {
    if (!isAskUserQuestionInterrupt(value) || value.tool_call_id === undefined || answeredRaiseOf(id) === undefined) continue;
    const ids = value.answered_tool_call_ids;
    const answeredBefore = Array.isArray(ids) && ids.every((entry) => typeof entry === "string") ? [...ids] : undefined;
    return { toolCallId: value.tool_call_id, answeredBefore };
  }
  return undefined;
}

/**
 * Asks the batch's questions, one interrupt per question call (after the batch's approvals), and
 * returns the answers by call id. Each payload names its `tool_call_id` and the questions answered
 * before it (`answered_tool_call_ids`).
 *
 * A refused answer is never kept (the question forgets it and is raised in place), so each asked
 * question holds one raise. A later pass asks again in the order the stored question (`last`)
 * records — never re-derived from this pass's screening — so a redeploy that withdraws a question
 * (a hook now denies it; its answer is taken and dropped) or adds one (asked after) moves no
 * answer to another question. The answers recorded as given before `last` were accepted when they
 * arrived: their signature is not required again.
 */
export function askBatchQuestions(screenings: readonly Screening[], trust: AnswerTrust, last?: StoredQuestion): BatchAnswers {
  const answers = new Map<string, VerifiedAnswer>();
  const questions = new Map<string, QuestionScreening>();
  for (const screening of screenings) {
    const toolCallId = screening.call.id ?? "";
    if (screening.kind === "question" && toolCallId !== "") questions.set(toolCallId, screening);
  }
  const asked = last?.answeredBefore === undefined ? [] : [...last.answeredBefore, last.toolCallId];
  const order = [...asked, ...[...questions.keys()].filter((toolCallId) => !asked.includes(toolCallId))];
  order.forEach((toolCallId, index) => {
    const answeredBefore = order.slice(0, index);
    const screening = questions.get(toolCallId);
    if (screening === undefined) return void interruptWithId(withdrawnQuestion(toolCallId, answeredBefore));
    const { question } = screening;
    const payload: AskUserQuestionInterruptPayload = { type: "ask_user_question", question, tool_call_id: toolCallId, answered_tool_call_ids: answeredBefore };
    answers.set(toolCallId, raiseUntilAnswered(payload, (value) => validateResolution(question, value), trust, index < asked.length - 1));
  });
  return answers;
}

/**
 * A question asked earlier that this pass's screening no longer asks: its raise is taken so the
 * answers after it keep their questions, and its answer is dropped. Only answers already given are
 * taken here; the payload shows should none be left.
 */
function withdrawnQuestion(toolCallId: string, answeredBefore: string[]): AskUserQuestionInterruptPayload {
  const message = "This question is no longer asked (the node's policy changed since it was asked); any answer is dropped.";
  return {
    type: "ask_user_question",
    question: { question: message },
    tool_call_id: toolCallId,
    answered_tool_call_ids: answeredBefore,
    error: { code: "INTERRUPT_ALREADY_RESOLVED", message, details: [{ message }] },
  };
}
