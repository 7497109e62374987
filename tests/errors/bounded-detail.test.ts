import { boundDetail, cutText } from "../../src/errors/bounded-detail.js";
import { HITLError } from "../../src/errors/hitl-error.js";

describe("every part of an error detail is bounded", () => {
  test("a detail within every bound keeps each part as it was", () => {
    const detail = { toolCallId: "c1", path: ["updatedInput", "path", 0], message: "path: too long", received: "x", allowed: ["a"] };
    expect(boundDetail(detail)).toEqual(detail);
  });

  test("a message past 1 000 characters, an id and path segments past 200, and what was received are cut, each saying how much more there was", () => {
    const detail = boundDetail({ toolCallId: "i".repeat(300), path: ["decisions", "k".repeat(250), 3], message: "m".repeat(1_500), received: "r".repeat(500) });
    expect(detail).toEqual({
      toolCallId: `${"i".repeat(200)}…(100 more characters)`,
      path: ["decisions", `${"k".repeat(200)}…(50 more characters)`, 3],
      message: `${"m".repeat(1_000)}…(500 more characters)`,
      received: `${"r".repeat(200)}…(300 more characters)`,
    });
  });

  test("bounding a bounded detail changes nothing: the counts of what was cut stay true", () => {
    const once = boundDetail({ toolCallId: "i".repeat(300), path: ["k".repeat(250)], message: "m".repeat(1_500), received: { list: Array.from({ length: 50 }, (_, index) => index), text: "r".repeat(500), ...Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`k${index}`, index])) } });
    expect(boundDetail(once)).toEqual(once);
  });

  test("cutText leaves text within its bound alone", () => {
    expect(cutText("short", 10)).toBe("short");
  });

  test("a HITLError's message past 2 000 characters is cut, and so is each of its details", () => {
    const error = new HITLError("INVALID_DECISION", `no pending action request has tool_call_id "${"x".repeat(1_000_000)}"`, {
      details: [{ toolCallId: "x".repeat(1_000_000), path: ["x".repeat(1_000_000)], message: "x".repeat(1_000_000) }],
    });
    expect(error.message.length).toBeLessThan(2_100);
    expect(JSON.stringify(error.details).length).toBeLessThan(2_000);
  });
});
