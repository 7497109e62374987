/**
 * JSON Schema's `type` keyword, checked against a value — shared by the server (coercing edited
 * strings) and the reviewer page (checking an edit before it is sent), so both read a schema alike.
 */

/** Whether `value` is a JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether `value` has the JSON Schema type `type`; `undefined` for a name JSON Schema does not
 * define, so each caller decides what an unknown type means.
 *
 * @example
 * ```ts
 * matchesJsonType(3, "integer"); // true
 * matchesJsonType(3, "decimal"); // undefined
 * ```
 */
export function matchesJsonType(value: unknown, type: string): boolean | undefined {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    default:
      return undefined;
  }
}
