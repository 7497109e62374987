// The multi-agent handoff with createAgent: an agent built by createAgent + approvalMiddleware,
// placed as a node of a parent graph, whose reviewed tool answers
// `Command({ graph: Command.PARENT, goto, update })`. Approved, the parent goes where the tool said,
// once, and the handoff's message carries the audit record.
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { getInterrupt, resume } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { newThread, ScriptedChatModel, toolCallingScript } from "../support/fixtures.js";
import { handoffTool, withBillingDesk } from "../support/handoff.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const pg = usePostgresCheckpointer();

function supportDesk(checkpointer: BaseCheckpointSaver) {
  const counts = { handoffs: 0, billing: 0 };
  const handoff = handoffTool(counts);
  const model = new ScriptedChatModel(toolCallingScript([{ name: "handoff", args: { to: "billing" }, id: "h1" }]));
  const agent = createAgent({ model, tools: [handoff], middleware: [approvalMiddleware({ interruptOn: { handoff: true } })] });
  // createAgent's compiled graph is the subgraph; `ends` lets its tools hand off to `billing`.
  const graph = withBillingDesk(agent.graph, counts, checkpointer);
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
