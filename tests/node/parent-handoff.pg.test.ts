// A reviewed handoff: an agent built as a subgraph whose ApprovalToolNode gates a tool that answers
// `Command({ graph: Command.PARENT, goto, update })`, the multi-agent handoff pattern. Approved, the
// parent graph goes where the tool said, once; when the batch is completed by a later resume (a
// sibling threw), the handoff's committed result is replayed — still addressed to the parent.
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { newThread, ScriptedChatModel, toolCallingScript, type PlannedCall } from "../support/fixtures.js";
import { handoffTool, withBillingDesk } from "../support/handoff.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const pg = usePostgresCheckpointer();

/** A parent graph: `agent` (a subgraph: model → reviewed tools) that may hand off to `billing`. */
function handoffGraph(checkpointer: BaseCheckpointSaver, options: { shipFailsOnce: boolean }) {
  const counts = { handoffs: 0, shipAttempts: 0, billing: 0 };
  const handoff = handoffTool(counts);
  const ship = tool(
    async () => {
      counts.shipAttempts += 1;
      if (options.shipFailsOnce && counts.shipAttempts === 1) throw new Error("carrier down");
      return "shipped";
    },
    { name: "ship", description: "Ships a parcel", schema: z.object({ to: z.string() }) },
  );
  const calls: PlannedCall[] = [{ name: "handoff", args: { to: "billing" }, id: "h1" }];
  if (options.shipFailsOnce) calls.push({ name: "ship", args: { to: "home" }, id: "s1" });
  const model = new ScriptedChatModel(toolCallingScript(calls));
  const agent = new StateGraph(MessagesAnnotation)
    .addNode("model", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ApprovalToolNode([handoff, ship], { interruptOn: { handoff: true, ship: true }, handleToolErrors: !options.shipFailsOnce }))
    .addEdge(START, "model")
    .addConditionalEdges("model", toolsCondition, ["tools", END])
    .addEdge("tools", "model")
    .compile();
  const graph = withBillingDesk(agent, counts, checkpointer);
  return { graph, counts };
}

function transcript(values: { messages?: BaseMessage[] }): Array<[string, unknown]> {
  return (values.messages ?? []).map((message) => [message.getType(), message.content]);
}

const SAVERS: Array<[string, () => BaseCheckpointSaver]> = [
  ["in memory", () => new MemorySaver()],
  ["on Postgres", () => pg.saver],
];

describe.each(SAVERS)("a reviewed handoff to the parent graph, %s", (_, saver) => {
  test("approved: the tool runs once and the parent goes to the agent it named, once", async () => {
    const { graph, counts } = handoffGraph(saver(), { shipFailsOnce: false });
    const config = newThread("handoff");
    await graph.invoke({ messages: [new HumanMessage("I have a billing question")] }, config);
    expect(counts.handoffs).toBe(0);
    const pending = (await getInterrupt(graph, config))!;
    expect((await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId })).status).toBe("applied");
    expect(counts).toMatchObject({ handoffs: 1, billing: 1 });
    expect(transcript((await graph.getState(config)).values)).toEqual([
      ["human", "I have a billing question"],
      ["tool", "handed to billing"],
      ["ai", "billing here"],
    ]);
  });

  test("completed after a sibling threw: the committed handoff is replayed to the parent, and neither it nor the agent it named runs twice", async () => {
    const { graph, counts } = handoffGraph(saver(), { shipFailsOnce: true });
    const config = newThread("handoff-sibling");
    await graph.invoke({ messages: [new HumanMessage("I have a billing question")] }, config);
    const pending = (await getInterrupt(graph, config))!;
    await expect(resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: pending.interruptId })).rejects.toThrow("carrier down");
    expect(counts).toMatchObject({ handoffs: 1, shipAttempts: 1, billing: 0 });
    const again = (await getInterrupt(graph, config))!;
    expect((await resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: again.interruptId })).status).toBe("superseded");
    expect(counts).toEqual({ handoffs: 1, shipAttempts: 2, billing: 1 });
    expect(transcript((await graph.getState(config)).values)).toEqual([
      ["human", "I have a billing question"],
      ["tool", "handed to billing"],
      ["ai", "billing here"],
    ]);
  });
});
