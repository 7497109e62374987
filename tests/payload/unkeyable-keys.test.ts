import { withoutUnkeyableKeys } from "../../src/payload/unkeyable-keys.js";

const parsed = (text: string): unknown => JSON.parse(text);

describe("withoutUnkeyableKeys", () => {
  test("drops every own __proto__ key, at any depth, and keeps everything else in order", () => {
    const value = parsed('{"a": 1, "__proto__": {"force": true}, "list": [{"__proto__": 1, "b": [2, {"__proto__": null}]}, "x"], "z": null}');
    expect(JSON.stringify(withoutUnkeyableKeys(value))).toBe('{"a":1,"list":[{"b":[2,{}]},"x"],"z":null}');
  });

  test("leaves the input untouched: the copy is a new object where a key was dropped", () => {
    const value = parsed('{"keep": {"n": 1}, "drop": {"__proto__": 1}}') as Record<string, unknown>;
    const copy = withoutUnkeyableKeys(value);
    expect(Object.hasOwn(value["drop"] as object, "__proto__")).toBe(true);
    expect(copy).not.toBe(value);
    expect(copy["keep"]).toBe(value["keep"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  test.each([
    ["an object without the key", { a: [1, { b: Number.NaN }], "constructor": 1, toString: 2 }],
    ["a string (a string tool's input)", "rm -rf /tmp/x"],
    ["a Date", new Date(0)],
    ["null", null],
  ])("returns %s itself", (_, value) => {
    expect(withoutUnkeyableKeys(value)).toBe(value);
  });

  test("an object whose prototype was set by a __proto__ assignment (how a checkpoint is read back) has no such own key: it is returned itself", () => {
    const readBack: Record<string, unknown> = {};
    readBack["__proto__"] = { force: true };
    readBack["path"] = "/x";
    expect(withoutUnkeyableKeys(readBack)).toBe(readBack);
  });
});
