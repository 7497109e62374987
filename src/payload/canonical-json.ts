/**
 * The one canonical JSON of this library, for digests and signatures alike: the text
 * `JSON.stringify` would write — `toJSON` honoured at every level (a `Date` is its ISO string),
 * `undefined`, functions and symbols left out of objects and written `null` in arrays,
 * non-finite numbers `null` — with object keys sorted at every level. A value and its copy read
 * back from a checkpointer (which stores JSON) therefore always give the same text.
 *
 * Written without recursion, so a hostile value nested thousands of levels deep cannot
 * overflow the stack.
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
  const out: string[] = [];
  const ancestors = new Set<object>();
  // Each entry is a value still to write (already through toJSON), a piece of text, or the end of an object or array.
  const stack: Array<{ value: unknown } | { text: string } | { leave: object }> = [{ value: jsonValue(value, "") }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ("text" in item) out.push(item.text);
    else if ("leave" in item) ancestors.delete(item.leave);
    else writeValue(item.value, out, stack, ancestors);
  }
  return out.join("");
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

function writeValue(value: unknown, out: string[], stack: Work, ancestors: Set<object>): void {
  if (typeof value === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
  if (typeof value !== "object" || value === null) {
    out.push(isOmitted(value) ? "null" : (JSON.stringify(value) ?? "null"));
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
    stack.push({ text: `${index > 0 ? "," : ""}${JSON.stringify(key)}:` });
  }
}
