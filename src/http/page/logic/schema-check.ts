/**
 * What the reviewer page reads from a review config's `args_schema` (the tool's JSON Schema):
 * a hint per argument under the edit field, and a check of the edited JSON before anything is
 * sent. It covers the common keywords of tool schemas (type, required, enum, bounds, lengths,
 * extra keys) at the top level; the server still checks the full schema and stays the authority.
 */

import { isPlainObject, matchesJsonType } from "../../../payload/json-type.js";

type Schema = Record<string, unknown>;

function propertiesOf(schema: Schema): Record<string, Schema> {
  const properties = schema["properties"];
  if (!isPlainObject(properties)) return {};
  return Object.fromEntries(Object.entries(properties).filter((entry): entry is [string, Schema] => isPlainObject(entry[1])));
}

function requiredOf(schema: Schema): string[] {
  const required = schema["required"];
  return Array.isArray(required) ? required.filter((key): key is string => typeof key === "string") : [];
}

function typesOf(property: Schema): string[] {
  const type = property["type"];
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === "string") : [];
}

function numberKeyword(property: Schema, key: string): number | undefined {
  const value = property[key];
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
}

function constraintsOf(property: Schema): string[] {
  const parts: string[] = [];
  const enumValues = property["enum"];
  if (Array.isArray(enumValues)) parts.push(`one of ${enumValues.map((value) => JSON.stringify(value)).join(", ")}`);
  const bounds: Array<[string, string]> = [["minimum", "≥"], ["exclusiveMinimum", ">"], ["maximum", "≤"], ["exclusiveMaximum", "<"]];
  for (const [key, sign] of bounds) {
    const bound = numberKeyword(property, key);
    if (bound !== undefined) parts.push(`${sign} ${bound}`);
  }
  const minLength = numberKeyword(property, "minLength");
  const maxLength = numberKeyword(property, "maxLength");
  if (minLength !== undefined) parts.push(`at least ${minLength} character(s)`);
  if (maxLength !== undefined) parts.push(`at most ${maxLength} character(s)`);
  return parts;
}

/**
 * One line per argument the schema describes: its name, its JSON type, its constraints and
 * whether it is required.
 *
 * @example
 * ```ts
 * schemaHints({ type: "object", properties: { replicas: { type: "integer", minimum: 1 } }, required: ["replicas"] });
 * // ["replicas: integer, ≥ 1 (required)"]
 * ```
 */
export function schemaHints(schema: Schema | undefined): string[] {
  if (schema === undefined) return [];
  const required = requiredOf(schema);
  return Object.entries(propertiesOf(schema)).map(([key, property]) => {
    const types = typesOf(property);
    const described = [types.length === 0 ? "any" : types.join(" or "), ...constraintsOf(property)].join(", ");
    const description = typeof property["description"] === "string" ? ` — ${property["description"]}` : "";
    return `${key}: ${described}${required.includes(key) ? " (required)" : ""}${description}`;
  });
}

/** A type name JSON Schema does not define is not held against the edit (the server decides). */
function hasType(value: unknown, type: string): boolean {
  return matchesJsonType(value, type) ?? true;
}

function propertyProblems(key: string, value: unknown, property: Schema): string[] {
  const types = typesOf(property);
  if (types.length > 0 && !types.some((type) => hasType(value, type))) return [`${key} must be ${types.join(" or ")}, not ${JSON.stringify(value)}.`];
  const problems: string[] = [];
  const enumValues = property["enum"];
  if (Array.isArray(enumValues) && !enumValues.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    problems.push(`${key} must be one of ${enumValues.map((allowed) => JSON.stringify(allowed)).join(", ")}.`);
  }
  if (typeof value === "number") {
    const [min, exclusiveMin, max, exclusiveMax] = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"].map((name) => numberKeyword(property, name));
    if ((min !== undefined && value < min) || (exclusiveMin !== undefined && value <= exclusiveMin) || (max !== undefined && value > max) || (exclusiveMax !== undefined && value >= exclusiveMax)) {
      problems.push(`${key} must be ${constraintsOf(property).join(", ")}.`);
    }
  }
  if (typeof value === "string") {
    const [minLength, maxLength] = ["minLength", "maxLength"].map((name) => numberKeyword(property, name));
    if ((minLength !== undefined && value.length < minLength) || (maxLength !== undefined && value.length > maxLength)) problems.push(`${key} must have ${constraintsOf(property).filter((part) => part.includes("character")).join(" and ")}.`);
  }
  return problems;
}

/**
 * Checks edited arguments against the tool's JSON Schema, top level only.
 *
 * @returns One sentence per problem; empty when the edit fits (or there is no schema).
 * @example
 * ```ts
 * checkEditedArguments({ replicas: "3" }, { type: "object", properties: { replicas: { type: "integer" } } });
 * // ['replicas must be integer, not "3".']
 * ```
 */
export function checkEditedArguments(args: Record<string, unknown>, schema: Schema | undefined): string[] {
  if (schema === undefined) return [];
  const properties = propertiesOf(schema);
  const missing = requiredOf(schema).filter((key) => !Object.prototype.hasOwnProperty.call(args, key)).map((key) => `${key} is required.`);
  const extra = schema["additionalProperties"] === false ? Object.keys(args).filter((key) => !Object.hasOwn(properties, key)).map((key) => `${key} is not an argument of this tool.`) : [];
  const invalid = Object.entries(args).flatMap(([key, value]) => (Object.hasOwn(properties, key) ? propertyProblems(key, value, properties[key]!) : []));
  return [...missing, ...extra, ...invalid];
}
