import { Validator } from "@langchain/core/utils/json_schema";
import { precheckProblems } from "../../src/decisions/schema-prechecks.js";
import { seededRandom } from "../../bench/support/random.js";

/**
 * The pre-checks refuse a value on what they find alone, so everything they report must be an
 * error the full validator reports too, at the same place, in the same words. Checked here on
 * generated schemas — alternatives, `allOf`, local `$ref`s, tuples, additional and pattern
 * properties, types, bounds, nested — and values.
 */

type Draw = () => number;
const pick = <T>(draw: Draw, options: readonly T[]): T => options[Math.floor(draw() * options.length)]!;

const TYPES = ["string", "array", "object", "null", "integer", "number", ["string", "null"], ["array", "null"]] as const;

/** A schema; a `$ref` only where it takes the walk into a part of the value, so no reference loops in place. */
function schemaOf(draw: Draw, depth: number, refAllowed: boolean): Record<string, unknown> {
  const leaf = depth >= 3;
  const kind = pick(draw, leaf ? ["type", "string", "array"] : ["type", "string", "array", "object", "anyOf", "oneOf", "allOf", ...(refAllowed ? ["ref", "ref"] : [])]);
  switch (kind) {
    case "type":
      return { type: pick(draw, TYPES) };
    case "string":
      return { type: "string", maxLength: Math.floor(draw() * 4), ...(draw() < 0.5 ? { pattern: "^a" } : { format: "url" }) };
    case "array":
      return { type: "array", maxItems: Math.floor(draw() * 4), uniqueItems: draw() < 0.5, ...(leaf ? {} : itemsOf(draw, depth)) };
    case "object":
      return {
        type: "object",
        properties: { a: schemaOf(draw, depth + 1, true), b: schemaOf(draw, depth + 1, true) },
        ...(draw() < 0.4 ? { additionalProperties: schemaOf(draw, depth + 1, true) } : {}),
        ...(draw() < 0.2 ? { patternProperties: { "^c": schemaOf(draw, depth + 1, true) } } : {}),
      };
    case "ref":
      return { $ref: pick(draw, ["#/$defs/D0", "#/$defs/D1"]) };
    default:
      return { [kind]: Array.from({ length: 1 + Math.floor(draw() * 3) }, () => schemaOf(draw, depth + 1, false)) };
  }
}

/** `items` as one schema or (the older tuple form) a list, with or without `prefixItems` before them. */
function itemsOf(draw: Draw, depth: number): Record<string, unknown> {
  const list = (): Array<Record<string, unknown>> => Array.from({ length: 1 + Math.floor(draw() * 3) }, () => schemaOf(draw, depth + 1, true));
  return { ...(draw() < 0.4 ? { prefixItems: list() } : {}), items: draw() < 0.5 ? schemaOf(draw, depth + 1, true) : list() };
}

function valueOf(draw: Draw, depth: number): unknown {
  const kind = pick(draw, depth >= 3 ? ["string", "number", "null"] : ["string", "number", "null", "array", "object", "array", "object"]);
  switch (kind) {
    case "string":
      return pick(draw, ["", "a", "ab", "aaaa", "ba", "http://a", "https://example.com/x"]);
    case "number":
      return pick(draw, [1, 1.5, 0]);
    case "null":
      return null;
    case "array":
      return Array.from({ length: Math.floor(draw() * 5) }, () => valueOf(draw, depth + 1));
    default:
      return Object.fromEntries(["a", "b", "c", "d"].filter(() => draw() < 0.6).map((key) => [key, valueOf(draw, depth + 1)]));
  }
}

function validatorErrors(schema: object, value: unknown): Set<string> {
  return new Set(new Validator(schema as never, "2020-12", false).validate(value).errors.map((error) => `${error.instanceLocation} ${error.error}`));
}

const pointer = (path: ReadonlyArray<string | number>): string => ["#", ...path.map(String)].join("/");

describe("the schema pre-checks, against the full validator on generated schemas and values", () => {
  test("every problem the pre-checks report on 4 000 generated pairs is an error the validator reports at the same place, in the same words; and they refuse some of them", () => {
    let refused = 0;
    let throughAlternatives = 0;
    for (let seed = 1; seed <= 4_000; seed += 1) {
      const draw = seededRandom(seed);
      // `uniqueItems: false` at the root checks nothing, and makes every schema one that is pre-checked.
      const schema = { uniqueItems: false, $defs: { D0: schemaOf(draw, 1, false), D1: schemaOf(draw, 1, false) }, ...schemaOf(draw, 0, false) };
      const value = valueOf(draw, 0);
      const problems = precheckProblems(schema, value);
      if (problems.length === 0) continue;
      refused += 1;
      if (problems.some((problem) => problem.message.startsWith("Instance does not match"))) throughAlternatives += 1;
      const reported = validatorErrors(schema, value);
      for (const problem of problems) {
        const found = `${pointer(problem.path)} ${problem.message}`;
        if (!reported.has(found)) throw new Error(`seed ${seed}: "${found}" is not among the validator's errors ${JSON.stringify([...reported])} for ${JSON.stringify(value)} under ${JSON.stringify(schema)}`);
      }
    }
    // The generator must exercise what is compared: many refusals, a good share through alternatives.
    expect(refused).toBeGreaterThan(1_000);
    expect(throughAlternatives).toBeGreaterThan(800);
  });
});
