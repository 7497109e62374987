import { isPlainObject } from "./json-type.js";

/**
 * A plain object as the JSON data it stands for — what a checkpoint, a payload or a remote
 * policy backend holds of it (a `Date` becomes its ISO text, functions and `undefined` drop out) —
 * or `undefined` when it is no plain object or JSON cannot hold it (a `BigInt`, a cycle, a getter
 * that throws, a `toJSON` that answers no object).
 *
 * @param value - The object to copy.
 * @returns A fresh copy sharing nothing with `value`, or `undefined`.
 * @example
 * ```ts
 * jsonObjectCopy({ at: new Date(0) }); // { at: "1970-01-01T00:00:00.000Z" }
 * jsonObjectCopy({ n: 1n }); // undefined
 * ```
 */
export function jsonObjectCopy(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return undefined;
  try {
    const copy = JSON.parse(JSON.stringify(value) ?? "null") as unknown;
    return isPlainObject(copy) ? copy : undefined;
  } catch {
    return undefined;
  }
}
