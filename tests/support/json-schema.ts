import { Validator } from "@langchain/core/utils/json_schema";

type Schema = Record<string, unknown>;

/** Whether `value` satisfies `schema` (JSON Schema 2020-12, LangChain's own validator). */
export function satisfies(schema: Schema, value: unknown): boolean {
  return new Validator(schema as never, "2020-12", false).validate(value).valid;
}

function resolve(root: Schema, schema: Schema): Schema {
  const ref = schema["$ref"];
  if (typeof ref !== "string") return schema;
  const key = ref.replace("#/$defs/", "");
  return resolve(root, ((root["$defs"] as Record<string, Schema>)[key] ?? {}) as Schema);
}

/**
 * The smallest value a client that knows nothing but `schema` would build from it: constants,
 * the first `enum` entry, the required properties, strings and numbers at their bounds.
 * `branch` picks which `anyOf` alternative to follow (clamped to the last one).
 */
export function sampleOf(root: Schema, branch = 0, schema: Schema = root): unknown {
  const current = resolve(root, schema);
  if ("const" in current) return current["const"];
  if (Array.isArray(current["enum"])) return current["enum"][0];
  if (Array.isArray(current["anyOf"])) {
    const options = current["anyOf"] as Schema[];
    return sampleOf(root, branch, options[Math.min(branch, options.length - 1)]!);
  }
  const properties = (current["properties"] ?? {}) as Record<string, Schema>;
  if (current["type"] === "object" || "properties" in current) {
    const required = (current["required"] ?? []) as string[];
    return Object.fromEntries(required.map((key) => [key, sampleOf(root, branch, properties[key] ?? {})]));
  }
  switch (current["type"]) {
    case "string":
      return "x".repeat(Math.max(1, Number(current["minLength"] ?? 1)));
    case "integer":
    case "number":
      return Number(current["minimum"] ?? 1);
    case "boolean":
      return true;
    case "array":
      return [];
    default:
      return null;
  }
}
