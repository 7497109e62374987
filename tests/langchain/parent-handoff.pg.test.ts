// The multi-agent handoff with createAgent: an agent built by createAgent + approvalMiddleware,
// placed as a node of a parent graph, whose reviewed tool answers
// `Command({ graph: Command.PARENT, goto, update })`. Approved, the parent goes where the tool said,
// once, and the handoff's message carries the audit record.
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { z } from "zod";
import { getInterrupt, resume } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { newThread, ScriptedChatModel, toolCallingScript } from "../support/fixtures.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const pg = usePostgresCheckpointer();

function supportDesk(checkpointer: BaseCheckpointSaver) {
  const counts = { handoffs: 0, billing: 0 };
  const handoff = tool(
    async ({ to }: { to: string }, config) => {
      counts.handoffs += 1;
      const toolCallId = (config as { toolCall?: { id?: string } }).toolCall?.id ?? "";
      return new Command({ graph: Command.PARENT, goto: to, update: { messages: [new ToolMessage({ content: `handed to ${to}`, tool_call_id: toolCallId, name: "handoff" })] } });
    },
    { name: "handoff", description: "Hands the conversation to another agent", schema: z.object({ to: z.string() }) },
  );
  const model = new ScriptedChatModel(toolCallingScript([{ name: "handoff", args: { to: "billing" }, id: "h1" }]));
  const agent = createAgent({ model, tools: [handoff], middleware: [approvalMiddleware({ interruptOn: { handoff: true } })] });
  const graph = new StateGraph(MessagesAnnotation)
    // createAgent's compiled graph is the subgraph; `ends` lets its tools hand off to `billing`.
    .addNode("agent", agent.graph as never, { ends: ["billing"] })
    .addNode("billing", async () => {
      counts.billing += 1;
      return { messages: [new AIMessage("billing here")] };
    })
    .addEdge(START, "agent")
    .addEdge("billing", END)
    .compile({ checkpointer });
  return { graph, counts };
}

describe.each([
  ["in memory", () => new MemorySaver()],
  ["on Postgres", () => pg.saver],
] as Array<[string, () => BaseCheckpointSaver]>)("a createAgent agent's reviewed handoff to its parent graph, %s", (_, saver) => {
  test("approved: the tool runs once, the parent goes to the agent it named once, and the handoff's message records who approved it", async () => {
    const { graph, counts } = supportDesk(saver());
    const config = newThread("agent-handoff");
    await graph.invoke({ messages: [new HumanMessage("I have a billing question")] }, config);
    expect(counts.handoffs).toBe(0);
    const pending = (await getInterrupt(graph, config))!;
    expect((await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId })).status).toBe("applied");
    expect(counts).toEqual({ handoffs: 1, billing: 1 });
    const messages = ((await graph.getState(config)).values as { messages: BaseMessage[] }).messages;
    expect(messages.map((message) => [message.getType(), message.content])).toEqual([
      ["human", "I have a billing question"],
      ["tool", "handed to billing"],
      ["ai", "billing here"],
    ]);
    expect(messages[1]?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve", interruptId: pending.interruptId });
  });
});
