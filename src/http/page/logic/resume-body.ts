import type { AskUserQuestionInterruptPayload, AskUserQuestionRequest, ToolApprovalDecision, ToolApprovalGrantRequest, ToolApprovalInterruptPayload } from "../../../payload/types.js";
import { checkEditedArguments } from "./schema-check.js";
import type { ResumeRequestBody } from "./wire-types.js";
import { isPlainObject } from "../../../payload/json-type.js";

/** What a reviewer has chosen for one call so far; edit and respond keep the raw text typed. */
export type DecisionDraft =
  | { type: "approve"; grant?: ToolApprovalGrantRequest }
  | { type: "reject"; reason: string }
  | { type: "edit"; text: string }
  | { type: "respond"; text: string };

/** What a person has picked and typed for one question. */
export interface AnswerDraft {
  selected: string[];
  text: string;
}

/** A problem found before sending anything, placed on a call or a question. */
interface LocalIssue {
  toolCallId?: string;
  questionIndex?: number;
  message: string;
}

/** A request body ready to send, or the problems that keep it from being sent. */
type BodyResult = { ok: true; body: ResumeRequestBody } | { ok: false; issues: LocalIssue[] };

/**
 * Parses the JSON a reviewer typed as a call's new arguments.
 *
 * @returns The arguments object, or a sentence saying what is wrong.
 * @example
 * ```ts
 * parseEditedArguments('{ "path": "/tmp" }'); // { ok: true, value: { path: "/tmp" } }
 * ```
 */
export function parseEditedArguments(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The arguments are not valid JSON: ${(error as Error).message}` };
  }
  return isPlainObject(value) ? { ok: true, value } : { ok: false, message: "The arguments must be a JSON object, like { \"name\": \"value\" }." };
}

/** The decision a draft stands for, or the sentences saying why it cannot be sent yet. */
function decisionOf(draft: DecisionDraft, argsSchema: Record<string, unknown> | undefined): ToolApprovalDecision | string[] {
  switch (draft.type) {
    case "approve":
      return draft.grant === undefined ? { type: "approve" } : { type: "approve", grant: draft.grant };
    case "reject":
      return draft.reason.trim() === "" ? { type: "reject" } : { type: "reject", reason: draft.reason.trim() };
    case "edit": {
      const parsed = parseEditedArguments(draft.text);
      if (!parsed.ok) return [parsed.message];
      const problems = checkEditedArguments(parsed.value, argsSchema);
      return problems.length > 0 ? problems : { type: "edit", updatedInput: parsed.value };
    }
    case "respond":
      return draft.text.trim() === "" ? ["Write the result the model should see instead."] : { type: "respond", responseText: draft.text };
  }
}

/**
 * Builds the resume body of a `tool_approval` from the reviewer's drafts: one decision per
 * call, keyed by `tool_call_id` (never by position). Edited JSON is checked against the call's
 * `args_schema` first, so a wrong type or a missing argument is shown before anything is sent.
 *
 * @param drafts - The draft of each call, by `tool_call_id`; a missing one is a problem.
 * @param comment - Recorded with every decision; blank means none.
 * @returns `{ ok: true, body }`, or `{ ok: false, issues }` with one issue per call that is not ready.
 * @example
 * ```ts
 * approvalResumeBody("i1", payload, new Map([["call_1", { type: "approve" }]]), "");
 * // { ok: true, body: { interruptId: "i1", decisions: { call_1: { type: "approve" } } } }
 * ```
 */
export function approvalResumeBody(
  interruptId: string,
  payload: ToolApprovalInterruptPayload,
  drafts: ReadonlyMap<string, DecisionDraft>,
  comment: string,
): BodyResult {
  const issues: LocalIssue[] = [];
  const decisions: Record<string, ToolApprovalDecision> = {};
  for (const request of payload.action_requests) {
    const draft = drafts.get(request.tool_call_id);
    const argsSchema = payload.review_configs.find((config) => config.tool_call_id === request.tool_call_id)?.args_schema;
    const decision = draft === undefined ? [`Choose a decision for ${request.name}.`] : decisionOf(draft, argsSchema);
    if (Array.isArray(decision)) issues.push(...decision.map((message) => ({ toolCallId: request.tool_call_id, message })));
    else decisions[request.tool_call_id] = decision;
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, body: { interruptId, decisions, ...(comment.trim() === "" ? {} : { comment: comment.trim() }) } };
}

/**
 * Every question of a pause, in order (`questions` when several were asked at once).
 *
 * @example
 * ```ts
 * questionsOf({ type: "ask_user_question", question: { question: "Where?" } }); // [{ question: "Where?" }]
 * ```
 */
export function questionsOf(payload: AskUserQuestionInterruptPayload): AskUserQuestionRequest[] {
  return payload.questions ?? [payload.question];
}

function answerOf(question: AskUserQuestionRequest, draft: AnswerDraft): { ok: true; answer: string | string[] } | { ok: false; message: string } {
  const freeText = question.allowFreeText !== false ? draft.text.trim() : "";
  if (question.multiSelect === true) return { ok: true, answer: [...draft.selected, ...(freeText === "" ? [] : [freeText])] };
  if (freeText !== "") return { ok: true, answer: freeText };
  const [picked] = draft.selected;
  if (picked !== undefined) return { ok: true, answer: picked };
  if ((question.options ?? []).length === 0) return { ok: false, message: "Type an answer." };
  return { ok: false, message: question.allowFreeText === false ? "Choose an option." : "Choose an option or type an answer." };
}

/**
 * Builds the resume body of an `ask_user_question`: `{ answer }` for one question,
 * `{ answers: { [question]: answer } }` when the payload lists `questions`. A `multiSelect`
 * answer is the option values picked (plus the typed text, when free text is allowed).
 *
 * @param drafts - One draft per question, in order.
 * @returns `{ ok: true, body }`, or `{ ok: false, issues }` naming each unanswered question by index.
 * @example
 * ```ts
 * questionResumeBody("i2", payload, [{ selected: ["staging"], text: "" }]);
 * // { ok: true, body: { interruptId: "i2", answer: "staging" } }
 * ```
 */
export function questionResumeBody(interruptId: string, payload: AskUserQuestionInterruptPayload, drafts: readonly AnswerDraft[]): BodyResult {
  const questions = questionsOf(payload);
  const issues: LocalIssue[] = [];
  const answers: Record<string, string | string[]> = {};
  questions.forEach((question, index) => {
    const result = answerOf(question, drafts[index] ?? { selected: [], text: "" });
    if (result.ok) answers[question.question] = result.answer;
    else issues.push({ questionIndex: index, message: result.message });
  });
  if (issues.length > 0) return { ok: false, issues };
  if (payload.questions !== undefined) return { ok: true, body: { interruptId, answers } };
  return { ok: true, body: { interruptId, answer: answers[payload.question.question] ?? "" } };
}
