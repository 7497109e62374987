import type { AskUserQuestionInterruptPayload, AskUserQuestionRequest } from "../payload/types.js";
import { escapeHtml, escapeTerminal } from "./escape.js";

/** Every question of the pause (`questions` when several are asked at once, else `question`). */
function questionsOf(payload: AskUserQuestionInterruptPayload): AskUserQuestionRequest[] {
  return payload.questions !== undefined && payload.questions.length > 0 ? payload.questions : [payload.question];
}

/** How the person may answer, in words. */
function answerRule(request: AskUserQuestionRequest): string {
  const hasOptions = (request.options ?? []).length > 0;
  if (!hasOptions) return "answer in your own words";
  const pick = request.multiSelect === true ? "pick one or more" : "pick one";
  return request.allowFreeText === false ? pick : `${pick}, or answer in your own words`;
}

function errorNote(payload: AskUserQuestionInterruptPayload): string | undefined {
  return payload.error === undefined ? undefined : `Previous answer refused (${payload.error.code}): ${payload.error.message}`;
}

/**
 * Plain-text view of an `ask_user_question` payload.
 *
 * @param payload - A payload that passed `isAskUserQuestionInterrupt`.
 * @returns Lines joined with `\n`; every payload-supplied string is terminal-escaped.
 */
export function questionText(payload: AskUserQuestionInterruptPayload): string {
  const all = questionsOf(payload);
  const lines = [all.length === 1 ? "Question for you:" : `${all.length} questions for you:`];
  all.forEach((request, index) => {
    lines.push(`  ${all.length === 1 ? "" : `${index + 1}. `}${escapeTerminal(request.question)}`);
    if (request.description !== undefined) lines.push(`     ${escapeTerminal(request.description)}`);
    (request.options ?? []).forEach((option, optionIndex) => lines.push(`     ${optionIndex + 1}) ${escapeTerminal(option.label)}  [${escapeTerminal(option.value)}]`));
    lines.push(`     (${answerRule(request)})`);
  });
  const note = errorNote(payload);
  if (note !== undefined) lines.push(`  ! ${escapeTerminal(note)}`);
  return lines.join("\n");
}

function questionItemHtml(request: AskUserQuestionRequest): string {
  const description = request.description === undefined ? "" : `<p>${escapeHtml(request.description)}</p>`;
  const options = (request.options ?? []).map((option) => `<li>${escapeHtml(option.label)} <code>${escapeHtml(option.value)}</code></li>`).join("");
  const list = options === "" ? "" : `<ol>${options}</ol>`;
  return `<li><strong>${escapeHtml(request.question)}</strong>${description}${list}<p><em>${answerRule(request)}</em></p></li>`;
}

/**
 * HTML view of an `ask_user_question` payload: each question with its options.
 *
 * @param payload - A payload that passed `isAskUserQuestionInterrupt`.
 * @returns A self-contained `<div>`; every payload-supplied string is HTML-escaped.
 */
export function questionHtml(payload: AskUserQuestionInterruptPayload): string {
  const all = questionsOf(payload);
  const note = errorNote(payload);
  const footer = note === undefined ? "" : `<p><strong>!</strong> ${escapeHtml(note)}</p>`;
  const title = all.length === 1 ? "Question for you" : `${all.length} questions for you`;
  return `<div class="hitl-question"><p><strong>${title}</strong></p><ul>${all.map(questionItemHtml).join("")}</ul>${footer}</div>`;
}
