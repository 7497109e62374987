import { AIMessage, isBaseMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";

// How LangGraph's prebuilt `ToolNode.run` (and the `ToolNode` of LangChain's `createAgent`, which
// copies it) finds the calls to hand `runTool`, with its own error messages: neither exposes it.
// tests/langgraph/tool-node.test.ts runs both against these functions.
/** The key of a `Send` packet that carries one tool call to a `ToolNode`. */
const SEND_CALL_KEY = "lg_tool_call";
const NOT_MESSAGES = "ToolNode only accepts BaseMessage[] or { messages: BaseMessage[] } as input.";
const NO_AI_MESSAGE = "ToolNode only accepts AIMessages as input.";

function isMessageList(input: unknown): input is BaseMessage[] {
  return Array.isArray(input) && input.every((item) => isBaseMessage(item));
}

/**
 * The calls of the last `AIMessage` that no `ToolMessage` answers yet, in the model's order —
 * what a `ToolNode` runs for this message list. A call without an id always counts as unanswered.
 *
 * @param messages - A conversation.
 * @returns The calls, or `undefined` when the list holds no `AIMessage`.
 * @example
 * ```ts
 * unansweredCalls(state.messages)?.map((call) => call.id); // ["call_1", "call_2"]
 * ```
 */
export function unansweredCalls(messages: readonly BaseMessage[]): ToolCall[] | undefined {
  const answered = new Set(messages.filter((message) => message.getType() === "tool").map((message) => (message as { tool_call_id?: string }).tool_call_id));
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (AIMessage.isInstance(message)) return (message.tool_calls ?? []).filter((call) => call.id == null || !answered.has(call.id));
  }
  return undefined;
}

/**
 * The calls `ToolNode.run` will hand `runTool` for this input, in the model's order: a `Send`
 * packet's one call, or the unanswered calls of the last `AIMessage` of a message list or of a
 * `{ messages }` state. The call objects are the very ones `runTool` receives.
 *
 * @param input - What the node was invoked with.
 * @returns The calls.
 * @throws Error with `ToolNode`'s own message for input `ToolNode` refuses.
 * @example
 * ```ts
 * toolNodeCalls({ messages: [new AIMessage({ content: "", tool_calls: [call] })] }); // [call]
 * ```
 */
export function toolNodeCalls(input: unknown): ToolCall[] {
  if (typeof input === "object" && input !== null && SEND_CALL_KEY in input) return [(input as Record<typeof SEND_CALL_KEY, ToolCall>)[SEND_CALL_KEY]];
  const messages = isMessageList(input) ? input : (input as { messages?: unknown } | null)?.messages;
  if (!isMessageList(messages)) throw new Error(NOT_MESSAGES);
  const calls = unansweredCalls(messages);
  if (calls === undefined) throw new Error(NO_AI_MESSAGE);
  return calls;
}
