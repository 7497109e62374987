/** How one argument value is shown: in full, or folded behind a one-line preview. */
interface ValueView {
  /** The whole value: a string as is, anything else as indented JSON. */
  full: string;
  /** Whether the value is long enough to fold. */
  folded: boolean;
  /** One line to show while folded. */
  preview: string;
  /** How big the folded value is, e.g. "2,400 characters" or "12 items". */
  size: string;
}

const FOLD_CHARACTERS = 160;
const FOLD_LINES = 4;
const PREVIEW_CHARACTERS = 72;

function sizeOf(value: unknown, full: string): string {
  if (Array.isArray(value)) return `${value.length.toLocaleString("en-US")} ${value.length === 1 ? "item" : "items"}`;
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value).length;
    return `${keys.toLocaleString("en-US")} ${keys === 1 ? "key" : "keys"}`;
  }
  const lines = full.split("\n").length;
  const characters = `${full.length.toLocaleString("en-US")} characters`;
  return lines > 1 ? `${lines.toLocaleString("en-US")} lines, ${characters}` : characters;
}

/**
 * Decides how to show an argument value: short values in full, long strings and large
 * objects folded behind a preview, so a 10 kB email body does not push the buttons away.
 *
 * @example
 * ```ts
 * viewValue("short").folded;            // false
 * viewValue("x".repeat(500)).size;      // "500 characters"
 * ```
 */
export function viewValue(value: unknown): ValueView {
  const full = typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? String(value));
  const folded = full.length > FOLD_CHARACTERS || full.split("\n").length > FOLD_LINES;
  const compact = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  const line = compact.replace(/\s+/g, " ").trim();
  const preview = line.length > PREVIEW_CHARACTERS ? `${line.slice(0, PREVIEW_CHARACTERS - 1)}…` : line;
  return { full, folded, preview, size: sizeOf(value, full) };
}

/**
 * A coarse, English "how long ago / from now" for timestamps in the inbox.
 *
 * @example
 * ```ts
 * relativeTime("2026-01-01T10:00:00Z", new Date("2026-01-01T10:03:00Z")); // "3 min ago"
 * relativeTime("2026-01-01T11:00:00Z", new Date("2026-01-01T10:00:00Z")); // "in 1 h"
 * ```
 */
export function relativeTime(iso: string, now: Date): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return "at an unknown time";
  const magnitude = Math.abs(seconds);
  if (magnitude < 45) return seconds > 0 ? "in under a minute" : "just now";
  const amount =
    magnitude < 3600 ? `${Math.round(magnitude / 60)} min` : magnitude < 86_400 ? `${Math.round(magnitude / 3600)} h` : `${Math.round(magnitude / 86_400)} d`;
  return seconds < 0 ? `${amount} ago` : `in ${amount}`;
}

/**
 * A ToolMessage's content as text: strings as they are, content blocks by their text, the
 * rest as JSON; cut to `limit` characters.
 *
 * @example
 * ```ts
 * contentText([{ type: "text", text: "done" }]); // "done"
 * ```
 */
export function contentText(content: unknown, limit = 280): string {
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map((block) => (typeof (block as { text?: unknown })?.text === "string" ? (block as { text: string }).text : JSON.stringify(block))).join("\n")
        : (JSON.stringify(content) ?? "");
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
