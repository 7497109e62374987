import { Validator } from "@langchain/core/utils/json_schema";
import { precheckProblems } from "../../src/decisions/schema-prechecks.js";
import { validateToolArguments } from "../../src/decisions/tool-arguments.js";

const uniqueTags = { type: "object", properties: { tags: { type: "array", items: { type: "string", pattern: "^[a-z]+$" }, maxItems: 2, uniqueItems: true } } };

/** The validator's errors as (location, message) pairs, the way a bound problem is compared with them. */
function validatorErrors(schema: object, value: unknown): string[] {
  return new Validator(schema as never, "2020-12", false).validate(value).errors.map((error) => `${error.instanceLocation} ${error.error}`);
}

function asPointer(path: ReadonlyArray<string | number>): string {
  return ["#", ...path.map(String)].join("/");
}

const cases: Array<[string, object, unknown, Array<{ path: Array<string | number>; message: string }>]> = [
  ["an array past maxItems under properties", uniqueTags, { tags: ["a", "b", "c"] }, [{ path: ["tags"], message: "Array has too many items (3 > 2)." }]],
  ["a string past maxLength under items", { type: "array", items: { type: "string", maxLength: 3, pattern: "^a" } }, ["ab", "abcd"], [{ path: [1], message: "String is too long (4 > 3)." }]],
  ["a string past maxLength under prefixItems", { prefixItems: [{ type: "string", maxLength: 1, pattern: "^a" }] }, ["aa"], [{ path: [0], message: "String is too long (2 > 1)." }]],
  ["a bound under allOf", { allOf: [{ properties: { q: { maxLength: 1 } } }, { properties: { q: { pattern: "^a" } } }] }, { q: "aa" }, [{ path: ["q"], message: "String is too long (2 > 1)." }]],
  ["two bounds, in the value's order", { properties: { a: { maxLength: 1, pattern: "^a" }, b: { maxItems: 0 } } }, { a: "aa", b: [1] }, [{ path: ["a"], message: "String is too long (2 > 1)." }, { path: ["b"], message: "Array has too many items (1 > 0)." }]],
  ["code points, not UTF-16 units: two emoji fit maxLength 2", { maxLength: 2, pattern: "^" }, "😀😀", []],
  ["code points: three emoji pass maxLength 2", { maxLength: 2, pattern: "^" }, "😀😀😀", [{ path: [], message: "String is too long (3 > 2)." }]],
  ["a lone surrogate counts one", { maxLength: 1, pattern: "^" }, "\ud800\ud800", [{ path: [], message: "String is too long (2 > 1)." }]],
  ["within every bound", uniqueTags, { tags: ["a", "b"] }, []],
  // Short: the validator's own url check, which the differential test below runs, doubles its time with each character.
  ["a string that is not a url under format url", { properties: { link: { type: "string", format: "url" } } }, { link: `http://${"a".repeat(8)}!` }, [{ path: ["link"], message: 'String does not match format "url".' }]],
  ["a url under format url", { properties: { link: { type: "string", format: "url" } } }, { link: "https://example.com/a?b=c" }, []],
];

describe("a tool schema's size bounds and url format, checked before the full validator", () => {
  test.each(cases)("%s", (_what, schema, value, expected) => {
    expect(precheckProblems(schema, value)).toEqual(expected);
  });

  test.each(cases.filter(([, , , expected]) => expected.length > 0))("every bound problem is one the full validator reports too: %s", (_what, schema, value) => {
    const reported = validatorErrors(schema, value);
    for (const problem of precheckProblems(schema, value)) expect(reported).toContain(`${asPointer(problem.path)} ${problem.message}`);
  });

  test.each([
    ["anyOf", { anyOf: [{ maxItems: 1, uniqueItems: true }, { type: "array" }] }],
    ["oneOf", { oneOf: [{ maxItems: 1, uniqueItems: true }, { type: "string" }] }],
    ["not", { not: { maxItems: 1, uniqueItems: true } }],
    ["if / then", { if: { minItems: 1 }, then: { maxItems: 1, uniqueItems: true } }],
    ["$ref", { $defs: { list: { maxItems: 1, uniqueItems: true } }, $ref: "#/$defs/list" }],
  ])("a bound reached only through %s is left to the full validator (it may not apply)", (_keyword, schema) => {
    expect(precheckProblems(schema, [1, 2, 3])).toEqual([]);
  });

  test("a schema with no keyword costlier than the value's size is not walked: its bounds are the full validator's, which is linear there", () => {
    expect(precheckProblems({ type: "array", maxItems: 1 }, [1, 2])).toEqual([]);
  });

  test("an allOf that contains itself, twice, ends the walk instead of looping or branching", () => {
    const schema: Record<string, unknown> = { maxLength: 5, pattern: "^a" };
    schema["allOf"] = [schema, schema];
    expect(precheckProblems(schema, "aa")).toEqual([]);
    expect(precheckProblems(schema, "aaaaaa")).toEqual([{ path: [], message: "String is too long (6 > 5)." }]);
  });

  test("a schema an allOf reaches along 2^40 paths (shared objects) is applied once", () => {
    let shared: Record<string, unknown> = { maxLength: 1, pattern: "^a" };
    for (let level = 0; level < 40; level += 1) shared = { allOf: [shared, shared] };
    expect(precheckProblems(shared, "aa")).toEqual([{ path: [], message: "String is too long (2 > 1)." }]);
  });

  test("an edit's 10 000-character non-url under format url is refused at once (the validator's own check backtracks exponentially on it)", () => {
    const schema = { type: "object", properties: { link: { type: "string", format: "url" } } };
    const details = validateToolArguments({ name: "fetch", schema }, { link: `http://${"a".repeat(10_000)}!` }, "f1");
    expect(details).toEqual([{ toolCallId: "f1", path: ["updatedInput", "link"], message: 'link: String does not match format "url".', received: expect.any(String) }]);
  });

  test("the items of an array past maxItems are never compared: an edit of 2 000 items under `maxItems: 10, uniqueItems: true` is refused on its size", () => {
    let reads = 0;
    const item = (index: number): object =>
      Object.defineProperty({}, "id", {
        enumerable: true,
        get: () => ((reads += 1), index),
      });
    const schema = { type: "object", properties: { tags: { type: "array", items: { type: "object" }, maxItems: 10, uniqueItems: true } } };
    const details = validateToolArguments({ name: "tag", schema }, { tags: Array.from({ length: 2_000 }, (_, index) => item(index)) }, "c1");
    expect(details).toEqual([{ toolCallId: "c1", path: ["updatedInput", "tags"], message: "tags: Array has too many items (2000 > 10).", received: expect.any(Array) }]);
    expect(reads).toBe(0);
  });
});
