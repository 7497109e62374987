/** A host label of the `url` format: letters (any above U+00A0), digits; hyphens only between them. */
const LABEL = "[a-z\\u{00a1}-\\u{ffff}0-9]+(?:-[a-z\\u{00a1}-\\u{ffff}0-9]+)*";

/**
 * The JSON Schema validator LangChain uses (`@cfworker/json-schema`) checks its non-standard
 * `url` format with a regular expression that backtracks exponentially on a string that does not
 * match: `"http://" + "a".repeat(30) + "!"` takes 2 s, each character more doubles it. This is
 * the same language, written so that it runs in linear time: a host label
 * `(?:[…]+-?)*[…]+` is `[…]+(?:-[…]+)*` (letters, single hyphens between them), and the user
 * info `\S+(?::\S*)?@` is `\S+@`. The rest is the validator's expression, verbatim.
 * `tests/decisions/url-format.test.ts` checks that both accept the same strings, against the
 * validator installed.
 */
const LINEAR_URL = new RegExp(
  String.raw`^(?:(?:https?|ftp):\/\/)(?:\S+@)?(?:(?!10(?:\.\d{1,3}){3})(?!127(?:\.\d{1,3}){3})(?!169\.254(?:\.\d{1,3}){2})(?!192\.168(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))|` +
    `${LABEL}(?:\\.${LABEL})*(?:\\.(?:[a-z\\u{00a1}-\\u{ffff}]{2,})))(?::\\d{2,5})?(?:\\/[^\\s]*)?$`,
  "iu",
);

/**
 * Whether `text` has the JSON Schema validator's `url` format, decided in linear time.
 *
 * @param text - The string to check.
 * @returns The validator's own answer for its `url` format.
 * @example
 * ```ts
 * isUrlFormat("https://example.com/a"); // true
 * isUrlFormat("http://" + "a".repeat(10_000) + "!"); // false, at once
 * ```
 */
export function isUrlFormat(text: string): boolean {
  return LINEAR_URL.test(text);
}
