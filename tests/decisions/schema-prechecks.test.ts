import { Validator } from "@langchain/core/utils/json_schema";
import { precheckProblems } from "../../src/decisions/schema-prechecks.js";
import { validateToolArguments } from "../../src/decisions/tool-arguments.js";

const optionalTags = { type: "array", items: { type: "string" }, maxItems: 2, uniqueItems: true };
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
  // What pydantic writes for `tags: Optional[set[str]] = Field(max_length=2)`: every alternative fails, so the anyOf does.
  ["an optional field past maxItems (anyOf with null)", { properties: { tags: { anyOf: [optionalTags, { type: "null" }] } } }, { tags: ["a", "b", "c"] }, [
    { path: ["tags"], message: "Instance does not match any subschemas." },
    { path: ["tags"], message: "Array has too many items (3 > 2)." },
    { path: ["tags"], message: 'Instance type "array" is invalid. Expected "null".' },
  ]],
  ["an optional field within its bounds", { properties: { tags: { anyOf: [optionalTags, { type: "null" }] } } }, { tags: ["a", "b"] }, []],
  ["an optional field left null", { properties: { tags: { anyOf: [optionalTags, { type: "null" }] } } }, { tags: null }, []],
  ["a oneOf whose every alternative fails", { oneOf: [optionalTags, { type: "string" }] }, ["a", "b", "c"], [
    { path: [], message: "Instance does not match exactly one subschema (0 matches)." },
    { path: [], message: "Array has too many items (3 > 2)." },
    { path: [], message: 'Instance type "array" is invalid. Expected "string".' },
  ]],
  ["a type list and integer, as the validator reads them", { anyOf: [{ type: ["integer", "null"] }, { type: "string", maxLength: 1, pattern: "^a" }] }, 1.5, [
    { path: [], message: "Instance does not match any subschemas." },
    { path: [], message: 'Instance type "number" is invalid. Expected "integer", "null".' },
    { path: [], message: 'Instance type "number" is invalid. Expected "string".' },
  ]],
  ["an empty anyOf, which nothing matches", { pattern: "^a", anyOf: [] }, "a", [{ path: [], message: "Instance does not match any subschemas." }]],
  ["a bound under a local $ref ($defs)", { $defs: { Tags: optionalTags }, properties: { tags: { $ref: "#/$defs/Tags" } } }, { tags: ["a", "b", "c"] }, [{ path: ["tags"], message: "Array has too many items (3 > 2)." }]],
  ["a bound under a $ref to a property (zod-to-json-schema's reuse)", { properties: { a: optionalTags, b: { $ref: "#/properties/a" } } }, { a: [], b: ["a", "b", "c"] }, [{ path: ["b"], message: "Array has too many items (3 > 2)." }]],
  // What pydantic writes for `dict[str, set[str]]` with a bound on each set.
  ["a bound under additionalProperties, on the keys properties does not name", { properties: { a: { type: "array" } }, additionalProperties: optionalTags }, { a: [1, 2, 3], b: ["x"], c: ["x", "y", "z"] }, [{ path: ["c"], message: "Array has too many items (3 > 2)." }]],
  // What pydantic writes for a nested model in an optional field.
  ["a nested model's bound, optional, under $defs", { $defs: { Filter: { type: "object", properties: { tags: optionalTags } } }, properties: { filter: { anyOf: [{ $ref: "#/$defs/Filter" }, { type: "null" }] } } }, { filter: { tags: ["a", "b", "c"] } }, [
    { path: ["filter"], message: "Instance does not match any subschemas." },
    { path: ["filter", "tags"], message: "Array has too many items (3 > 2)." },
    { path: ["filter"], message: 'Instance type "object" is invalid. Expected "null".' },
  ]],
  ["a recursive model through $ref, bounded at depth", { $defs: { Node: { type: "object", properties: { name: { type: "string", maxLength: 3, pattern: "^[a-z]+$" }, child: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] } } } }, $ref: "#/$defs/Node" }, { name: "a", child: { name: "b", child: { name: "toolong", child: null } } }, [
    { path: ["child"], message: "Instance does not match any subschemas." },
    { path: ["child", "child", "name"], message: "String is too long (7 > 3)." },
    { path: ["child", "child"], message: 'Instance type "object" is invalid. Expected "null".' },
    { path: ["child"], message: 'Instance type "object" is invalid. Expected "null".' },
    { path: ["child", "child"], message: "Instance does not match any subschemas." },
  ]],
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
    ["an anyOf with an alternative that may pass", { anyOf: [{ maxItems: 1, uniqueItems: true }, { type: "array" }] }],
    ["a oneOf with an alternative that may pass", { oneOf: [{ maxItems: 1, uniqueItems: true }, { type: "array", items: { type: "number" } }] }],
    ["a boolean alternative", { anyOf: [{ maxItems: 1, uniqueItems: true }, false] }],
    ["not", { not: { maxItems: 1, uniqueItems: true } }],
    ["if / then", { if: { minItems: 1 }, then: { maxItems: 1, uniqueItems: true } }],
    ["a $ref in a schema that declares a base URI ($id), where a pointer may mean another place", { $id: "https://example.com/s", $defs: { list: { maxItems: 1, uniqueItems: true } }, $ref: "#/$defs/list" }],
    ["a nested $id", { $defs: { list: { $id: "list.json", maxItems: 1, uniqueItems: true } }, $ref: "#/$defs/list" }],
    ["a $ref to another document", { $ref: "https://example.com/list.json", uniqueItems: true }],
    ["an escaped pointer", { $defs: { "a/b": { maxItems: 1, uniqueItems: true } }, $ref: "#/$defs/a~1b" }],
    ["a pointer to a map, which names no schema", { properties: { maxItems: 1 }, $ref: "#/properties", uniqueItems: true }],
    ["a pointer through a keyword that holds values (const)", { const: { maxItems: 1 }, $ref: "#/const", uniqueItems: true }],
  ])("a bound reached only through %s is left to the full validator (it may not apply)", (_keyword, schema) => {
    expect(precheckProblems(schema, [1, 2, 3])).toEqual([]);
  });

  test.each([
    ["additionalProperties beside patternProperties, which may claim the key", { patternProperties: { "^x": {} }, additionalProperties: { maxItems: 1, uniqueItems: true } }, { x: [1, 2, 3] }],
    // The validator reads inherited keywords, own reads would not: a schema object with a prototype of its own is left to it.
    ["items under a schema that inherits prefixItems", Object.assign(Object.create({ prefixItems: [{}] }), { items: { maxLength: 0, pattern: "^" } }), ["a"]],
  ])("nothing is refused through %s", (_keyword, schema, value) => {
    expect(precheckProblems(schema, value)).toEqual([]);
  });

  test("alternatives that contain themselves, through a $ref or as objects, end the walk instead of branching (2^n paths)", () => {
    const throughRef = { pattern: "^a", anyOf: [{ $ref: "#" }, { $ref: "#" }] };
    expect(precheckProblems(throughRef, "a")).toEqual([]);
    const asObjects: Record<string, unknown> = { maxLength: 5, pattern: "^a" };
    asObjects["anyOf"] = [asObjects, asObjects, { type: "null" }];
    expect(precheckProblems(asObjects, "aa")).toEqual([]);
    expect(precheckProblems(asObjects, "aaaaaa")).toEqual([{ path: [], message: "String is too long (6 > 5)." }]);
  });

  test("a bound 60 levels down a recursive model's optional fields is found, and the items there are never compared", () => {
    let reads = 0;
    const item = (index: number): object => Object.defineProperty({}, "id", { enumerable: true, get: () => ((reads += 1), index) });
    const node = { type: "object", properties: { tags: { anyOf: [{ type: "array", maxItems: 10, uniqueItems: true }, { type: "null" }] }, child: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] } } };
    const schema = { $defs: { Node: node }, $ref: "#/$defs/Node" };
    let value: Record<string, unknown> = { tags: Array.from({ length: 2_000 }, (_, index) => item(index)), child: null };
    for (let level = 0; level < 60; level += 1) value = { tags: null, child: value };
    const problems = precheckProblems(schema, value);
    expect(problems[0]).toEqual({ path: ["child"], message: "Instance does not match any subschemas." });
    // The reason itself, 61 levels down, comes first among the reasons (not 10 nested "does not match").
    expect(problems[1]).toEqual({ path: [...Array.from({ length: 60 }, () => "child"), "tags"], message: "Array has too many items (2000 > 10)." });
    expect(reads).toBe(0);
  });

  test("the items of an optional field's array past maxItems are never compared (anyOf with null, under $defs)", () => {
    let reads = 0;
    const item = (index: number): object => Object.defineProperty({}, "id", { enumerable: true, get: () => ((reads += 1), index) });
    const tags = { type: "array", items: { type: "object" }, maxItems: 10, uniqueItems: true };
    const schema = { $defs: { Tags: tags }, type: "object", properties: { tags: { anyOf: [{ $ref: "#/$defs/Tags" }, { type: "null" }] } } };
    const details = validateToolArguments({ name: "tag", schema }, { tags: Array.from({ length: 2_000 }, (_, index) => item(index)) }, "c1");
    expect((details as Array<{ message: string }>).map((detail) => detail.message)).toEqual([
      "tags: Instance does not match any subschemas.",
      "tags: Array has too many items (2000 > 10).",
      'tags: Instance type "array" is invalid. Expected "null".',
    ]);
    expect(reads).toBe(0);
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
