import { END, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { toolsCondition, type ToolNode } from "@langchain/langgraph/prebuilt";
import { ScriptedChatModel, type Script } from "./scripted-chat-model.js";

/**
 * The classic agent loop — model → tools → model until the model stops calling tools — with a
 * scripted model and the given tool node (an `ApprovalToolNode`, or a plain `ToolNode`).
 *
 * @param toolNode - The node that runs the tools.
 * @param script - How the model answers.
 * @param checkpointer - The checkpointer, or `false` to compile without one.
 * @returns The compiled graph and the model (to count its calls).
 * @example
 * ```ts
 * const { graph } = scriptedAgent(new ApprovalToolNode(tools, { interruptOn: { deploy: true } }), toolCallingScript(calls), new MemorySaver());
 * ```
 */
export function scriptedAgent(toolNode: ToolNode, script: Script, checkpointer: BaseCheckpointSaver | false) {
  const model = new ScriptedChatModel(script);
  const builder = new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", toolNode)
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent");
  return { graph: checkpointer === false ? builder.compile() : builder.compile({ checkpointer }), model };
}
