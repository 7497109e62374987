import type { BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { unansweredCalls } from "../langgraph/index.js";

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
  return unansweredCalls(messages ?? []) ?? [];
}
