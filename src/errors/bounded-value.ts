/** How much of a received value an error detail may echo. */
const MAX_DEPTH = 3;
const MAX_ENTRIES = 10;
const MAX_STRING = 200;
/**
 * What a cut adds (`"…(9800 more characters)"`, one `"…(5 more)"` entry): a value within its bound
 * plus this is left as it is, so bounding what was bounded already (a refusal read back from a
 * re-raised approval) changes nothing, and its counts stay true.
 */
export const CUT_MARK_ROOM = 40;

/**
 * A small, JSON-safe copy of a value for an error's `received`: a string past 240 characters is
 * cut to 200, a collection past 11 entries to 10 (each with a mark), 3 levels in all. A detail must stay cheap to build and
 * to serialise however large or deep the input was (a problem response echoing a 500 000-deep
 * value would overflow the stack), and must not copy a whole submitted document back.
 *
 * @param value - What was received.
 * @returns A bounded copy: the value itself when it is small and plain.
 * @example
 * ```ts
 * boundReceived("x".repeat(10_000)); // "xxx…(9800 more characters)"
 * ```
 */
export function boundReceived(value: unknown): unknown {
  return bound(value, 0);
}

function bound(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case "string":
      return value.length <= MAX_STRING + CUT_MARK_ROOM ? value : `${value.slice(0, MAX_STRING)}…(${value.length - MAX_STRING} more characters)`;
    case "number":
      return Number.isFinite(value) ? value : String(value);
    case "boolean":
      return value;
    case "undefined":
      return "undefined";
    case "bigint":
      return `${value}n`;
    case "function":
      return "[function]";
    case "symbol":
      return value.toString();
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[array of ${value.length}]` : "[object]";
  // One entry more than the bound is kept whole: a cut collection is the bound plus its one marker.
  if (Array.isArray(value)) {
    if (value.length <= MAX_ENTRIES + 1) return value.map((item) => bound(item, depth + 1));
    return [...value.slice(0, MAX_ENTRIES).map((item) => bound(item, depth + 1)), `…(${value.length - MAX_ENTRIES} more)`];
  }
  const keys = Object.keys(value as object);
  const keptKeys = keys.length <= MAX_ENTRIES + 1 ? keys : keys.slice(0, MAX_ENTRIES);
  const kept = Object.fromEntries(keptKeys.map((key) => [key, bound((value as Record<string, unknown>)[key], depth + 1)]));
  return keptKeys.length < keys.length ? { ...kept, "…": `${keys.length - MAX_ENTRIES} more keys` } : kept;
}
