/** What is said of a thrown value that cannot be turned into text. */
const UNDESCRIBABLE = "a thrown value that cannot be shown as text";

/**
 * What a thrown value says, as text: an `Error`'s message, anything else as `String()` has it.
 * JavaScript can throw anything, and `String()` itself throws for some values (an object without
 * a prototype, one whose `toString` throws): describing a failure must never fail in turn, or a
 * hook or schema that threw such a value would escape fail-closed handling as a raw `TypeError`.
 *
 * @param thrown - What was thrown.
 * @returns Its message, or a fixed sentence when it has none that can be read.
 * @example
 * ```ts
 * thrownText(new Error("boom")); // "boom"
 * thrownText(Object.create(null)); // "a thrown value that cannot be shown as text"
 * ```
 */
export function thrownText(thrown: unknown): string {
  try {
    return thrown instanceof Error ? String(thrown.message) : String(thrown);
  } catch {
    return UNDESCRIBABLE;
  }
}
