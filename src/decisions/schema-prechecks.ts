import { codePointLength } from "../payload/code-points.js";
import { isPlainObject } from "../payload/json-type.js";
import { ownValue } from "../payload/own-value.js";
import { isUrlFormat } from "./url-format.js";

/**
 * Linear pre-checks of a tool's JSON Schema, made before the full validator runs, for the checks
 * that validator makes at a cost that grows faster than the value. The validator LangChain uses
 * (and this library, to check the same thing LangChain checks) reports an array past `maxItems`
 * or a string past `maxLength` but still goes on to check `uniqueItems` — every pair of items,
 * deeply — and `pattern` on it: a schema that says `maxItems: 10, uniqueItems: true` still costs
 * seconds to minutes on an edit of 40 000 items (measured: 9.7 s for strings), synchronously, for
 * the whole process. Its `url` format backtracks exponentially on a string that does not match
 * (2 s on a 38-character string). An edit is a resume value, which any client of a server can send.
 */

/** One check a value fails, where the full validator would report it, in the validator's words. */
interface PrecheckProblem {
  readonly path: ReadonlyArray<string | number>;
  readonly message: string;
}

type Schema = Record<string, unknown>;

/** The keywords whose cost grows faster than the value they check: only schemas that hold one (or the `url` format) are pre-checked. */
const SUPERLINEAR_KEYWORDS = new Set(["uniqueItems", "pattern", "patternProperties"]);

function isSuperlinear(schemaObject: object): boolean {
  return Object.keys(schemaObject).some((key) => SUPERLINEAR_KEYWORDS.has(key)) || (schemaObject as Record<string, unknown>)["format"] === "url";
}

const holdsSuperlinear = new WeakMap<object, boolean>();

/** Whether any object inside `schema` has one of the super-linear keywords (walked once per schema object, then remembered). */
function holdsSuperlinearKeyword(schema: object): boolean {
  const known = holdsSuperlinear.get(schema);
  if (known !== undefined) return known;
  const seen = new Set<object>();
  const stack: unknown[] = [schema];
  let found = false;
  while (stack.length > 0 && !found) {
    const current = stack.pop();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    if (!Array.isArray(current) && isSuperlinear(current)) found = true;
    for (const child of Object.values(current)) stack.push(child);
  }
  holdsSuperlinear.set(schema, found);
  return found;
}

/** A subschema, the part of the value it checks, and where that part is. */
type Step = [schema: Schema, value: unknown, path: Array<string | number>];

const togetherCache = new WeakMap<Schema, Schema[]>();

/**
 * `schema` and every schema its `allOf` reaches, each once: all of them apply to the same value.
 * Each object is taken once, so an `allOf` that (through shared objects) contains itself, or
 * reaches one schema along many paths, costs its size, not its paths.
 */
function appliesTogether(schema: Schema): Schema[] {
  const known = togetherCache.get(schema);
  if (known !== undefined) return known;
  const together: Schema[] = [];
  const seen = new Set<Schema>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!isPlainObject(current) || seen.has(current)) continue;
    seen.add(current);
    together.push(current);
    const allOf = ownValue(current, "allOf");
    if (Array.isArray(allOf)) for (let index = allOf.length - 1; index >= 0; index -= 1) pending.push(allOf[index]);
  }
  togetherCache.set(schema, together);
  return together;
}

/** The steps the validator is certain to take into `value`'s parts from `schema`: only keywords that always apply. */
function unconditionalChildren(schema: Schema, value: unknown, path: ReadonlyArray<string | number>): Step[] {
  const children: Step[] = [];
  const push = (child: unknown, part: unknown, key: string | number): void => {
    if (isPlainObject(child)) children.push([child, part, [...path, key]]);
  };
  if (Array.isArray(value)) {
    const prefixItems = ownValue(schema, "prefixItems");
    const items = ownValue(schema, "items");
    let index = 0;
    if (Array.isArray(prefixItems)) for (; index < Math.min(prefixItems.length, value.length); index += 1) push(prefixItems[index], value[index], index);
    if (Array.isArray(items)) for (; index < Math.min(items.length, value.length); index += 1) push(items[index], value[index], index);
    else if (items !== undefined) for (; index < value.length; index += 1) push(items, value[index], index);
  } else if (isPlainObject(value)) {
    const properties = ownValue(schema, "properties");
    if (isPlainObject(properties)) {
      for (const [key, propertySchema] of Object.entries(properties)) {
        if (Object.prototype.hasOwnProperty.call(value, key)) push(propertySchema, value[key], key);
      }
    }
  }
  return children;
}

/** The check `value` fails at this schema object, if any: a size bound, or the `url` format. */
function checkFailed(schema: Schema, value: unknown): string | undefined {
  const maxItems = ownValue(schema, "maxItems");
  if (Array.isArray(value) && typeof maxItems === "number" && value.length > maxItems) return `Array has too many items (${value.length} > ${maxItems}).`;
  if (typeof value !== "string") return undefined;
  const maxLength = ownValue(schema, "maxLength");
  if (typeof maxLength === "number") {
    const length = codePointLength(value);
    if (length > maxLength) return `String is too long (${length} > ${maxLength}).`;
  }
  if (ownValue(schema, "format") === "url" && !isUrlFormat(value)) return `String does not match format "url".`;
  return undefined;
}

/**
 * The `maxItems` / `maxLength` bounds `value` passes, and the `url` formats it fails, where
 * `schema` applies them unconditionally (through `properties`, `items`, `prefixItems` and
 * `allOf`; never through `$ref`, `anyOf`, `oneOf`, `not` or `if`, where a check may not apply).
 * Each one found is an error the full validator reports too, so a value refused here is refused
 * by it; empty when none is found or the schema holds no check that costs more than the value's
 * size (then the full check is linear anyway, and this walk is skipped). Walked without
 * recursion, in the value's size.
 *
 * @param schema - A tool's JSON Schema (anything else: no problems).
 * @param value - The arguments to check.
 * @returns The checks failed, each with the path inside `value` and the validator's message.
 * @example
 * ```ts
 * const schema = { type: "object", properties: { tags: { type: "array", maxItems: 2, uniqueItems: true } } };
 * precheckProblems(schema, { tags: ["a", "b", "c"] });
 * // [{ path: ["tags"], message: "Array has too many items (3 > 2)." }]
 * ```
 */
export function precheckProblems(schema: unknown, value: unknown): PrecheckProblem[] {
  if (!isPlainObject(schema) || !holdsSuperlinearKeyword(schema)) return [];
  const problems: PrecheckProblem[] = [];
  const stack: Step[] = [[schema, value, []]];
  while (stack.length > 0) {
    const [current, inner, path] = stack.pop()!;
    const together = appliesTogether(current);
    const failed = together.map((part) => checkFailed(part, inner)).filter((message): message is string => message !== undefined);
    // An oversized array's items are not walked: the value is refused already, and they may be many.
    if (failed.length > 0) {
      for (const message of failed) problems.push({ path, message });
      continue;
    }
    const children = together.flatMap((part) => unconditionalChildren(part, inner, path));
    // Pushed last first, so they are taken in the value's order and the problems come out in it.
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return problems;
}
