import { isAskUserQuestionInterrupt, isToolApprovalInterrupt } from "../payload/guards.js";
import type { RunInterruptResult } from "../payload/types.js";

/** At most this many characters of a question's text are quoted in a message. */
const QUOTE_LIMIT = 80;

function quoted(text: string): string {
  return JSON.stringify(text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT - 1)}…` : text);
}

/** What a pending payload asks for, in a few words: "an approval of deploy, notify", "a question (\"Which env?\")". */
function whatItAsks(payload: unknown): string {
  if (isToolApprovalInterrupt(payload)) return `an approval of ${payload.action_requests.map((request) => request.name).join(", ") || "no call"}`;
  if (isAskUserQuestionInterrupt(payload)) {
    const questions = payload.questions ?? [payload.question];
    return questions.length === 1 ? `a question (${quoted(questions[0]?.question ?? "")})` : `${questions.length} questions (${quoted(questions[0]?.question ?? "")}, …)`;
  }
  return "an interrupt this library did not raise";
}

/**
 * One pending interrupt as a message names it: its id, what it asks for, and — for one raised
 * again — why, so a caller holding an older id learns what the thread waits on now.
 *
 * @param pending - A pending interrupt as the read APIs return it.
 * @returns E.g. `interrupt 5da5… (a question ("Which env?"))`, or
 * `interrupt 9c1e… (an approval of deploy, raised again because the answer sent was refused: INVALID_DECISION: …; see its \`error\`)`.
 * @example
 * ```ts
 * `thread "t1" now waits on ${pending.map(describePending).join(" and ")}`;
 * ```
 */
export function describePending(pending: RunInterruptResult<unknown>): string {
  const { payload } = pending;
  const error = isToolApprovalInterrupt(payload) || isAskUserQuestionInterrupt(payload) ? payload.error : undefined;
  const why = error === undefined ? "" : `, raised again because the answer sent was refused: ${error.code}: ${error.message}; see its \`error\``;
  return `interrupt ${pending.interruptId} (${whatItAsks(payload)}${why})`;
}
