/** An unpaired UTF-16 surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `text` cannot be stored exactly as a database key, or `undefined` when it can: Postgres
 * text holds no NUL character, and UTF-8 encodes no unpaired surrogate (the driver writes U+FFFD,
 * so what is read back is other text).
 *
 * @param text - A key this library stores (a `tool_call_id`, a grant's scope key).
 * @param what - What it is, to start the reason with (e.g. `"tool_call_id"`).
 * @returns The reason, or `undefined`.
 * @example
 * ```ts
 * unstorableTextReason("a\u0000b", "tool_call_id"); // "tool_call_id contains a NUL character, …"
 * unstorableTextReason("call_1", "tool_call_id"); // undefined
 * ```
 */
export function unstorableTextReason(text: string, what: string): string | undefined {
  if (text.includes("\u0000")) return `${what} contains a NUL character, which a database cannot store as text`;
  if (UNPAIRED_SURROGATE.test(text)) return `${what} contains an unpaired UTF-16 surrogate, which UTF-8 cannot encode`;
  return undefined;
}

const UNPAIRED_SURROGATES = new RegExp(UNPAIRED_SURROGATE.source, "g");

/**
 * `text` as a database stores it exactly: each NUL character and each unpaired surrogate becomes
 * U+FFFD. For free text this library only records (an error's message), where a character that
 * cannot be stored must not make the write that records it fail.
 *
 * @param text - The text to record.
 * @returns The text, with every character a database cannot store as U+FFFD.
 * @example
 * ```ts
 * storableText("bad\u0000body"); // "bad\uFFFDbody"
 * ```
 */
export function storableText(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD").replace(UNPAIRED_SURROGATES, "\uFFFD");
}
