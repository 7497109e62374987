import type { Outcome, Screening } from "./types.js";

/**
 * The outcome of a call that could not be screened (`duplicate_tool_call_id`,
 * `invalid_arguments`): blocked as the library's own refusal, with the reason on its record,
 * so its `ToolMessage` says why it did not run and `PermissionDenied` observers hear of it.
 *
 * @param screening - A `malformed` screening.
 * @returns A `blocked` outcome; nothing about the call runs.
 * @example
 * ```ts
 * malformedOutcome({ kind: "malformed", call, source: "duplicate_tool_call_id", reason: "…", notes: { additionalContext: [] } }).kind; // "blocked"
 * ```
 */
export function malformedOutcome(screening: Extract<Screening, { kind: "malformed" }>): Outcome {
  const { call, notes, source, reason } = screening;
  return { kind: "blocked", call, notes, source, record: { decision: "deny", source, reason } };
}
