import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { Command, END, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { z } from "zod";

/** What the handoff fixtures count: the handoff tool's runs and the `billing` agent's turns. */
export interface HandoffCounts {
  handoffs: number;
  billing: number;
}

/**
 * The multi-agent handoff tool: answers `Command({ graph: Command.PARENT, goto: to, update })`,
 * its update carrying the call's `ToolMessage`.
 */
export function handoffTool(counts: HandoffCounts): StructuredToolInterface {
  return tool(
    async ({ to }: { to: string }, config) => {
      counts.handoffs += 1;
      const toolCallId = (config as { toolCall?: { id?: string } }).toolCall?.id ?? "";
      return new Command({ graph: Command.PARENT, goto: to, update: { messages: [new ToolMessage({ content: `handed to ${to}`, tool_call_id: toolCallId, name: "handoff" })] } });
    },
    { name: "handoff", description: "Hands the conversation to another agent", schema: z.object({ to: z.string() }) },
  ) as unknown as StructuredToolInterface;
}

/** A parent graph: `agent` (the given compiled subgraph, whose tools may hand off) and `billing`, which answers once per turn. */
export function withBillingDesk(agent: unknown, counts: HandoffCounts, checkpointer: BaseCheckpointSaver) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", agent as never, { ends: ["billing"] })
    .addNode("billing", async () => {
      counts.billing += 1;
      return { messages: [new AIMessage("billing here")] };
    })
    .addEdge(START, "agent")
    .addEdge("billing", END)
    .compile({ checkpointer });
}
