import { nameList } from "../../src/errors/name-list.js";

describe("a list of names in a message is bounded", () => {
  test.each([
    ["one name", ["a"], "`a`"],
    ["ten names, all listed", Array.from({ length: 10 }, (_, index) => `k${index}`), "`k0`, `k1`, `k2`, `k3`, `k4`, `k5`, `k6`, `k7`, `k8`, `k9`"],
    ["twelve names: ten, then how many more", Array.from({ length: 12 }, (_, index) => `k${index}`), "`k0`, `k1`, `k2`, `k3`, `k4`, `k5`, `k6`, `k7`, `k8`, `k9` and 2 more"],
    ["a name of 10 000 characters, cut at 100", ["x".repeat(10_000)], `\`${"x".repeat(100)}…\``],
    ["no names", [], ""],
  ])("%s", (_label, names, expected) => {
    expect(nameList(names)).toBe(expected);
  });

  test("a caller may write each name its own way", () => {
    expect(nameList(["a", "b"], (name) => `"${name}"`)).toBe('"a", "b"');
  });
});
