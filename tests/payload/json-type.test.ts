import { matchesJsonType } from "../../src/payload/json-type.js";

describe("matchesJsonType", () => {
  test.each([
    [3, "integer", true],
    [3.5, "integer", false],
    [3.5, "number", true],
    ["3", "number", false],
    [null, "null", true],
    [null, "object", false],
    [[], "object", false],
    [[], "array", true],
    [{}, "object", true],
    ["x", "string", true],
    [true, "boolean", true],
  ])("%j against %s → %s", (value, type, expected) => {
    expect(matchesJsonType(value, type)).toBe(expected);
  });

  test("a type name JSON Schema does not define is undefined, for the caller to decide", () => {
    expect(matchesJsonType(1, "decimal")).toBeUndefined();
  });
});
