import { AIMessage, HumanMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import type { ToolNode } from "@langchain/langgraph/prebuilt";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { z } from "zod";
import { ScriptedChatModel, toolCallingScript, type PlannedCall } from "../../examples/support/scripted-chat-model.js";

export { ScriptedChatModel, toolCallingScript };
export type { PlannedCall };

/** A tool that counts its executions and records the arguments it ran with. */
export interface CountingTool {
  tool: StructuredToolInterface;
  runs: Array<Record<string, unknown>>;
  readonly count: number;
}

export function countingTool(
  name: string,
  options: { schema?: z.ZodObject; fail?: boolean; result?: (args: Record<string, unknown>) => string } = {},
): CountingTool {
  const runs: Array<Record<string, unknown>> = [];
  const schema = options.schema ?? z.object({ path: z.string() });
  const created = tool(
    async (args: Record<string, unknown>) => {
      runs.push(args);
      if (options.fail === true) throw new Error(`${name} exploded`);
      return options.result?.(args) ?? `${name} ran with ${JSON.stringify(args)}`;
    },
    { name, description: `The ${name} tool`, schema },
  ) as unknown as StructuredToolInterface;
  return {
    tool: created,
    runs,
    get count() {
      return runs.length;
    },
  };
}

/** A tool that throws on its first run and answers `result` after it; `attempts` counts its runs. */
export function failsOnceTool(name: string, result: string): { tool: StructuredToolInterface; readonly attempts: number } {
  let attempts = 0;
  const created = tool(
    async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("carrier down");
      return result;
    },
    { name, description: `The ${name} tool, failing once`, schema: z.object({ path: z.string() }) },
  ) as unknown as StructuredToolInterface;
  return {
    tool: created,
    get attempts() {
      return attempts;
    },
  };
}

let threadCounter = 0;
/** A fresh thread config per test. */
export function newThread(prefix = "t"): { configurable: { thread_id: string } } {
  threadCounter += 1;
  return { configurable: { thread_id: `${prefix}-${process.pid}-${threadCounter}-${Date.now()}` } };
}

/** An agent graph: model → tools (the node under test) → model, ending when the model stops calling tools. */
export function agentGraph(toolNode: ToolNode, calls: PlannedCall[], checkpointer: BaseCheckpointSaver | false = new MemorySaver()) {
  return scriptedAgent(toolNode, toolCallingScript(calls), checkpointer);
}

/** The person's opening message. */
export function ask(text = "please do it"): { messages: BaseMessage[] } {
  return { messages: [new HumanMessage(text)] };
}

/** The ToolMessages of a state, in order. */
export function toolMessages(values: { messages?: BaseMessage[] } | Record<string, unknown>): ToolMessage[] {
  const messages = (values as { messages?: BaseMessage[] }).messages ?? [];
  return messages.filter((message): message is ToolMessage => message.getType() === "tool");
}

/** An AIMessage with the given tool calls (for driving a node directly). */
export function aiCalls(calls: PlannedCall[]): AIMessage {
  return new AIMessage({
    content: "",
    tool_calls: calls.map((call, index) => ({ name: call.name, args: call.args, id: call.id ?? `call_${index + 1}`, type: "tool_call" as const })),
  });
}

/** The interrupts an `invoke` returned (LangGraph adds `__interrupt__` to the result when a run pauses). */
export function interruptsOf(result: unknown): Array<{ id?: string; value?: unknown }> {
  return ((result as { __interrupt__?: Array<{ id?: string; value?: unknown }> } | null)?.__interrupt__) ?? [];
}
