import { isPlainObject } from "../payload/json-type.js";

/**
 * Whether `value` is a schema object the pre-checks read: a JSON object whose prototype is
 * `Object.prototype` or `null`. The validator reads a schema's keywords inherited ones included;
 * the pre-checks read own ones only, and the two agree only where nothing but the standard
 * prototype is inherited. Anything else (a class instance, `Object.create(base)`) is left to the
 * validator.
 *
 * @param value - Anything found where a schema may be.
 * @returns `true` for a plain JSON object with the standard (or no) prototype.
 * @example
 * ```ts
 * isSchemaObject({ maxItems: 2 }); // true
 * isSchemaObject(Object.create({ prefixItems: [{}] })); // false: the validator would read prefixItems, own reads would not
 * ```
 */
export function isSchemaObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
