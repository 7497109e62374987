import { grantPatternProblem, withinPatternBudget } from "../../src/decisions/grant-pattern.js";

describe("grantPatternProblem: the patterns a grant may hold are anchored and cannot backtrack without end", () => {
  test.each([
    ["a prefix", "^/tmp/"],
    ["one varying quantifier over a class", "^/tmp/[^/]+$"],
    ["exact counts besides one varying quantifier", "^\\d{4}-\\d{2}-\\d{2}T.*$"],
    ["a match anywhere, written ^.*", "^.*\\.txt$"],
    ["a lazy quantifier", "^a+?b$"],
    ["quantifier characters inside a class", "^[(|)*+?{,}]x*$"],
    ["escaped parentheses and bars", "^\\(a\\)\\|b+$"],
    ["a Unicode property and a code point escape", "^\\p{L}\\u{1F600}+$"],
  ])("accepts %s: %s", (_what, pattern) => {
    expect(new RegExp(pattern, "u")).toBeInstanceOf(RegExp);
    expect(grantPatternProblem(pattern)).toBeUndefined();
  });

  test.each([
    ["an unanchored pattern", "\\.txt$", /must start with \^/],
    ["a quantified group", "^(a+)+$", /groups are not allowed/],
    ["a lookahead", "^(?=a)a+$", /groups are not allowed/],
    ["an alternation", "^a|b$", /alternation/],
    ["a back-reference", "^[a-z]\\1$", /back-references/],
    ["two varying quantifiers", "^[a-z]*[a-z]*x$", /at most one quantifier/],
    ["a varying and an optional quantifier", "^a+b?$", /at most one quantifier/],
    ["two counted ranges", "^a{1,3}b{2,}$", /at most one quantifier/],
    ["two Unicode-property quantifiers", "^\\p{L}+\\p{N}+$", /at most one quantifier/],
  ])("refuses %s: %s", (_what, pattern, reason) => {
    expect(grantPatternProblem(pattern)).toMatch(reason);
  });

  test("what it accepts stays fast on hostile input: one varying quantifier, anchored, on a million characters", () => {
    for (const pattern of ["^.*x$", "^[a-z]*" + "a".repeat(200) + "b$", "^a+?b$"]) {
      expect(grantPatternProblem(pattern)).toBeUndefined();
      // No timing assertion (speed lives in the bench): the test would hang, not fail, on a backtracking pattern.
      expect(new RegExp(pattern, "u").test("a".repeat(1_000_000))).toBe(false);
    }
  });
});

describe("withinPatternBudget: the characters a grant's patterns are tested against", () => {
  test("counts every string and key, at any depth, up to 1 MiB in all", () => {
    expect(withinPatternBudget({ path: "/tmp/a", nested: [{ k: "v" }] })).toBe(true);
    expect(withinPatternBudget({ a: "x".repeat(1_048_575) })).toBe(true);
    expect(withinPatternBudget({ a: "x".repeat(1_048_576) })).toBe(false);
    expect(withinPatternBudget(Array.from({ length: 1_100 }, () => "y".repeat(1_000)))).toBe(false);
    expect(withinPatternBudget({ ["k".repeat(1_048_577)]: 1 })).toBe(false);
  });
});
