import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { ScriptedChatModel, type Script } from "../../examples/support/scripted-chat-model.js";
import { ApprovalToolNode, type ApprovalNodeTool, type ApprovalToolNodeOptions } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import type { PlannedCall } from "../support/fixtures.js";
import type { Adapter, AgentGraph } from "./harness.js";

/**
 * A model that answers the i-th person's message with the calls of `turns[i]` (ids made unique
 * per turn unless given), and says "done" once the calls have their results: each `invoke` with
 * a new message is a new batch of the same thread.
 */
export function turnPerMessage(turns: PlannedCall[][]): Script {
  return (messages: BaseMessage[]) => {
    const last = messages[messages.length - 1];
    if (last?.getType() !== "human") return new AIMessage("done");
    const turn = messages.filter((message) => message.getType() === "human").length - 1;
    const calls = turns[turn] ?? [];
    if (calls.length === 0) return new AIMessage("done");
    return new AIMessage({ content: "", tool_calls: calls.map((call, index) => ({ name: call.name, args: call.args, id: call.id ?? `turn${turn}_${index}`, type: "tool_call" as const })) });
  };
}

/**
 * An agent of either adapter whose model calls `turns[i]` after the i-th message.
 *
 * @example
 * ```ts
 * const { graph } = turnAgent(adapter, [deploy.tool], { interruptOn: { deploy: true }, grants: {} }, [[call], [call]], saver);
 * ```
 */
export function turnAgent(adapter: Adapter, tools: ApprovalNodeTool[], options: ApprovalToolNodeOptions, turns: PlannedCall[][], checkpointer: BaseCheckpointSaver): { graph: AgentGraph; model: ScriptedChatModel } {
  const script = turnPerMessage(turns);
  if (adapter.kind === "node") {
    const { graph, model } = scriptedAgent(new ApprovalToolNode(tools, options), script, checkpointer);
    return { graph: graph as unknown as AgentGraph, model };
  }
  const model = new ScriptedChatModel(script);
  const agent = createAgent({ model, tools: tools as never, middleware: [approvalMiddleware(options)], checkpointer });
  return { graph: agent as unknown as AgentGraph, model };
}
