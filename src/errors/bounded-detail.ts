import { boundReceived, CUT_MARK_ROOM } from "./bounded-value.js";
import type { HITLErrorDetail } from "./hitl-error-detail.js";

/** The most characters of a detail's message, of an error's message, and of one path segment or call id. */
const MAX_MESSAGE = 1_000;
const MAX_SEGMENT = 200;
const MAX_ERROR_MESSAGE = 2_000;

/**
 * `text` cut at `max` characters, saying how many more there were; text no more than a cut's
 * mark longer than `max` is left whole, so a cut text cut again stays as it was.
 *
 * @example
 * ```ts
 * cutText("x".repeat(1_500), 1_000); // "xxx…(500 more characters)"
 * ```
 */
export function cutText(text: string, max: number = MAX_MESSAGE): string {
  // Within the bound and the room a cut's mark takes: cutting a cut text again changes nothing.
  return text.length <= max + CUT_MARK_ROOM ? text : `${text.slice(0, max)}…(${text.length - max} more characters)`;
}

/**
 * An error's own message cut at 2 000 characters (its details carry the rest): it may quote what
 * a client sent.
 *
 * @example
 * ```ts
 * cutErrorMessage(`no pending call has id "${"x".repeat(10_000)}"`).length; // 2 000 and the mark
 * ```
 */
export function cutErrorMessage(message: string): string {
  return cutText(message, MAX_ERROR_MESSAGE);
}

/**
 * A detail whose every part is bounded: its message at 1 000 characters, each path segment and
 * its call id at 200, what it received as {@link boundReceived} cuts it. Details name what a
 * client sent — a key of a forged decision map, a type, a tool name — and are re-raised into a
 * checkpoint, so none may carry a megabyte of it back.
 *
 * @param detail - A detail as a check built it.
 * @returns The same detail when every part is within its bound and it echoes nothing received; otherwise a bounded copy.
 * @example
 * ```ts
 * boundDetail({ toolCallId: "x".repeat(10_000), message: "no pending action request has it" }).toolCallId; // "xxx…(9800 more characters)"
 * ```
 */
export function boundDetail(detail: HITLErrorDetail): HITLErrorDetail {
  const message = cutText(detail.message);
  const toolCallId = detail.toolCallId === undefined ? undefined : cutText(detail.toolCallId, MAX_SEGMENT);
  const path = detail.path?.map((segment) => (typeof segment === "string" ? cutText(segment, MAX_SEGMENT) : segment));
  const withinBounds = message === detail.message && toolCallId === detail.toolCallId && (path === undefined || path.every((segment, index) => segment === detail.path![index]));
  if (withinBounds && detail.received === undefined) return detail;
  return {
    ...detail,
    message,
    ...(toolCallId === undefined ? {} : { toolCallId }),
    ...(path === undefined ? {} : { path }),
    ...(detail.received === undefined ? {} : { received: boundReceived(detail.received) }),
  };
}
