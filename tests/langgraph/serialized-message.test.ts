// Contract test for src/langgraph/serialized-message.ts: how LangChain writes a message to JSON.
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { messageFields } from "../../src/langgraph/index.js";

describe("a message LangChain serialised, as src/langgraph/serialized-message.ts reads it", () => {
  test("a ToolMessage through JSON keeps its fields under kwargs of a constructor record", () => {
    const message = new ToolMessage({ content: "ran", tool_call_id: "c1", additional_kwargs: { hitl: { decision: "approve" } } });
    const serialised = JSON.parse(JSON.stringify(message)) as Record<string, unknown>;
    expect(serialised).toMatchObject({ lc: 1, type: "constructor", id: ["langchain_core", "messages", "ToolMessage"] });
    expect(messageFields(serialised as { tool_call_id?: string })).toMatchObject({ tool_call_id: "c1", additional_kwargs: { hitl: { decision: "approve" } } });
  });

  test("a message instance and a plain message object are their own fields", () => {
    const message = new AIMessage("hello");
    expect(messageFields(message)).toBe(message);
    const plain = { type: "tool", tool_call_id: "c2", content: "ok" };
    expect(messageFields(plain)).toBe(plain);
  });
});
