import type { BaseMessage } from "@langchain/core/messages";
import { isAIMessage, isBaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";

/** The tool calls one node invocation must answer, and the state tools receive. */
export interface ToolBatch {
  /** Calls in the model's order. */
  calls: ToolCall[];
  /** What tools see as `runtime.state`. */
  state: unknown;
  /** The node was given a bare message list, so it answers with one. */
  inputIsMessageList: boolean;
}

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
 * Reads the batch exactly as LangGraph's `ToolNode` does: a `Send` packet carrying one
 * `lg_tool_call`, or the unanswered calls of the last `AIMessage` in a message list or a
 * `{ messages }` state.
 */
export function readToolBatch(input: unknown): ToolBatch {
  if (typeof input === "object" && input !== null && "lg_tool_call" in input) {
    const { lg_tool_call: call, ...state } = input as { lg_tool_call: ToolCall } & Record<string, unknown>;
    return { calls: [call], state, inputIsMessageList: false };
  }
  if (isMessageList(input)) return { calls: lastAIMessageCalls(input), state: input, inputIsMessageList: true };
  const messages = (input as { messages?: unknown } | null)?.messages;
  if (isMessageList(messages)) return { calls: lastAIMessageCalls(messages), state: input, inputIsMessageList: false };
  throw new Error("ToolNode only accepts BaseMessage[] or { messages: BaseMessage[] } as input.");
}
