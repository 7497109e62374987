import { Validator } from "@langchain/core/utils/json_schema";
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { canonicalJson } from "../payload/canonical-json.js";
import { isPlainObject } from "../payload/json-type.js";
import { grantPatternProblem, MAX_GRANT_PATTERNS, withinPatternBudget } from "./grant-pattern.js";

/** The longest a grant's JSON Schema may be, as canonical JSON: it is stored with the grant and evaluated on every later call it could cover. */
const MAX_NARROWING_SCHEMA_CHARS = 8_192;
/** The deepest a grant's JSON Schema may nest subschemas. */
const MAX_DEPTH = 16;
/** The longest `pattern` a grant's schema may hold. */
const MAX_PATTERN_CHARS = 256;

/**
 * The keywords a grant's schema may use: enough to narrow arguments by type, value, range,
 * length and shape. No `$ref` (a grant stands alone), no `format` (validators disagree on it),
 * no conditional or "unevaluated" keywords: a standing permission must read plainly.
 */
const VALUE_KEYWORDS = new Set([
  "type", "enum", "const", "required", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "minLength", "maxLength", "pattern", "minItems", "maxItems", "minProperties", "maxProperties",
  "title", "description", "$schema",
]);
const SCHEMA_KEYWORDS = new Set(["items", "additionalProperties", "not", "contains", "propertyNames"]);
const SCHEMA_LIST_KEYWORDS = new Set(["anyOf", "allOf", "oneOf", "prefixItems"]);
const SCHEMA_MAP_KEYWORDS = new Set(["properties"]);

/** The keywords a grant's JSON Schema may use, for error messages. */
const NARROWING_SCHEMA_KEYWORDS: readonly string[] = [...VALUE_KEYWORDS, ...SCHEMA_KEYWORDS, ...SCHEMA_LIST_KEYWORDS, ...SCHEMA_MAP_KEYWORDS];

type Path = Array<string | number>;

function problem(path: Path, message: string, received?: unknown): HITLErrorDetail {
  return { path, message, ...(received === undefined ? {} : { received }) };
}

/** Where a walk of a schema counts the patterns it met. */
interface Walk {
  patterns: number;
}

function subschemaProblems(value: unknown, path: Path, depth: number, walk: Walk): HITLErrorDetail[] {
  if (typeof value === "boolean") return [];
  if (!isPlainObject(value)) return [problem(path, "expected a JSON Schema (an object or a boolean)", value)];
  if (depth > MAX_DEPTH) return [problem(path, `the schema nests more than ${MAX_DEPTH} levels`)];
  return Object.entries(value).flatMap(([keyword, inner]) => keywordProblems(keyword, inner, [...path, keyword], depth, walk));
}

// The validator checks uniqueItems by comparing every item with every other, deeply: on arguments a
// model writes that is quadratic, synchronous and unbounded (measured: 8 000 objects 3.6 s in plain Node;
// 20 000 took 10 minutes under jest).
const UNIQUE_ITEMS_REFUSED =
  "`uniqueItems` is not allowed in a grant's schema: checking it compares every pair of items, so one call with a long array could stall the process; narrow with maxItems, items or enum instead";

function keywordProblems(keyword: string, value: unknown, path: Path, depth: number, walk: Walk): HITLErrorDetail[] {
  if (keyword === "pattern") {
    walk.patterns += 1;
    return patternProblems(value, path);
  }
  if (keyword === "uniqueItems") return value === false ? [] : [problem(path, UNIQUE_ITEMS_REFUSED, value)];
  if (VALUE_KEYWORDS.has(keyword)) return [];
  if (SCHEMA_KEYWORDS.has(keyword)) return subschemaProblems(value, path, depth + 1, walk);
  if (SCHEMA_LIST_KEYWORDS.has(keyword)) {
    if (!Array.isArray(value)) return [problem(path, `\`${keyword}\` must be an array of schemas`, value)];
    return value.flatMap((inner, index) => subschemaProblems(inner, [...path, index], depth + 1, walk));
  }
  if (SCHEMA_MAP_KEYWORDS.has(keyword)) {
    if (!isPlainObject(value)) return [problem(path, `\`${keyword}\` must map names to schemas`, value)];
    return Object.entries(value).flatMap(([name, inner]) => subschemaProblems(inner, [...path, name], depth + 1, walk));
  }
  return [problem(path, `keyword "${keyword}" is not allowed in a grant's schema; allowed: ${NARROWING_SCHEMA_KEYWORDS.join(", ")}`, keyword)];
}

function patternProblems(value: unknown, path: Path): HITLErrorDetail[] {
  if (typeof value !== "string") return [problem(path, "`pattern` must be a string", value)];
  if (value.length > MAX_PATTERN_CHARS) return [problem(path, `\`pattern\` is longer than ${MAX_PATTERN_CHARS} characters`)];
  try {
    new RegExp(value, "u");
  } catch {
    return [problem(path, "`pattern` is not a valid regular expression", value)];
  }
  const unfit = grantPatternProblem(value);
  return unfit === undefined ? [] : [problem(path, unfit, value)];
}

/**
 * What is wrong with a JSON Schema a reviewer sent to narrow a standing grant, or `[]`: it must
 * be an object of at most {@link MAX_NARROWING_SCHEMA_CHARS} characters, nest at most 16 levels
 * and use only {@link NARROWING_SCHEMA_KEYWORDS} (at most 8 `pattern`s, each at most 256
 * characters, a valid Unicode regular expression of the shape {@link grantPatternProblem} allows;
 * `uniqueItems` only as `false`).
 *
 * @param schema - The schema as sent.
 * @param path - Where it sits in the decision, e.g. `["grant", "match", "schema"]`.
 * @returns One detail per problem, each with its `path`.
 * @example
 * ```ts
 * narrowingSchemaProblems({ type: "object", properties: { path: { pattern: "^/tmp/" } } }, ["schema"]); // []
 * narrowingSchemaProblems({ $ref: "#/x" }, ["schema"])[0]?.path; // ["schema", "$ref"]
 * ```
 */
export function narrowingSchemaProblems(schema: unknown, path: Path): HITLErrorDetail[] {
  return inspectSchema(schema, path).problems;
}

/** One walk of a grant's schema: its problems, and how many `pattern`s it holds (in schema positions, not inside `const` or `enum` values). */
function inspectSchema(schema: unknown, path: Path): { problems: HITLErrorDetail[]; patterns: number } {
  if (!isPlainObject(schema)) return { problems: [problem(path, "expected a JSON Schema object", schema)], patterns: 0 };
  let size: number;
  try {
    size = canonicalJson(schema).length;
  } catch {
    return { problems: [problem(path, "the schema is not plain JSON")], patterns: 0 };
  }
  if (size > MAX_NARROWING_SCHEMA_CHARS) return { problems: [problem(path, `the schema is ${size} characters long; at most ${MAX_NARROWING_SCHEMA_CHARS} are allowed`)], patterns: 0 };
  const walk: Walk = { patterns: 0 };
  const problems = subschemaProblems(schema, path, 1, walk);
  if (walk.patterns > MAX_GRANT_PATTERNS) problems.push(problem(path, `the schema holds ${walk.patterns} patterns; at most ${MAX_GRANT_PATTERNS} are allowed`));
  return { problems, patterns: walk.patterns };
}

/** Compiled schemas by canonical JSON: a grant's schema is checked on every call it could cover. */
const compiled = new Map<string, { validator: Validator; hasPattern: boolean }>();
const MAX_COMPILED = 512;

/**
 * Whether `input` fits a grant's JSON Schema (draft 2020-12). A schema that fails
 * {@link narrowingSchemaProblems}, or that the validator cannot evaluate, matches nothing; nor does
 * a schema with a `pattern` when the input's strings exceed what patterns are tested against
 * ({@link withinPatternBudget}): a person is asked instead.
 *
 * @example
 * ```ts
 * matchesNarrowingSchema({ type: "object", properties: { n: { maximum: 10 } } }, { n: 3 }); // true
 * ```
 */
export function matchesNarrowingSchema(schema: Record<string, unknown>, input: unknown): boolean {
  try {
    const key = canonicalJson(schema);
    let entry = compiled.get(key);
    if (entry === undefined) {
      // Also a grant stored by an earlier release, whose pattern today's rules refuse: it covers nothing.
      const { problems, patterns } = inspectSchema(schema, []);
      if (problems.length > 0) return false;
      entry = { validator: new Validator(schema as never, "2020-12", true), hasPattern: patterns > 0 };
      if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
      compiled.set(key, entry);
    }
    if (entry.hasPattern && !withinPatternBudget(input)) return false;
    return entry.validator.validate(input).valid;
  } catch {
    return false;
  }
}
