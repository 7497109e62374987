/**
 * Escaping for the two output formats of `formatInterrupt`. Payload text comes from the model
 * and from tool arguments, so it is untrusted: it must not inject markup into a page, nor
 * control sequences (cursor moves, colour changes, a fake prompt) into a terminal.
 */

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

// C0 and C1 controls (C1 includes the one-byte CSI, U+009B) and the bidi overrides that make text read backwards.
const UNSAFE_IN_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Escapes the five HTML-special characters, so the text is safe in element content and quoted attributes. Non-strings are shown with `String()`. */
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}

/** Shows control and bidi-override characters as `\u{…}` instead of letting a terminal act on them. */
export function escapeTerminal(text: unknown): string {
  return String(text).replace(UNSAFE_IN_TERMINAL, (character) => `\\u{${character.codePointAt(0)?.toString(16) ?? ""}}`);
}

/**
 * JSON for display: never throws (a circular or hostile value becomes a note) and keeps
 * `undefined` visible instead of dropping it silently.
 */
export function displayJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return "[value that cannot be shown as JSON]";
  }
}
