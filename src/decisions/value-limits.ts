import { HITLError, type HITLErrorCode } from "../errors/hitl-error.js";

/** The most levels a resume value (decisions, an edit's arguments, answers) may nest. */
export const MAX_RESUME_VALUE_DEPTH = 64;
/** The most values (objects, arrays, strings, numbers… counted one each) a resume value may hold. */
export const MAX_RESUME_VALUE_COUNT = 100_000;

/**
 * Whether a value nests deeper or holds more than the limits. Walked without recursion, one
 * child at a time, and stopped as soon as a limit is passed: a hostile value (500 000 levels,
 * a million-entry array, a cycle) costs at most the limits to look at.
 */
function beyondLimits(value: unknown): { depth: boolean } | undefined {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let count = 1;
  let passed: { depth: boolean } | undefined;
  const admit = (child: unknown, level: number): boolean => {
    if (level > MAX_RESUME_VALUE_DEPTH) passed = { depth: true };
    else if ((count += 1) > MAX_RESUME_VALUE_COUNT) passed = { depth: false };
    else stack.push([child, level]);
    return passed === undefined;
  };
  while (stack.length > 0) {
    const [current, level] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (!eachChild(current, (child) => admit(child, level + 1))) return passed;
  }
  return undefined;
}

/**
 * Hands `visit` the entries of an array or the own enumerable values of an object, one at a
 * time, until it answers `false`; whether it saw them all. A callback, not a generator: V8 runs
 * a generator's resumptions several times slower (≈ 3× on Node 20, ≈ 6× on Node 24 for a
 * ten-decision value), and this runs on every resume value, twice.
 */
function eachChild(container: object, visit: (child: unknown) => boolean): boolean {
  if (Array.isArray(container)) {
    for (let index = 0; index < container.length; index += 1) if (!visit(container[index])) return false;
    return true;
  }
  for (const key in container) {
    if (Object.prototype.hasOwnProperty.call(container, key) && !visit((container as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * The refusal of a resume value too deep or too large to validate, store or sign safely, or
 * `undefined` when it is within the limits. What the node calls on whatever arrives.
 *
 * @param value - The decisions or answers as submitted (without their envelope).
 * @param code - `INVALID_DECISION` for decisions, `INVALID_ANSWER` for answers.
 * @returns A `HITLError` with `code` and one detail naming the limit, or `undefined`.
 * @example
 * ```ts
 * const problem = limitsProblem(value, "INVALID_ANSWER");
 * if (problem !== undefined) return problem;
 * ```
 */
export function limitsProblem(value: unknown, code: Extract<HITLErrorCode, "INVALID_DECISION" | "INVALID_ANSWER">): HITLError | undefined {
  const beyond = beyondLimits(value);
  if (beyond === undefined) return undefined;
  const problem = beyond.depth ? `nests deeper than ${MAX_RESUME_VALUE_DEPTH} levels` : `holds more than ${MAX_RESUME_VALUE_COUNT} values`;
  const what = code === "INVALID_DECISION" ? "decisions" : "answer";
  const message = `The ${what} ${problem}; nothing was applied.`;
  const received = beyond.depth ? `more than ${MAX_RESUME_VALUE_DEPTH} levels` : `more than ${MAX_RESUME_VALUE_COUNT} values`;
  const allowed = [`at most ${MAX_RESUME_VALUE_DEPTH} levels`, `at most ${MAX_RESUME_VALUE_COUNT} values`];
  return new HITLError(code, message, { details: [{ path: [], message, received, allowed }] });
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
  const problem = limitsProblem(value, code);
  if (problem !== undefined) throw problem;
}
