import type { BaseMessage } from "@langchain/core/messages";
import { isAIMessage, isBaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";

function isMessageList(input: unknown): input is BaseMessage[] {
  return Array.isArray(input) && input.every((item) => isBaseMessage(item));
}

function lastAIMessageCalls(messages: BaseMessage[]): ToolCall[] {
  const answered = new Set(
    messages.filter((message) => message.getType() === "tool").map((message) => (message as { tool_call_id?: string }).tool_call_id),
  );
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message !== undefined && isAIMessage(message)) {
      return (message.tool_calls ?? []).filter((call) => call.id == null || !answered.has(call.id));
    }
  }
  throw new Error("ToolNode only accepts AIMessages as input.");
}

/**
 * The calls `ToolNode.run` will hand `runTool` for this input, in the model's order, found as
 * `ToolNode` finds them (a `Send` packet's `lg_tool_call`, or the unanswered calls of the last
 * `AIMessage` of a message list or a `{ messages }` state). The node decides them as one batch
 * before `ToolNode` runs anything; the call objects are the very ones `runTool` receives.
 *
 * @throws Error with `ToolNode`'s own message for input `ToolNode` refuses.
 * @example
 * ```ts
 * readToolCalls({ messages: [new AIMessage({ content: "", tool_calls: [call] })] }); // [call]
 * ```
 */
export function readToolCalls(input: unknown): ToolCall[] {
  if (typeof input === "object" && input !== null && "lg_tool_call" in input) return [(input as { lg_tool_call: ToolCall }).lg_tool_call];
  if (isMessageList(input)) return lastAIMessageCalls(input);
  const messages = (input as { messages?: unknown } | null)?.messages;
  if (isMessageList(messages)) return lastAIMessageCalls(messages);
  throw new Error("ToolNode only accepts BaseMessage[] or { messages: BaseMessage[] } as input.");
}
