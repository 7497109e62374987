import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { isInteropZodSchema } from "@langchain/core/utils/types";
import { isPlainObject } from "./json-type.js";

/** A JSON Schema object, as carried in `review_configs[i].args_schema`. */
type JsonSchemaObject = Record<string, unknown>;

const converted = new WeakMap<object, JsonSchemaObject | null>();

function convert(schema: object): JsonSchemaObject | null {
  try {
    const json = toJsonSchema(schema as Parameters<typeof toJsonSchema>[0]) as unknown;
    if (!isPlainObject(json)) return null;
    // The dialect marker is the same for every tool and says nothing to a form; leaving it out
    // keeps every paused thread smaller.
    const { $schema: _dialect, ...rest } = json;
    return rest;
  } catch {
    // A schema zod cannot express as JSON Schema (a transform, a custom check): the payload
    // simply carries none; the node still checks edits against the real schema.
    return null;
  }
}

/**
 * The JSON Schema of a tool's input, for UIs that render and check an edit form. Zod (v3 or v4)
 * schemas are converted with LangChain's `toJsonSchema` (the same conversion used when tools
 * are bound to a model); a JSON Schema object passes through. Converted once per schema object.
 *
 * @param schema - The tool's `schema`, or `undefined`.
 * @returns The JSON Schema without its `$schema` dialect marker, or `undefined` when the tool
 * has no schema or it cannot be expressed as JSON Schema.
 * @example
 * ```ts
 * toolArgsSchema(z.object({ path: z.string() })); // { type: "object", properties: { path: { type: "string" } }, … }
 * ```
 */
export function toolArgsSchema(schema: unknown): JsonSchemaObject | undefined {
  if (!isPlainObject(schema) && !isInteropZodSchema(schema)) return undefined;
  const key = schema as object;
  if (!converted.has(key)) converted.set(key, convert(key));
  return converted.get(key) ?? undefined;
}
