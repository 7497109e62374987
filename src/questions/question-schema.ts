import { z } from "zod";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import type { AskUserQuestionRequest } from "../payload/types.js";

const optionSchema = z.strictObject({ label: z.string().min(1), value: z.string().min(1) });

const questionSchema = z
  .strictObject({
    question: z.string().trim().min(1, "a question needs text"),
    description: z.string().optional(),
    options: z.array(optionSchema).min(1).optional(),
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

function toDetails(issues: readonly z.core.$ZodIssue[], prefix: Array<string | number> = []): HITLErrorDetail[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)))];
    return { path, message: path.length > 0 ? `${path.join(".")}: ${issue.message}` : issue.message };
  });
}

/**
 * Checks a question before it is shown to anyone: a programming error in the question is
 * reported to the developer at once, not discovered by the person answering.
 *
 * @throws {HITLError} `INVALID_QUESTION`, one detail per problem.
 */
export function parseQuestion(request: unknown, prefix: Array<string | number> = []): AskUserQuestionRequest {
  const parsed = questionSchema.safeParse(request);
  if (parsed.success) {
    return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as unknown as AskUserQuestionRequest;
  }
  const details = toDetails(parsed.error.issues, prefix);
  throw new HITLError("INVALID_QUESTION", `Invalid question: ${details[0]?.message ?? "malformed"}`, { details });
}
