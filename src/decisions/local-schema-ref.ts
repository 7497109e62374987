import { isPlainObject } from "../payload/json-type.js";
import { ownValue } from "../payload/own-value.js";

/**
 * A tool schema's `$ref`s to places inside itself (`"#/$defs/Tags"`, `"#/properties/a"`), found
 * the way the JSON Schema validator LangChain uses (`@cfworker/json-schema`) finds them — so a
 * pre-check that follows one checks the schema the validator will check there. The validator
 * registers every schema it walks by its JSON pointer (keyword by keyword, skipping the keywords
 * that hold no schema) and resolves a `$ref` against the schema's base URI; a ref is followed here
 * only where that is certain to land on the same object: no `$id` (or draft-4 `id`) in the whole
 * schema, so every pointer is relative to the root, and only pointers of plain characters, which
 * URI normalisation and pointer escaping leave unchanged.
 */

type Schema = Record<string, unknown>;

/** The keywords the validator never walks into (they hold values, not schemas), in its own list. */
const IGNORED_KEYWORDS = new Set([
  "id", "$id", "$ref", "$schema", "$anchor", "$vocabulary", "$comment", "default", "enum", "const", "required", "dependentRequired", "type",
  "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength", "minLength", "pattern", "format", "maxItems",
  "minItems", "uniqueItems", "maxProperties", "minProperties",
]);
/** Keywords whose array holds schemas (any other array is not walked). */
const SCHEMA_ARRAY_KEYWORDS = new Set(["prefixItems", "items", "allOf", "anyOf", "oneOf"]);
/** Keywords whose object maps names to schemas (the map itself is not a schema). */
const SCHEMA_MAP_KEYWORDS = new Set(["$defs", "definitions", "properties", "patternProperties", "dependentSchemas"]);

/** A local pointer of plain segments: no escapes, no percent-encoding, nothing a URI would rewrite. */
const PLAIN_LOCAL_POINTER = /^#(?:\/[A-Za-z0-9_.$-]+)*$/;
const CANONICAL_INDEX = /^(?:0|[1-9][0-9]{0,8})$/;

/** Whether any schema the validator walks in `root` declares a base URI of its own (`$id`, or `id`). */
function declaresBaseUri(root: Schema): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const schema = pending.pop();
    if (!isPlainObject(schema) || seen.has(schema)) continue;
    seen.add(schema);
    // Read as the validator reads them (inherited ones included): any truthy value moves the base.
    if (schema["$id"] || schema["id"]) return true;
    for (const key in schema) {
      if (IGNORED_KEYWORDS.has(key)) continue;
      const child = schema[key];
      if (Array.isArray(child)) {
        if (SCHEMA_ARRAY_KEYWORDS.has(key)) pending.push(...child);
      } else if (SCHEMA_MAP_KEYWORDS.has(key)) {
        if (typeof child === "object" && child !== null) for (const name in child) pending.push((child as Schema)[name]);
      } else pending.push(child);
    }
  }
  return false;
}

/** The schema at `pointer`'s segments below `root`, walked as the validator registers them; `undefined` where it registers none. */
function schemaAt(root: Schema, segments: readonly string[]): Schema | undefined {
  let current: unknown = root;
  let index = 0;
  while (index < segments.length) {
    if (!isPlainObject(current)) return undefined;
    const keyword = segments[index]!;
    if (IGNORED_KEYWORDS.has(keyword)) return undefined;
    const child = ownValue(current, keyword);
    if (Array.isArray(child)) {
      const position = segments[index + 1];
      if (!SCHEMA_ARRAY_KEYWORDS.has(keyword) || position === undefined || !CANONICAL_INDEX.test(position)) return undefined;
      current = child[Number(position)];
      index += 2;
    } else if (SCHEMA_MAP_KEYWORDS.has(keyword)) {
      const name = segments[index + 1];
      if (!isPlainObject(child) || name === undefined) return undefined;
      current = ownValue(child, name);
      index += 2;
    } else {
      current = child;
      index += 1;
    }
  }
  return isPlainObject(current) ? current : undefined;
}

const resolvers = new WeakMap<Schema, (ref: unknown) => Schema | undefined>();

/**
 * A resolver of `root`'s local `$ref`s: the schema a ref lands on, or `undefined` wherever this
 * cannot be certain the validator lands on the same one (then the caller does not follow it).
 * Made once per schema object.
 *
 * @param root - A tool's whole JSON Schema.
 * @returns A function from a `$ref` value to the schema it names inside `root`, or `undefined`.
 * @example
 * ```ts
 * const resolve = localRefResolver({ $defs: { Tags: { type: "array" } }, properties: { tags: { $ref: "#/$defs/Tags" } } });
 * resolve("#/$defs/Tags"); // { type: "array" }
 * resolve("https://example.com/tags.json"); // undefined: not inside this schema
 * ```
 */
export function localRefResolver(root: Schema): (ref: unknown) => Schema | undefined {
  const known = resolvers.get(root);
  if (known !== undefined) return known;
  const followable = !declaresBaseUri(root);
  const resolve = (ref: unknown): Schema | undefined => {
    if (!followable || typeof ref !== "string" || !PLAIN_LOCAL_POINTER.test(ref)) return undefined;
    return schemaAt(root, ref.split("/").slice(1));
  };
  resolvers.set(root, resolve);
  return resolve;
}
