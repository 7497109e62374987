import { isPlainObject, matchesJsonType } from "../payload/json-type.js";

/** The types a property's schema declares with `type`, or none when it declares it otherwise. */
function declaredTypes(propertySchema: unknown): string[] {
  if (!isPlainObject(propertySchema)) return [];
  const type = propertySchema["type"];
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === "string") : [];
}

/** A string is never "coerced" to a string: only to the other JSON types its text spells. */
function hasJsonType(value: unknown, type: string): boolean {
  return type !== "string" && matchesJsonType(value, type) === true;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** One edited value: a string becomes what it spells only when that is exactly a wanted type. */
function coerceValue(value: unknown, propertySchema: unknown): unknown {
  if (typeof value !== "string") return value;
  const wanted = declaredTypes(propertySchema);
  // A string is already valid wherever a string is allowed; ambiguous schemas are left alone.
  if (wanted.length === 0 || wanted.includes("string")) return value;
  const parsed = parseJson(value);
  if (!parsed.ok) return value;
  return wanted.some((type) => hasJsonType(parsed.value, type)) ? parsed.value : value;
}

/**
 * Turns edited top-level values that a client sent as strings (agent-chat-ui and agent-inbox
 * edit every field as text) into the JSON type the tool's schema wants, only when the whole
 * string is JSON of exactly that type: `"3"` becomes `3` for an `integer`, `"true"` becomes
 * `true` for a `boolean`, `'{"a":1}'` an object for an `object`. Everything else is left as
 * sent, so the schema check then refuses it with `INVALID_EDIT`: `"3.5"` for an `integer`,
 * `"yes"` for a `boolean`, `""` for a `number`. Properties whose schema allows a string, or
 * declares no `type` (`anyOf`, `$ref`…), are never touched.
 *
 * @param args - The edited arguments.
 * @param argsSchema - The tool's JSON Schema (`review_configs[i].args_schema`), if any.
 * @returns A new object with the coerced values; `args` itself when there is no schema.
 * @example
 * ```ts
 * coerceEditedArgs({ replicas: "3" }, { type: "object", properties: { replicas: { type: "integer" } } }); // { replicas: 3 }
 * ```
 */
export function coerceEditedArgs(args: Record<string, unknown>, argsSchema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = argsSchema?.["properties"];
  if (!isPlainObject(properties)) return args;
  return Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key, Object.prototype.hasOwnProperty.call(properties, key) ? coerceValue(value, properties[key]) : value]),
  );
}
