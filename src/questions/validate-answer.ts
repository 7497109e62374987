import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import type { AskUserQuestionRequest, AskUserQuestionResolution } from "../payload/types.js";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks one answer against its question; returns the problems found (empty when it fits). */
export function answerProblems(question: AskUserQuestionRequest, answer: unknown, path: Array<string | number>): HITLErrorDetail[] {
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

/**
 * Checks a resolution `{ answer }` for one question: a string, or an array of option
 * values when `multiSelect`; one of the option values when free text is not allowed.
 *
 * @throws {HITLError} `INVALID_ANSWER`, one detail per problem.
 */
export function validateResolution(question: AskUserQuestionRequest, resolution: unknown): AskUserQuestionResolution {
  const details: HITLErrorDetail[] = [];
  if (!isPlainObject(resolution) || !("answer" in resolution)) {
    details.push({ path: ["answer"], message: "expected a resolution object { answer }", received: resolution });
  } else {
    const extra = Object.keys(resolution).filter((key) => key !== "answer");
    if (extra.length > 0) details.push({ path: [extra[0] ?? ""], message: `unknown field(s) ${extra.join(", ")}; expected only "answer"` });
    details.push(...answerProblems(question, resolution["answer"], ["answer"]));
  }
  if (details.length > 0) {
    throw new HITLError("INVALID_ANSWER", `Invalid answer: ${details[0]?.message ?? ""}`, { details });
  }
  return { answer: (resolution as { answer: string }).answer };
}
