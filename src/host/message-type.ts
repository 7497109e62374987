import type { BaseMessage } from "@langchain/core/messages";

/**
 * A message's type (`"tool"`, `"ai"`, …): a compiled graph's state holds message instances, a
 * `RemoteGraph`'s the plain JSON the Agent Server sends (`type`).
 *
 * @param message - A message instance, or a message as JSON.
 * @returns Its type, or `undefined` when it has none.
 * @example
 * ```ts
 * messageTypeOf(new ToolMessage({ content: "ok", tool_call_id: "c1" })); // "tool"
 * messageTypeOf({ type: "tool", content: "ok", tool_call_id: "c1" }); // "tool"
 * ```
 */
export function messageTypeOf(message: BaseMessage | { type?: unknown }): string | undefined {
  if (typeof (message as Partial<BaseMessage>).getType === "function") return (message as BaseMessage).getType();
  const { type } = message as { type?: unknown };
  return typeof type === "string" ? type : undefined;
}
