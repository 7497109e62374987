import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";

/**
 * The calls of the last model turn that no `ToolMessage` answers yet, in the model's order:
 * what the agent's tools node runs when the turn is sent to it whole.
 *
 * @example
 * ```ts
 * pendingToolCalls(state.messages).map((call) => call.id); // ["call_1", "call_2"]
 * ```
 */
export function pendingToolCalls(messages: readonly BaseMessage[] | undefined): ToolCall[] {
  const list = messages ?? [];
  const last = [...list].reverse().find((message) => AIMessage.isInstance(message));
  if (last === undefined || !AIMessage.isInstance(last)) return [];
  const answered = new Set(list.filter((message) => ToolMessage.isInstance(message)).map((message) => (message as ToolMessage).tool_call_id));
  return (last.tool_calls ?? []).filter((call) => call.id == null || !answered.has(call.id));
}
