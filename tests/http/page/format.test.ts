import { contentText, relativeTime, viewValue } from "../../../src/http/page/logic/format.js";
import { decisionLine, reviewerLabel, runSentence } from "../../../src/http/page/logic/outcomes.js";

describe("viewValue", () => {
  test("shows short values in full", () => {
    expect(viewValue("short")).toMatchObject({ full: "short", folded: false });
    expect(viewValue({ a: 1 })).toMatchObject({ full: '{\n  "a": 1\n}', folded: false });
  });

  test.each([
    ["a long string", "x".repeat(500), "500 characters"],
    ["a string of many lines", "a\nb\nc\nd\ne", "5 lines, 9 characters"],
    ["a large array", Array.from({ length: 60 }, (_, index) => index), "60 items"],
    ["a large object", Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`key${index}`, index])), "12 keys"],
  ])("folds %s behind a one-line preview of at most 72 characters", (_label, value, size) => {
    const view = viewValue(value);
    expect(view.folded).toBe(true);
    expect(view.size).toBe(size);
    expect(view.preview.length).toBeLessThanOrEqual(72);
    expect(view.preview).not.toContain("\n");
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-01-01T10:00:00Z");
  test.each([
    ["2026-01-01T09:59:50Z", "just now"],
    ["2026-01-01T10:00:20Z", "in under a minute"],
    ["2026-01-01T09:57:00Z", "3 min ago"],
    ["2026-01-01T12:00:00Z", "in 2 h"],
    ["2025-12-29T10:00:00Z", "3 d ago"],
    ["not a date", "at an unknown time"],
  ])("%s → %s", (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});

describe("outcome wording", () => {
  test("contentText reads text blocks and cuts long content", () => {
    expect(contentText([{ type: "text", text: "done" }])).toBe("done");
    expect(contentText("y".repeat(400), 10)).toBe(`${"y".repeat(9)}…`);
  });

  test("an approved call whose tool failed reads as a failure", () => {
    expect(decisionLine("deploy", "approve", { status: "error", content: "boom" })).toEqual({ subject: "deploy", decision: "Approved; the tool failed", tone: "bad", result: "boom" });
    expect(decisionLine("deploy", "reject", undefined)).toEqual({ subject: "deploy", decision: "Rejected", tone: "bad" });
  });

  test("names the reviewer and how the run went on", () => {
    expect(reviewerLabel({ id: "u-1", name: "Alice" })).toBe("Alice (u-1)");
    expect(reviewerLabel({ id: "u-1" })).toBe("u-1");
    expect(runSentence({ status: "halted", halted: { reason: "budget spent" } })).toBe("The run halted: budget spent.");
  });
});
