import { codePointLength } from "../payload/code-points.js";
import { matchesJsonType } from "../payload/json-type.js";
import { ownValue } from "../payload/own-value.js";
import { isUrlFormat } from "./url-format.js";

/**
 * The checks of one schema object the pre-checks make, each in the words, and by the rules, of
 * the JSON Schema validator LangChain uses (`@cfworker/json-schema`), so a failure found here is
 * one that validator reports too, at the same place.
 */

type Schema = Record<string, unknown>;

/**
 * The size bound `value` is past, or the `url` format it fails, at this schema object.
 *
 * @param schema - One schema object.
 * @param value - The part of the arguments it applies to.
 * @returns The validator's message for the failed check; `undefined` when none fails.
 * @example
 * ```ts
 * sizeOrUrlFailure({ maxItems: 2 }, [1, 2, 3]); // "Array has too many items (3 > 2)."
 * ```
 */
export function sizeOrUrlFailure(schema: Schema, value: unknown): string | undefined {
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

/** The validator's name for a value's type; `undefined` for one it does not take (it throws there). */
function instanceType(value: unknown): string | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const type = typeof value;
  return type === "boolean" || type === "number" || type === "string" || type === "object" ? type : undefined;
}

/**
 * The `type` this schema object requires and `value` does not have, in the validator's words.
 *
 * @param schema - One schema object.
 * @param value - The part of the arguments it applies to.
 * @returns The validator's message; `undefined` when the type fits, the schema names none, or it names it in a form the validator does not read alike.
 * @example
 * ```ts
 * typeFailure({ type: "null" }, [1]); // 'Instance type "array" is invalid. Expected "null".'
 * typeFailure({ type: ["integer", "null"] }, 2); // undefined
 * ```
 */
export function typeFailure(schema: Schema, value: unknown): string | undefined {
  const type = ownValue(schema, "type");
  const actual = instanceType(value);
  if (actual === undefined) return undefined;
  // A name JSON Schema does not define fits nothing, for the validator too.
  const fits = (name: unknown): boolean => typeof name === "string" && matchesJsonType(value, name) === true;
  if (Array.isArray(type)) {
    if (!type.every((name) => typeof name === "string") || type.some(fits)) return undefined;
    return `Instance type "${actual}" is invalid. Expected "${type.join('", "')}".`;
  }
  if (typeof type !== "string" || fits(type)) return undefined;
  return `Instance type "${actual}" is invalid. Expected "${type}".`;
}
