import { z } from "zod";
import { HITLError } from "../errors/hitl-error.js";
import type { AskUserQuestionRequest } from "../payload/types.js";
import { issueDetails } from "../errors/issue-details.js";
import { UNKEYABLE_KEY } from "../payload/own-value.js";

/** How many questions one pause may carry (as Claude Code's `AskUserQuestion`). */
const MAX_QUESTIONS_PER_PAUSE = 4;

const optionSchema = z.strictObject({ label: z.string().min(1), value: z.string().min(1) });

/** Limits on a question's options; the tool the model calls uses 2–4 by default. */
export interface OptionLimits {
  minOptions: number;
  maxOptions: number;
}

/** The question schema, with the given limits on its options. */
export function questionSchema(limits: OptionLimits = { minOptions: 1, maxOptions: 100 }) {
  return z
    .strictObject({
      question: z.string().trim().min(1, "a question needs text"),
      description: z.string().optional(),
      options: z
        .array(optionSchema)
        .min(limits.minOptions, `give at least ${limits.minOptions} options (or none)`)
        .max(limits.maxOptions, `give at most ${limits.maxOptions} options`)
        .optional(),
      multiSelect: z.boolean().optional(),
      allowFreeText: z.boolean().optional(),
    })
    .superRefine((request, context) => {
      const values = (request.options ?? []).map((option) => option.value);
      if (new Set(values).size !== values.length) {
        context.addIssue({ code: "custom", path: ["options"], message: "option values must be unique" });
      }
      if (request.allowFreeText === false && request.options === undefined) {
        context.addIssue({ code: "custom", path: ["allowFreeText"], message: "allowFreeText: false needs options to choose from" });
      }
      if (request.multiSelect === true && request.options === undefined) {
        context.addIssue({ code: "custom", path: ["multiSelect"], message: "multiSelect needs options to choose from" });
      }
    });
}

const defaultSchema = questionSchema();

function compact(request: Record<string, unknown>): AskUserQuestionRequest {
  return Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined)) as unknown as AskUserQuestionRequest;
}

/**
 * Checks a question before it is shown to anyone: a programming error in the question is
 * reported to the developer at once, not discovered by the person answering.
 *
 * @throws {HITLError} `INVALID_QUESTION`, one detail per problem.
 */
export function parseQuestion(request: unknown, prefix: Array<string | number> = []): AskUserQuestionRequest {
  const parsed = defaultSchema.safeParse(request);
  if (parsed.success) return compact(parsed.data);
  const details = issueDetails(parsed.error.issues, { prefix });
  throw new HITLError("INVALID_QUESTION", `Invalid question: ${details[0]?.message ?? "malformed"}`, { details });
}

/**
 * Checks 1–4 questions asked together; their texts must differ, and none may be `__proto__`,
 * since answers are keyed by them.
 *
 * @throws {HITLError} `INVALID_QUESTION`.
 */
export function parseQuestions(requests: unknown): AskUserQuestionRequest[] {
  if (!Array.isArray(requests) || requests.length === 0 || requests.length > MAX_QUESTIONS_PER_PAUSE) {
    const message = `ask 1 to ${MAX_QUESTIONS_PER_PAUSE} questions at once`;
    throw new HITLError("INVALID_QUESTION", `Invalid questions: ${message}`, { details: [{ path: [], message, received: Array.isArray(requests) ? requests.length : requests }] });
  }
  const questions = requests.map((request, index) => parseQuestion(request, [index]));
  const texts = questions.map((question) => question.question);
  const repeated = texts.find((text, index) => texts.indexOf(text) !== index);
  if (repeated !== undefined) {
    const message = `the question "${repeated}" is asked twice; answers are keyed by question text`;
    throw new HITLError("INVALID_QUESTION", `Invalid questions: ${message}`, { details: [{ path: [], message, received: repeated }] });
  }
  const unkeyable = texts.indexOf(UNKEYABLE_KEY);
  if (unkeyable !== -1) {
    const message = `the question text "${UNKEYABLE_KEY}" cannot key an answer: JSON parsers and JavaScript objects drop that key`;
    throw new HITLError("INVALID_QUESTION", `Invalid questions: ${message}`, { details: [{ path: [unkeyable, "question"], message, received: UNKEYABLE_KEY }] });
  }
  return questions;
}
