import { matchesNarrowingSchema, narrowingSchemaProblems } from "../../src/decisions/narrowing-schema.js";

describe("a grant's JSON Schema", () => {
  test("narrows by type, value, range, length, pattern and shape", () => {
    const schema = { type: "object", properties: { path: { type: "string", pattern: "^/tmp/", maxLength: 40 }, n: { type: "integer", maximum: 10 } }, required: ["path"], additionalProperties: false };
    expect(narrowingSchemaProblems(schema, [])).toEqual([]);
    expect(matchesNarrowingSchema(schema, { path: "/tmp/a", n: 3 })).toBe(true);
    expect(matchesNarrowingSchema(schema, { path: "/etc/a" })).toBe(false);
    expect(matchesNarrowingSchema(schema, { path: "/tmp/a", n: 11 })).toBe(false);
    expect(matchesNarrowingSchema(schema, { path: "/tmp/a", extra: 1 })).toBe(false);
    expect(matchesNarrowingSchema({ type: "string", enum: ["ls"] }, "ls")).toBe(true);
  });

  test.each([
    ["$ref", { $ref: "#/x" }, ["$ref"]],
    ["format", { type: "string", format: "email" }, ["format"]],
    ["a nested if/then", { properties: { a: { if: {}, then: {} } } }, ["properties", "a", "if"]],
    ["a pattern that is not a regular expression", { pattern: "(" }, ["pattern"]],
    ["a pattern longer than 256 characters", { pattern: "a".repeat(257) }, ["pattern"]],
    ["an array where a schema belongs", { not: [] }, ["not"]],
    ["a pattern with a quantified group (stored by an earlier release, it covers nothing)", { type: "string", pattern: "^(a+)+$" }, ["pattern"]],
    ["a pattern under propertyNames with two varying quantifiers", { propertyNames: { pattern: "^a*a*$" } }, ["propertyNames", "pattern"]],
    ["uniqueItems (stored by an earlier release, it covers nothing)", { type: "array", uniqueItems: true }, ["uniqueItems"]],
    ["uniqueItems given as a string", { items: { uniqueItems: "yes" } }, ["items", "uniqueItems"]],
  ])("refuses %s, naming where", (_label, schema, path) => {
    expect(narrowingSchemaProblems(schema, [])[0]?.path).toEqual(path);
    expect(matchesNarrowingSchema(schema as Record<string, unknown>, "anything")).toBe(false);
  });

  test("a schema with a pattern covers no input whose strings and keys together pass 1 MiB (a person is asked instead); one without a pattern is not bounded", () => {
    const prefix = { type: "object", properties: { body: { type: "string", pattern: "^.*" } } };
    expect(matchesNarrowingSchema(prefix, { body: "x".repeat(1_048_572) })).toBe(true);
    expect(matchesNarrowingSchema(prefix, { body: "x".repeat(1_048_576) })).toBe(false);
    expect(matchesNarrowingSchema({ type: "object", properties: { body: { type: "string" } } }, { body: "x".repeat(2_000_000) })).toBe(true);
  });

  test("uniqueItems is refused with why (it compares every pair of items a model wrote); `uniqueItems: false`, which checks nothing, is accepted", () => {
    expect(narrowingSchemaProblems({ type: "object", properties: { paths: { type: "array", uniqueItems: true } } }, ["schema"])).toEqual([
      expect.objectContaining({ path: ["schema", "properties", "paths", "uniqueItems"], received: true, message: expect.stringContaining("every pair") }),
    ]);
    const unchecked = { type: "object", properties: { paths: { type: "array", items: { type: "string" }, uniqueItems: false } } };
    expect(narrowingSchemaProblems(unchecked, [])).toEqual([]);
    expect(matchesNarrowingSchema(unchecked, { paths: ["/tmp/a", "/tmp/a"] })).toBe(true);
  });

  test("a stored grant with uniqueItems covers nothing, however long the array, instead of comparing every pair of its items", () => {
    // 20 000 objects: checked pair by pair this is 4·10⁸ deep comparisons (10 minutes under jest before the fix).
    const paths = Array.from({ length: 20_000 }, (_, index) => ({ path: `/tmp/${index}` }));
    expect(matchesNarrowingSchema({ type: "object", properties: { paths: { type: "array", uniqueItems: true } } }, { paths })).toBe(false);
  });

  test("refuses more than 8 patterns; a pattern inside a const value is data, not a pattern", () => {
    expect(narrowingSchemaProblems({ anyOf: Array.from({ length: 9 }, (_, index) => ({ pattern: `^${index}` })) }, ["s"])).toEqual([expect.objectContaining({ path: ["s"], message: expect.stringContaining("at most 8") })]);
    expect(narrowingSchemaProblems({ const: { pattern: "(a+)+" } }, [])).toEqual([]);
  });

  test("refuses a schema over 8 192 characters and one nested deeper than 16 levels", () => {
    expect(narrowingSchemaProblems({ description: "x".repeat(9_000) }, ["s"])[0]).toMatchObject({ path: ["s"], message: expect.stringContaining("at most 8192") });
    let deep: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 20; level += 1) deep = { not: deep };
    expect(narrowingSchemaProblems(deep, [])[0]?.message).toMatch(/more than 16 levels/);
  });
});
