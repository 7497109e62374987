import { HITLError, type HITLErrorCode } from "../errors/hitl-error.js";

/** The most levels a resume value (decisions, an edit's arguments, answers) may nest. */
export const MAX_RESUME_VALUE_DEPTH = 64;
/** The most values (objects, arrays, strings, numbers… counted one each) a resume value may hold. */
export const MAX_RESUME_VALUE_COUNT = 100_000;

/** How deep and how large a value is, walked without recursion and stopped at the limits. */
function measure(value: unknown): { depth: number; count: number } {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let depth = 0;
  let count = 0;
  while (stack.length > 0) {
    const [current, level] = stack.pop()!;
    count += 1;
    depth = Math.max(depth, level);
    if (depth > MAX_RESUME_VALUE_DEPTH || count > MAX_RESUME_VALUE_COUNT) break;
    if (typeof current === "object" && current !== null) {
      for (const child of Object.values(current)) stack.push([child, level + 1]);
    }
  }
  return { depth, count };
}

/**
 * Refuses a resume value too deep or too large to validate safely, before anything walks it
 * recursively: a 500 000-level array is a few bytes a level, well under any body limit, yet
 * would overflow the stack of whatever validates or serialises it.
 *
 * @param value - The decisions or answers as submitted.
 * @param code - `INVALID_DECISION` for decisions, `INVALID_ANSWER` for answers.
 * @throws {HITLError} `code`, with a detail naming the limit that was passed.
 * @example
 * ```ts
 * assertWithinLimits(decisions, "INVALID_DECISION");
 * ```
 */
export function assertWithinLimits(value: unknown, code: Extract<HITLErrorCode, "INVALID_DECISION" | "INVALID_ANSWER">): void {
  const { depth, count } = measure(value);
  const problem =
    depth > MAX_RESUME_VALUE_DEPTH
      ? `nests deeper than ${MAX_RESUME_VALUE_DEPTH} levels`
      : count > MAX_RESUME_VALUE_COUNT
        ? `holds more than ${MAX_RESUME_VALUE_COUNT} values`
        : undefined;
  if (problem === undefined) return;
  const what = code === "INVALID_DECISION" ? "decisions" : "answer";
  const message = `The ${what} ${problem}; nothing was applied.`;
  throw new HITLError(code, message, {
    details: [{ path: [], message, received: depth > MAX_RESUME_VALUE_DEPTH ? `more than ${MAX_RESUME_VALUE_DEPTH} levels` : `more than ${MAX_RESUME_VALUE_COUNT} values` }],
  });
}
