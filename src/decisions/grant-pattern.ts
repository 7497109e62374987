/**
 * The shape and the budget of the `pattern`s a standing grant's JSON Schema may hold.
 *
 * A grant's schema is checked against every later call it could cover — arguments a model writes,
 * which a prompt can steer — by the JSON Schema validator, with JavaScript's backtracking regular
 * expressions. A regular expression can backtrack for hours on one string (`(a+)+$` on forty `a`s
 * and a `!`); even `[a-z]*[a-z]*x` takes 15 s on 4 000 characters, and `.*x` 310 ms on 20 000
 * (measured), all of it synchronous: no bound can stop it, and the whole process stalls. A grant's
 * pattern is therefore anchored (`^`: one attempt, not one per position), and has no group, no
 * alternation and at most one quantifier that can match a varying count: its worst case is then
 * linear in the string (≈ 8 ms on a million characters, measured), and a pattern grant covers a
 * call only while all its strings together stay within {@link MAX_PATTERN_SUBJECTS_CHARS}.
 */

/** The most patterns one grant's schema may hold. */
export const MAX_GRANT_PATTERNS = 8;
/** The most characters, over all strings and keys of the arguments, a grant's patterns are tested against. */
const MAX_PATTERN_SUBJECTS_CHARS = 1_048_576;

/** The index just past a `{…}` starting at `start` (the end of `source` when it is not closed). */
function closingBrace(source: string, start: number): number {
  const end = source.indexOf("}", start);
  return end === -1 ? source.length : end + 1;
}

/**
 * What makes a pattern unfit for a grant, or `undefined`: no `^` at its start, a group (capturing,
 * non-capturing or a lookaround), an alternation, a back-reference, or more than one quantifier
 * that can match a varying count (`*`, `+`, `?`, `{m,}`, `{m,n}`; an exact `{m}` is fine). Expects
 * a pattern that compiles as a Unicode regular expression.
 *
 * @param source - The pattern.
 * @returns Why it is refused, or `undefined`.
 * @example
 * ```ts
 * grantPatternProblem("^/tmp/[^/]+$"); // undefined
 * grantPatternProblem("^(a+)+$"); // "groups are not allowed …"
 * grantPatternProblem("\\.txt$"); // "… must start with ^ …"
 * ```
 */
export function grantPatternProblem(source: string): string | undefined {
  if (!source.startsWith("^")) return "a grant's pattern must start with ^ (write ^.* to match anywhere): an unanchored pattern is tried at every position of the string";
  let inClass = false;
  let varying = 0;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (char === "\\") {
      const next = source[index + 1] ?? "";
      if (/[1-9k]/.test(next) && !inClass) return "back-references are not allowed in a grant's pattern";
      // `\u{…}`, `\p{…}`, `\P{…}`: the braces belong to the escape, not to a quantifier.
      index = /[upP]/.test(next) && source[index + 2] === "{" ? closingBrace(source, index + 2) - 1 : index + 1;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      continue;
    }
    if (char === "[") inClass = true;
    else if (char === "(" || char === ")") return "groups are not allowed in a grant's pattern (each can make the check backtrack without end); use anyOf or allOf of simpler patterns";
    else if (char === "|") return "alternation is not allowed in a grant's pattern; use anyOf of simpler patterns, or enum";
    else if (char === "*" || char === "+" || char === "?") varying += 1;
    else if (char === "{") {
      const end = closingBrace(source, index);
      if (source.slice(index, end).includes(",")) varying += 1;
      index = end - 1;
    }
    if ((char === "*" || char === "+" || char === "?" || char === "{") && source[index + 1] === "?") index += 1;
  }
  return varying > 1 ? "a grant's pattern may have at most one quantifier that matches a varying count (*, +, ?, {m,}, {m,n}); use allOf of simpler patterns" : undefined;
}

/**
 * Whether the strings and keys of `input` together hold at most
 * {@link MAX_PATTERN_SUBJECTS_CHARS} characters, what a grant's patterns are tested against.
 * Beyond it a pattern grant covers nothing and a person is asked.
 *
 * @param input - The arguments the call would run with.
 * @example
 * ```ts
 * withinPatternBudget({ path: "/tmp/a" }); // true
 * withinPatternBudget({ content: "x".repeat(2_000_000) }); // false
 * ```
 */
export function withinPatternBudget(input: unknown): boolean {
  let total = 0;
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    const texts = typeof value === "string" ? [value] : typeof value === "object" && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
    for (const text of texts) {
      total += text.length;
      if (total > MAX_PATTERN_SUBJECTS_CHARS) return false;
    }
    if (typeof value === "object" && value !== null) for (const inner of Array.isArray(value) ? value : Object.values(value)) pending.push(inner);
  }
  return true;
}
