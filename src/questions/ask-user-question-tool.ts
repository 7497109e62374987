import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { HITLError } from "../errors/hitl-error.js";
import type { AskUserQuestionRequest } from "../payload/types.js";
import { askUserQuestion } from "./ask-user-question.js";
import { questionSchema, type OptionLimits } from "./question-schema.js";
import type { Answer } from "./validate-answer.js";

/** Metadata key that marks a tool built by {@link createAskUserQuestionTool}. */
const ASK_USER_QUESTION_TOOL = "langgraph_hitl_ask_user_question";

/** Options of {@link createAskUserQuestionTool}. */
export interface AskUserQuestionToolOptions {
  /** Tool name the model calls. Default: `"ask_user_question"`. */
  name?: string;
  /** What the model is told the tool is for. */
  description?: string;
  /** Fewest options a question may offer (when it offers any). Default: 2. */
  minOptions?: number;
  /** Most options a question may offer. Default: 4. */
  maxOptions?: number;
}

const DEFAULT_DESCRIPTION =
  "Ask the user a clarifying question when you cannot proceed without their input. " +
  "Offer 2-4 options when the answer is a choice; set multiSelect when several may be picked. " +
  "The result is the user's answer.";

/** How an answer reads to the model: text as is, several picks as a JSON list. */
export function formatAnswer(answer: Answer): string {
  return typeof answer === "string" ? answer : JSON.stringify(answer);
}

function checkLimits(options: AskUserQuestionToolOptions): OptionLimits {
  const minOptions = options.minOptions ?? 2;
  const maxOptions = options.maxOptions ?? 4;
  const valid = Number.isInteger(minOptions) && Number.isInteger(maxOptions) && minOptions >= 1 && maxOptions >= minOptions;
  if (!valid) {
    const message = `minOptions and maxOptions must be integers with 1 <= minOptions <= maxOptions, but received ${minOptions} and ${maxOptions}`;
    throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["minOptions"], message, received: { minOptions, maxOptions } }] });
  }
  return { minOptions, maxOptions };
}

/**
 * A tool the model can call to ask the person a question, like Claude Code's
 * `AskUserQuestion`: `{ question, description?, options?: { label, value }[], multiSelect?,
 * allowFreeText? }` (2–4 options when given). Give it to an {@link ApprovalToolNode}: the
 * node asks the question with an `ask_user_question` interrupt (after any approvals of the
 * same batch, before any tool runs) and the tool's `ToolMessage` is the answer.
 *
 * Outside an `ApprovalToolNode` it still works, by pausing inside the tool — but then
 * LangGraph re-runs the tool's finished siblings on resume.
 *
 * @param options - `name`, `description`, `minOptions`, `maxOptions`.
 * @returns A LangChain tool.
 * @throws {HITLError} `INVALID_OPTIONS` for impossible option limits.
 * @example
 * ```ts
 * const node = new ApprovalToolNode([deployTool, createAskUserQuestionTool()], { interruptOn: { deploy: true } });
 * ```
 */
export function createAskUserQuestionTool(options: AskUserQuestionToolOptions = {}): StructuredToolInterface {
  const limits = checkLimits(options);
  const created = tool(async (request: AskUserQuestionRequest) => formatAnswer(askUserQuestion(request).answer), {
    name: options.name ?? "ask_user_question",
    description: options.description ?? DEFAULT_DESCRIPTION,
    schema: questionSchema(limits),
    metadata: { [ASK_USER_QUESTION_TOOL]: limits },
  });
  return created as unknown as StructuredToolInterface;
}

/** The option limits of a question tool, or `undefined` for any other tool. */
export function questionToolLimits(candidate: { metadata?: Record<string, unknown> | undefined }): OptionLimits | undefined {
  return candidate.metadata?.[ASK_USER_QUESTION_TOOL] as OptionLimits | undefined;
}
