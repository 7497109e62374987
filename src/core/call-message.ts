import { ToolMessage } from "@langchain/core/messages";
import { Command, isCommand } from "@langchain/langgraph";

/**
 * A tool answers with a `ToolMessage`, or with a `Command` whose update carries its call's
 * `ToolMessage` among `messages` (a tool that updates more state, a handoff to another agent).
 * The audit record, a reviewer's edit notice and what the observers say belong on that message
 * either way: these two functions find it and put a changed copy back, never touching the original.
 */
type CallOutput = ToolMessage | Command;

/** The `messages` an update writes, as LangGraph reads an update: an object's key, or `["messages", …]` tuples. */
function updateMessages(update: unknown): unknown[] {
  if (Array.isArray(update)) return update.flatMap((entry) => (Array.isArray(entry) && entry[0] === "messages" ? [entry[1]].flat() : []));
  if (typeof update !== "object" || update === null) return [];
  return [(update as { messages?: unknown }).messages ?? []].flat();
}

function isCallMessage(value: unknown, toolCallId: string): value is ToolMessage {
  return ToolMessage.isInstance(value) && value.tool_call_id === toolCallId;
}

/**
 * The `ToolMessage` that answers the call: the output itself, or the first message of a
 * `Command`'s update with the call's `tool_call_id`; `undefined` when the Command carries none.
 *
 * @param output - What the tool produced.
 * @param toolCallId - The call's id (`""` for a call without one).
 * @returns The call's message, or `undefined`.
 * @example
 * ```ts
 * callMessage(new Command({ update: { messages: [new ToolMessage({ content: "ok", tool_call_id: "c1" })] } }), "c1")?.content; // "ok"
 * ```
 */
export function callMessage(output: CallOutput, toolCallId: string): ToolMessage | undefined {
  if (!isCommand(output)) return output;
  return updateMessages(output.update).find((message): message is ToolMessage => isCallMessage(message, toolCallId));
}

/** `messages` (one message or a list) with its first message for the call replaced. */
function replaceFirst(messages: unknown, toolCallId: string, replacement: ToolMessage): unknown {
  if (!Array.isArray(messages)) return isCallMessage(messages, toolCallId) ? replacement : messages;
  const at = messages.findIndex((message) => isCallMessage(message, toolCallId));
  return messages.map((message, index) => (index === at ? replacement : message));
}

function replacedUpdate(update: unknown, toolCallId: string, replacement: ToolMessage): unknown {
  if (!Array.isArray(update)) return { ...(update as object), messages: replaceFirst((update as { messages?: unknown }).messages, toolCallId, replacement) };
  const holdsCall = (entry: unknown): boolean => Array.isArray(entry) && entry[0] === "messages" && [entry[1]].flat().some((message) => isCallMessage(message, toolCallId));
  const at = update.findIndex(holdsCall);
  return update.map((entry, index) => (index === at ? ["messages", replaceFirst((entry as unknown[])[1], toolCallId, replacement)] : entry));
}

/**
 * `output` with the call's message replaced by `replacement`: `replacement` itself for a
 * `ToolMessage`; for a `Command`, a new `Command` addressed as the original (`graph`, `goto`,
 * `resume`) whose update holds `replacement` where the call's message was. A Command that
 * carries no message for the call is returned as it is.
 *
 * @param output - What the tool produced.
 * @param toolCallId - The call's id.
 * @param replacement - The call's message, changed.
 * @returns The output to hand on.
 * @example
 * ```ts
 * withCallMessage(command, "c1", withHitlRecord(callMessage(command, "c1")!, record));
 * ```
 */
export function withCallMessage(output: CallOutput, toolCallId: string, replacement: ToolMessage): CallOutput {
  if (!isCommand(output)) return replacement;
  const current = callMessage(output, toolCallId);
  if (current === undefined || current === replacement) return output;
  return new Command({
    update: replacedUpdate(output.update, toolCallId, replacement) as never,
    goto: output.goto as never,
    resume: output.resume,
    ...(output.graph === undefined ? {} : { graph: output.graph }),
  });
}
