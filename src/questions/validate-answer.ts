import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import type { AskUserQuestionRequest, AskUserQuestionsResolution } from "../payload/types.js";
import { isPlainObject } from "../payload/json-type.js";
import { nameList } from "../errors/name-list.js";

/** An answer to one question: text, or the option values picked for a `multiSelect` question. */
export type Answer = string | string[];

/** Checks one answer against its question; returns the problems found (empty when it fits). */
function answerProblems(question: AskUserQuestionRequest, answer: unknown, path: Array<string | number>): HITLErrorDetail[] {
  const values = (question.options ?? []).map((option) => option.value);
  const freeText = question.allowFreeText !== false;
  const outsideOptions = (candidate: string): boolean => values.length > 0 && !freeText && !values.includes(candidate);
  if (question.multiSelect === true) {
    if (!Array.isArray(answer) || !answer.every((item) => typeof item === "string")) {
      return [{ path, message: `"${question.question}" allows several choices: answer with an array of option values`, received: answer }];
    }
    return answer
      .filter(outsideOptions)
      .map((item) => ({ path, message: `"${item}" is not one of the options of "${question.question}"`, allowed: values, received: item }));
  }
  if (typeof answer !== "string") {
    return [{ path, message: `the answer to "${question.question}" must be a string`, received: answer }];
  }
  if (outsideOptions(answer)) {
    return [{ path, message: `"${answer}" is not one of the options of "${question.question}"`, allowed: values, received: answer }];
  }
  return [];
}

function refuse(details: HITLErrorDetail[]): never {
  throw new HITLError("INVALID_ANSWER", `Invalid answer: ${details[0]?.message ?? ""}`, { details });
}

function onlyKey(resolution: Record<string, unknown>, key: string, details: HITLErrorDetail[]): void {
  const extra = Object.keys(resolution).filter((candidate) => candidate !== key);
  if (extra.length > 0) details.push({ path: [extra[0] ?? ""], message: `unknown field(s) ${nameList(extra, (name) => name)}; expected only "${key}"`, received: extra.length === 1 ? extra[0] : extra, allowed: [key] });
}

/** Decisions (`[{ type: "approve" }]`, `{ decisions }`) sent to a question: the value was meant for an approval. */
function looksLikeDecisions(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((entry) => isPlainObject(entry) && typeof entry["type"] === "string");
  return isPlainObject(value) && ("decisions" in value || typeof value["type"] === "string");
}

/** The refusal of a value that is not `{ answer }` / `{ answers }` at all, saying what to send instead. */
function notAResolution(resolution: unknown, key: "answer" | "answers", shape: string): HITLErrorDetail {
  const example = key === "answer" && (typeof resolution === "string" || Array.isArray(resolution)) && !looksLikeDecisions(resolution) ? `{ answer: ${JSON.stringify(resolution)} }` : shape;
  const why = looksLikeDecisions(resolution)
    ? "this interrupt is a question (ask_user_question), and decisions answer an approval (tool_approval)"
    : `expected a resolution object ${shape}`;
  return { path: [key], message: `${why}: send ${example}`, received: resolution, allowed: [shape] };
}

/**
 * Checks a resolution `{ answer }` for one question: a string, or an array of option
 * values when `multiSelect`; one of the option values when free text is not allowed.
 *
 * @throws {HITLError} `INVALID_ANSWER`, one detail per problem.
 */
export function validateResolution(question: AskUserQuestionRequest, resolution: unknown): { answer: Answer } {
  const details: HITLErrorDetail[] = [];
  if (!isPlainObject(resolution) || !("answer" in resolution)) {
    details.push(notAResolution(resolution, "answer", "{ answer }"));
  } else {
    onlyKey(resolution, "answer", details);
    details.push(...answerProblems(question, resolution["answer"], ["answer"]));
  }
  if (details.length > 0) refuse(details);
  return { answer: (resolution as { answer: Answer }).answer };
}

/**
 * Checks a resolution `{ answers: { [question]: answer } }` for several questions asked in
 * one pause: every question answered, no unknown question, each answer valid.
 *
 * @throws {HITLError} `INVALID_ANSWER`, one detail per problem.
 */
export function validateResolutions(questions: readonly AskUserQuestionRequest[], resolution: unknown): AskUserQuestionsResolution {
  const details: HITLErrorDetail[] = [];
  const answers = isPlainObject(resolution) ? resolution["answers"] : undefined;
  if (!isPlainObject(resolution) || !isPlainObject(answers)) {
    refuse([notAResolution(resolution, "answers", "{ answers: { [question]: answer } }")]);
  }
  onlyKey(resolution, "answers", details);
  const texts = questions.map((question) => question.question);
  for (const key of Object.keys(answers)) {
    if (!texts.includes(key)) details.push({ path: ["answers", key], message: `no pending question reads "${key}"`, allowed: texts });
  }
  for (const question of questions) {
    if (!Object.prototype.hasOwnProperty.call(answers, question.question)) {
      details.push({ path: ["answers", question.question], message: `missing an answer to "${question.question}"`, ...(question.options === undefined ? {} : { allowed: question.options.map((option) => option.value) }) });
    } else {
      details.push(...answerProblems(question, answers[question.question], ["answers", question.question]));
    }
  }
  if (details.length > 0) refuse(details);
  return { answers: answers as Record<string, Answer> };
}
