import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { Command, Send, isCommand } from "@langchain/langgraph";
import { callMessage, withCallMessage } from "../../src/core/call-message.js";

const message = (content: string, toolCallId = "c1") => new ToolMessage({ content, tool_call_id: toolCallId });

describe("callMessage", () => {
  test("a ToolMessage is its own call's message", () => {
    const output = message("ok");
    expect(callMessage(output, "c1")).toBe(output);
  });

  test.each([
    ["an update object with a list", (m: ToolMessage) => ({ messages: [new AIMessage("note"), message("other", "c2"), m] })],
    ["an update object with one message", (m: ToolMessage) => ({ messages: m })],
    ["update tuples", (m: ToolMessage) => [["counter", 1], ["messages", [m]]]],
  ])("finds the call's message in %s", (_, update) => {
    const own = message("ok");
    expect(callMessage(new Command({ update: update(own) as never }), "c1")).toBe(own);
  });

  test("a Command without a message for the call has none (a bare handoff)", () => {
    expect(callMessage(new Command({ graph: Command.PARENT, goto: "billing" }), "c1")).toBeUndefined();
    expect(callMessage(new Command({ update: { messages: [message("other", "c2")] } }), "c1")).toBeUndefined();
  });
});

describe("withCallMessage", () => {
  test("a ToolMessage output becomes the replacement", () => {
    const replacement = message("changed");
    expect(withCallMessage(message("ok"), "c1", replacement)).toBe(replacement);
  });

  test("a Command becomes a new Command addressed as the original, holding the replacement where the call's message was; the original is untouched", () => {
    const own = message("ok");
    const note = new AIMessage("note");
    const original = new Command({ graph: Command.PARENT, goto: [new Send("worker", { n: 1 })], update: { messages: [note, own], counter: 2 } });
    const replacement = message("changed");
    const changed = withCallMessage(original, "c1", replacement) as Command;
    expect(isCommand(changed)).toBe(true);
    expect(changed).not.toBe(original);
    expect(changed.graph).toBe(Command.PARENT);
    expect(changed.goto).toEqual(original.goto);
    expect(changed.update).toEqual({ messages: [note, replacement], counter: 2 });
    expect(original.update).toEqual({ messages: [note, own], counter: 2 });
  });

  test("update tuples keep their order; only the first message for the call is replaced", () => {
    const first = message("first");
    const second = message("second");
    const original = new Command({ update: [["counter", 1], ["messages", [first, second]]] as never });
    const replacement = message("changed");
    expect((withCallMessage(original, "c1", replacement) as Command).update).toEqual([["counter", 1], ["messages", [replacement, second]]]);
  });

  test("a Command without a message for the call is returned as it is", () => {
    const handoff = new Command({ graph: Command.PARENT, goto: "billing" });
    expect(withCallMessage(handoff, "c1", message("changed"))).toBe(handoff);
  });
});
