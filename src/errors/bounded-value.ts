/** How much of a received value an error detail may echo. */
const MAX_DEPTH = 3;
const MAX_ENTRIES = 10;
const MAX_STRING = 200;

/**
 * A small, JSON-safe copy of a value for an error's `received`: strings are cut at 200
 * characters, collections at 10 entries and 3 levels. A detail must stay cheap to build and
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
      return value.length <= MAX_STRING ? value : `${value.slice(0, MAX_STRING)}…(${value.length - MAX_STRING} more characters)`;
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
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ENTRIES).map((item) => bound(item, depth + 1));
    return value.length > MAX_ENTRIES ? [...kept, `…(${value.length - MAX_ENTRIES} more)`] : kept;
  }
  const keys = Object.keys(value as object);
  const kept = Object.fromEntries(keys.slice(0, MAX_ENTRIES).map((key) => [key, bound((value as Record<string, unknown>)[key], depth + 1)]));
  return keys.length > MAX_ENTRIES ? { ...kept, "…": `${keys.length - MAX_ENTRIES} more keys` } : kept;
}
