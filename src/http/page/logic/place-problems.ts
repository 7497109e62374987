import type { HITLErrorDetail, HumanInterruptPayload } from "./wire-types.js";
import { questionsOf } from "./resume-body.js";

/** Problem sentences sorted to where a reviewer can act on them. */
export interface PlacedProblems {
  /** By `tool_call_id`: shown next to that call's editor. */
  byCall: Map<string, string[]>;
  /** By question index: shown under that question. */
  byQuestion: Map<number, string[]>;
  /** Everything that belongs to no one call or question. */
  general: string[];
}

function push<K>(map: Map<K, string[]>, key: K, message: string): void {
  map.set(key, [...(map.get(key) ?? []), message]);
}

/**
 * One detail as a sentence. Schema messages from zod already start with the field; JSON Schema
 * ones do not, so the field (the path after `updatedInput`) is put in front when missing.
 *
 * @example
 * ```ts
 * describeDetail({ path: ["updatedInput", "path"], message: "must not be empty" }); // "path: must not be empty"
 * ```
 */
export function describeDetail(detail: HITLErrorDetail): string {
  const path = detail.path ?? [];
  if (path[0] !== "updatedInput" || path.length < 2) return detail.message;
  const field = path.slice(1).join(".");
  return detail.message.startsWith(`${field}:`) ? detail.message : `${field}: ${detail.message}`;
}

function questionIndexOf(detail: HITLErrorDetail, payload: HumanInterruptPayload): number | undefined {
  if (payload.type !== "ask_user_question") return undefined;
  const [root, text] = detail.path ?? [];
  if (root === "answer" && payload.questions === undefined) return 0;
  if (root !== "answers") return undefined;
  const index = questionsOf(payload).findIndex((question) => question.question === text);
  return index === -1 ? undefined : index;
}

/**
 * Sorts a problem's details (or a re-raised payload's `error.details`) by the call or question
 * they concern, matching calls by `tool_call_id` and questions by their text.
 *
 * @example
 * ```ts
 * placeDetails([{ toolCallId: "call_2", path: ["updatedInput", "path"], message: "path: Too small" }], payload).byCall.get("call_2");
 * // ["path: Too small"]
 * ```
 */
export function placeDetails(details: readonly HITLErrorDetail[], payload: HumanInterruptPayload): PlacedProblems {
  const placed: PlacedProblems = { byCall: new Map(), byQuestion: new Map(), general: [] };
  const callIds = payload.type === "tool_approval" ? payload.action_requests.map((request) => request.tool_call_id) : [];
  for (const detail of details) {
    const message = describeDetail(detail);
    const questionIndex = questionIndexOf(detail, payload);
    if (detail.toolCallId !== undefined && callIds.includes(detail.toolCallId)) push(placed.byCall, detail.toolCallId, message);
    else if (questionIndex !== undefined) push(placed.byQuestion, questionIndex, message);
    else placed.general.push(message);
  }
  return placed;
}

/**
 * What a refusal means for the reviewer, by status: whether the item is gone (409, 410, 404)
 * and the headline to show.
 *
 * @example
 * ```ts
 * explainProblem({ status: 410, code: "INTERRUPT_EXPIRED", detail: "…" }).gone; // true
 * ```
 */
export function explainProblem(problem: { status: number; code: string; detail: string }): { gone: boolean; headline: string } {
  switch (problem.code) {
    case "INTERRUPT_ALREADY_RESOLVED":
    case "NO_PENDING_INTERRUPT":
      return { gone: true, headline: "Already resolved: someone answered this before you. Nothing you sent was applied." };
    case "INTERRUPT_MISMATCH":
      return { gone: true, headline: "This item changed while you were reviewing it. Review it again." };
    case "INTERRUPT_EXPIRED":
      return { gone: true, headline: "Expired: the deadline passed, so its calls were rejected and nothing ran." };
    case "NOT_FOUND":
      return { gone: true, headline: "This thread no longer exists." };
    case "UNKNOWN_INTERRUPT":
      return { gone: true, headline: "This item is not one this thread raised; refresh the inbox. Nothing you sent was applied." };
    case "THREAD_BUSY":
      return { gone: false, headline: "Another reviewer's decision is being applied to this item right now; nothing you sent was applied. Refresh in a moment." };
    case "INVALID_SIGNATURE":
      return { gone: false, headline: "The server's signing key does not match the agent's, so nothing was applied. Ask an administrator." };
    case "INVALID_EDIT":
      return { gone: false, headline: "Some edited arguments do not fit the tool. Fix them and submit again; nothing was applied." };
    case "INVALID_DECISION":
    case "INVALID_ANSWER":
    case "INVALID_REQUEST":
      return { gone: false, headline: `Not accepted: ${problem.detail} Nothing was applied.` };
    case "UNAUTHORIZED":
      return { gone: false, headline: "You are not signed in. Sign in and try again." };
    case "FORBIDDEN":
      return { gone: false, headline: `You may not review this: ${problem.detail}` };
    case "DATABASE_UNAVAILABLE":
      return { gone: false, headline: `The database is unavailable. ${problem.detail}` };
    case "AGENT_SERVER_FAILED":
    case "RUN_ABORTED":
      // The detail says whether anything had been sent, and that a second submission is never applied twice.
      return { gone: false, headline: `${problem.detail} Refresh in a moment.` };
    case "NETWORK":
      return { gone: false, headline: "The server could not be reached; nothing was sent. Try again." };
    default:
      return { gone: false, headline: `Something went wrong (${problem.status} ${problem.code}): ${problem.detail}` };
  }
}
