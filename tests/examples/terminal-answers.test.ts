import { automaticReason, choiceMenu, parseAnswer, parseArguments, parseChoice } from "../../examples/support/terminal.js";

const ALL = ["approve", "edit", "reject", "respond"] as const;

describe("demo prompt: reading a decision", () => {
  test.each([
    ["a", "approve"],
    ["APPROVE", "approve"],
    [" r ", "reject"],
    ["e", "edit"],
    ["respond", "respond"],
    ["s", "respond"],
  ])("%p reads as %s", (typed, expected) => {
    expect(parseChoice(typed, ALL)).toEqual({ ok: true, value: expected });
  });

  test.each([["no"], ["x"], [""], ["yes"], ["approved"], ["ar"]])("%p is refused, never read as approve", (typed) => {
    expect(parseChoice(typed, ALL).ok).toBe(false);
  });

  test("a decision the call does not allow is refused and not offered", () => {
    expect(parseChoice("e", ["approve", "reject"]).ok).toBe(false);
    expect(choiceMenu(["reject", "approve"])).toBe("[a]pprove, [r]eject? ");
  });
});

describe("demo prompt: reading edited arguments", () => {
  test("a JSON object is accepted", () => {
    expect(parseArguments('{"path":"/tmp/x"}')).toEqual({ ok: true, value: { path: "/tmp/x" } });
  });

  test.each([["{bad"], ["[1]"], ["null"], ['"text"'], [""]])("%p is refused", (typed) => {
    expect(parseArguments(typed).ok).toBe(false);
  });
});

describe("demo prompt: reading an answer", () => {
  const question = { question: "Where?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }] };

  test("a number picks an option; an option value or free text is accepted", () => {
    expect(parseAnswer("2", question)).toEqual({ ok: true, value: "production" });
    expect(parseAnswer("staging", question)).toEqual({ ok: true, value: "staging" });
    expect(parseAnswer("the lab cluster", question)).toEqual({ ok: true, value: "the lab cluster" });
  });

  test("a number outside the options, an empty answer, or free text where none is allowed is refused", () => {
    expect(parseAnswer("7", question).ok).toBe(false);
    expect(parseAnswer("", question).ok).toBe(false);
    expect(parseAnswer("the lab cluster", { ...question, allowFreeText: false }).ok).toBe(false);
  });
});

describe("demo prompt: who decides", () => {
  test.each([["true"], ["1"], ["yes"]])("CI=%s makes the demo decide by itself", (ci) => {
    expect(automaticReason({ CI: ci }, [])).toBe(`CI=${ci}`);
  });

  test.each([["false"], ["0"], [""]])("CI=%p does not (stdin decides)", (ci) => {
    expect(automaticReason({ CI: ci }, [])).toBeUndefined();
  });

  test("--yes makes the demo decide by itself", () => {
    expect(automaticReason({}, ["node", "examples/quickstart.ts", "--yes"])).toBe("--yes");
  });

  test("having no terminal is no reason to decide by itself (piped answers are read)", () => {
    expect(automaticReason({}, ["node", "examples/quickstart.ts"])).toBeUndefined();
  });
});
