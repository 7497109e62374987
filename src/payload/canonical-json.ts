/**
 * The one canonical JSON of this library, for digests and signatures alike: the text
 * `JSON.stringify` would write — `toJSON` honoured at every level (a `Date` is its ISO string),
 * `undefined`, functions and symbols left out of objects and written `null` in arrays,
 * non-finite numbers `null` — with object keys sorted at every level. A value and its copy read
 * back from a checkpointer (which stores JSON) therefore always give the same text.
 *
 * It recurses at most 200 levels and writes anything deeper from a work list, so a hostile value
 * nested thousands of levels deep cannot overflow the stack.
 *
 * @param value - Any JSON-like value.
 * @returns The canonical text (`"null"` for a value JSON cannot write, such as `undefined`).
 * @throws TypeError for a cyclic value or a BigInt, as `JSON.stringify` does.
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: new Date(0) }); // '{"a":"1970-01-01T00:00:00.000Z","b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  return nestedText(jsonValue(value, ""), new Set<object>(), 0);
}

/**
 * How deep {@link nestedText} recurses before it hands a value to the iterative writer. Values
 * this library signs and digests are a few levels deep, and recursion is several times faster
 * than the iterative writer's work list; a hostile value nested deeper costs the slower path and
 * cannot overflow the stack.
 */
const RECURSION_LIMIT = 200;

/** The text of `value` (already through `toJSON`), by recursion down to {@link RECURSION_LIMIT} levels. */
function nestedText(value: unknown, ancestors: Set<object>, depth: number): string {
  if (typeof value !== "object" || value === null) return primitiveText(value);
  if (depth >= RECURSION_LIMIT) {
    const out: string[] = [];
    writeIteratively(value, out, ancestors);
    return out.join("");
  }
  if (ancestors.has(value)) throw new TypeError("Converting circular structure to JSON");
  ancestors.add(value);
  let text: string;
  if (Array.isArray(value)) {
    text = "[";
    for (let index = 0; index < value.length; index += 1) {
      text += `${index > 0 ? "," : ""}${nestedText(jsonValue(value[index], String(index)), ancestors, depth + 1)}`;
    }
    text += "]";
  } else {
    text = "{";
    let separator = "";
    for (const key of Object.keys(value).sort()) {
      const entry = jsonValue((value as Record<string, unknown>)[key], key);
      if (isOmitted(entry)) continue;
      text += `${separator}${stringText(key)}:${nestedText(entry, ancestors, depth + 1)}`;
      separator = ",";
    }
    text += "}";
  }
  ancestors.delete(value);
  return text;
}

/** Writes `value` (already through `toJSON`) without recursion: a work list instead of the call stack. */
function writeIteratively(value: unknown, out: string[], ancestors: Set<object>): void {
  // Each entry is a value still to write (already through toJSON), a piece of text, or the end of an object or array.
  const stack: Work = [{ value }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ("text" in item) out.push(item.text);
    else if ("leave" in item) ancestors.delete(item.leave);
    else writeValue(item.value, out, stack, ancestors);
  }
}

type Work = Array<{ value: unknown } | { text: string } | { leave: object }>;

function jsonValue(value: unknown, key: string): unknown {
  const withToJson = value as { toJSON?: (key: string) => unknown } | null;
  return typeof withToJson?.toJSON === "function" ? withToJson.toJSON(key) : value;
}

/** What JSON leaves out of an object (and writes as `null` in an array). */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/** Printable ASCII without `"` or `\\`: JSON writes such a string as it is, between quotes. */
const PLAIN_STRING = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function stringText(value: string): string {
  return PLAIN_STRING.test(value) ? `"${value}"` : JSON.stringify(value);
}

function primitiveText(value: unknown): string {
  if (typeof value === "string") return stringText(value);
  if (typeof value === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
  return isOmitted(value) ? "null" : (JSON.stringify(value) ?? "null");
}

function writeValue(value: unknown, out: string[], stack: Work, ancestors: Set<object>): void {
  if (typeof value !== "object" || value === null) {
    out.push(primitiveText(value));
    return;
  }
  if (ancestors.has(value)) throw new TypeError("Converting circular structure to JSON");
  ancestors.add(value);
  stack.push({ leave: value });
  if (Array.isArray(value)) {
    out.push("[");
    stack.push({ text: "]" });
    for (let index = value.length - 1; index >= 0; index -= 1) {
      stack.push({ value: jsonValue(value[index], String(index)) });
      if (index > 0) stack.push({ text: "," });
    }
    return;
  }
  const entries = Object.keys(value)
    .sort()
    .map((key) => [key, jsonValue((value as Record<string, unknown>)[key], key)] as const)
    .filter(([, entry]) => !isOmitted(entry));
  out.push("{");
  stack.push({ text: "}" });
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const [key, entry] = entries[index]!;
    stack.push({ value: entry });
    stack.push({ text: `${index > 0 ? "," : ""}${stringText(key)}:` });
  }
}
