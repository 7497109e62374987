import { reviewerLabel, runSentence, type DecidedLine } from "../logic/outcomes.js";
import type { PendingInterruptRecord, ResumeResponse } from "../logic/wire-types.js";
import { el, uid } from "./dom.js";

function subjectOf(record: PendingInterruptRecord): string {
  const { payload } = record;
  if (payload.type === "tool_approval") return payload.action_requests.map((request) => request.name).join(", ");
  return payload.questions === undefined ? payload.question.question : `${payload.questions.length} questions`;
}

function lineElement(line: DecidedLine): HTMLLIElement {
  return el(
    "li",
    {},
    el("span", { class: "subject" }, line.subject),
    " ",
    el("span", { class: `pill ${line.tone}` }, line.decision),
    line.result === undefined ? null : el("span", { class: "result" }, el("span", { class: "result-label" }, "The model sees: "), line.result),
  );
}

function entry(headline: string, className: string, ...children: Array<HTMLElement | null>): HTMLLIElement {
  const headingId = uid("resolved-title");
  // Focusable so that after a submit the keyboard lands on the result instead of on <body>.
  return el("li", { class: `resolved ${className}`, tabindex: -1, "aria-labelledby": headingId }, el("h3", { id: headingId }, headline), ...children);
}

/**
 * What the reviewer just decided, as the server recorded it: who (the authenticated reviewer,
 * not a name the page made up), each call's decision and result, and how the run went on.
 *
 * @example
 * ```ts
 * resolvedList.prepend(resolvedEntry(card.record, response, lines, comment));
 * ```
 */
export function resolvedEntry(record: PendingInterruptRecord, response: ResumeResponse, lines: readonly DecidedLine[], comment?: string): HTMLLIElement {
  const at = new Date().toLocaleTimeString("en-GB");
  return entry(
    `${subjectOf(record)} — decided by ${reviewerLabel(response.reviewer)}`,
    response.status,
    el("p", { class: "meta" }, "Thread ", el("code", {}, record.threadId), ` · at ${at}`),
    el("ul", { class: "lines" }, ...lines.map(lineElement)),
    comment === undefined ? null : el("p", { class: "comment" }, `Comment: “${comment}”`),
    el("p", { class: `run run-${response.status}` }, runSentence(response)),
  );
}

/**
 * An item that left the inbox without the reviewer's decision: resolved elsewhere, expired,
 * or changed.
 *
 * @example
 * ```ts
 * resolvedList.prepend(goneEntry(card.record, "Expired: …"));
 * ```
 */
export function goneEntry(record: PendingInterruptRecord, headline: string): HTMLLIElement {
  return entry(`${subjectOf(record)} — not applied`, "gone", el("p", { class: "meta" }, "Thread ", el("code", {}, record.threadId)), el("p", { class: "run" }, headline));
}
