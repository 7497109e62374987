/**
 * A string's length in code points — as Postgres `char_length` and JSON Schema's `maxLength`
 * count it; a lone surrogate counts one.
 *
 * @param text - The string to measure.
 * @returns How many code points it holds.
 * @example
 * ```ts
 * codePointLength("😀a"); // 2 (its `.length` is 3)
 * ```
 */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
