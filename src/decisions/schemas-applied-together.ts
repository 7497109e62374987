import { ownValue } from "../payload/own-value.js";
import { isSchemaObject } from "./schema-object.js";

type Schema = Record<string, unknown>;

const cacheByRoot = new WeakMap<Schema, WeakMap<Schema, readonly Schema[]>>();

/**
 * `schema` and every schema its `allOf` and its local `$ref` reach, each once: all of them apply
 * to the same value (under JSON Schema 2020-12, which the validator is run with, a `$ref` applies
 * beside its sibling keywords). Each object is taken once, so an `allOf` that (through shared
 * objects) contains itself, or reaches one schema along many paths, costs its size, not its
 * paths. Remembered per root schema, since a `$ref` means a place in its root.
 *
 * @param schema - A schema object inside `root`.
 * @param root - The tool's whole schema, which `resolve` resolves against.
 * @param resolve - `root`'s local `$ref` resolver (`localRefResolver(root)`).
 * @returns `schema` first, then what it reaches, in the order the validator applies them.
 * @example
 * ```ts
 * const root = { $defs: { A: { maxLength: 3 } }, $ref: "#/$defs/A", allOf: [{ pattern: "^a" }] };
 * schemasAppliedTogether(root, root, localRefResolver(root)); // [root, { pattern: "^a" }, { maxLength: 3 }]
 * ```
 */
export function schemasAppliedTogether(schema: Schema, root: Schema, resolve: (ref: unknown) => Schema | undefined): readonly Schema[] {
  let cache = cacheByRoot.get(root);
  if (cache === undefined) cacheByRoot.set(root, (cache = new WeakMap()));
  const known = cache.get(schema);
  if (known !== undefined) return known;
  const together: Schema[] = [];
  const seen = new Set<Schema>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!isSchemaObject(current) || seen.has(current)) continue;
    seen.add(current);
    together.push(current);
    const target = Object.hasOwn(current, "$ref") ? resolve(current["$ref"]) : undefined;
    if (target !== undefined) pending.push(target);
    const allOf = ownValue(current, "allOf");
    if (Array.isArray(allOf)) for (let index = allOf.length - 1; index >= 0; index -= 1) pending.push(allOf[index]);
  }
  cache.set(schema, together);
  return together;
}
