/**
 * The one key no record of decisions or answers can carry: JSON parsers that build records key
 * by key (zod's `z.record`, a client's `record[key] = …`) drop it, so a value sent under it never
 * arrives.
 */
export const UNKEYABLE_KEY = "__proto__";

/**
 * The value `record` holds under `key` as its own property, or `undefined`.
 *
 * Records here are keyed by what a model or a reviewer sent (`tool_call_id`s, question texts):
 * a plain `record[key]` finds `Object.prototype.toString` for a call the model named
 * `toString` whose verdict is missing, and a judgment would be read from a function.
 *
 * @param record - A record keyed by untrusted strings (`undefined` holds nothing).
 * @param key - The key to look up.
 * @returns The record's own value under `key`; never an inherited one.
 * @example
 * ```ts
 * ownValue({ call_1: "x" }, "call_1"); // "x"
 * ownValue({}, "toString"); // undefined (a plain lookup gives Object.prototype.toString)
 * ```
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
