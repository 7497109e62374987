import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { messageTypeOf } from "../../src/host/message-type.js";

describe("messageTypeOf", () => {
  test.each([
    ["a ToolMessage instance", new ToolMessage({ content: "ok", tool_call_id: "c1" }), "tool"],
    ["an AIMessage instance", new AIMessage("hi"), "ai"],
    ["a tool message as the Agent Server's JSON", { type: "tool", content: "ok", tool_call_id: "c1" }, "tool"],
    ["an object with no type", { content: "ok" }, undefined],
    ["a type that is not a string", { type: 7 }, undefined],
  ])("%s: %p", (_label, message, type) => {
    expect(messageTypeOf(message as never)).toBe(type);
  });
});
