import { coerceEditedArgs } from "../../src/decisions/coerce-edited-args.js";

const schema = {
  type: "object",
  properties: {
    replicas: { type: "integer" },
    ratio: { type: "number" },
    dryRun: { type: "boolean" },
    labels: { type: "object" },
    hosts: { type: "array" },
    note: { type: "string" },
    maybe: { type: ["string", "null"] },
    nullable: { type: ["integer", "null"] },
    either: { anyOf: [{ type: "integer" }, { type: "boolean" }] },
  },
};

describe("coerceEditedArgs: a string becomes what it spells only when that is exactly the wanted JSON type", () => {
  const cases: Array<[string, string, unknown, unknown]> = [
    ["an integer from its digits", "replicas", "3", 3],
    ["an integer written in exponent form", "replicas", "1e3", 1000],
    ["not an integer from a fraction", "replicas", "3.5", "3.5"],
    ["not an integer from words", "replicas", "three", "three"],
    ["not a number from an empty string", "ratio", "", ""],
    ["a number from a fraction", "ratio", "0.25", 0.25],
    ["not a number from NaN", "ratio", "NaN", "NaN"],
    ["not a number from a quoted number", "ratio", "\"2\"", "\"2\""],
    ["a boolean from true", "dryRun", "true", true],
    ["a boolean from false", "dryRun", "false", false],
    ["not a boolean from yes", "dryRun", "yes", "yes"],
    ["not a boolean from 1", "dryRun", "1", "1"],
    ["an object from JSON", "labels", "{\"team\":\"a\"}", { team: "a" }],
    ["not an object from a JSON array", "labels", "[1]", "[1]"],
    ["an array from JSON", "hosts", "[\"a\",\"b\"]", ["a", "b"]],
    ["not an array from an object", "hosts", "{}", "{}"],
    ["nothing for a string property", "note", "42", "42"],
    ["nothing where a string is one allowed type", "maybe", "null", "null"],
    ["null where null is allowed", "nullable", "null", null],
    ["an integer where null is also allowed", "nullable", "7", 7],
    ["nothing when the type is given by anyOf", "either", "7", "7"],
    ["nothing for a property the schema does not list", "unknown", "7", "7"],
  ];
  test.each(cases)("%s", (_label, key, sent, expected) => {
    expect(coerceEditedArgs({ [key]: sent }, schema)[key]).toEqual(expected);
  });

  test("values that are not strings are left as sent", () => {
    expect(coerceEditedArgs({ replicas: 3, dryRun: "true" }, schema)).toEqual({ replicas: 3, dryRun: true });
    expect(coerceEditedArgs({ replicas: "2.5" }, schema)).toEqual({ replicas: "2.5" });
  });

  test("without a schema nothing is coerced", () => {
    const args = { replicas: "3" };
    expect(coerceEditedArgs(args, undefined)).toBe(args);
  });
});
