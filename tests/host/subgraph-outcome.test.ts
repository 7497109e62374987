import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { ApprovalToolNode, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { ask, countingTool, newThread } from "../support/fixtures.js";

const KEY = "a-shared-secret-of-32-characters";

/** The model deploys `app`, then `web` (a second batch), then stops. */
function twoBatches(messages: BaseMessage[]): AIMessage {
  const turn = messages.filter((message) => message.getType() === "ai").length;
  const path = ["app", "web"][turn];
  if (path === undefined) return new AIMessage("done");
  return new AIMessage({ content: "", tool_calls: [{ name: "deploy", args: { path }, id: `d${turn + 1}`, type: "tool_call" }] });
}

function parentWithAgentSubgraph() {
  const deploy = countingTool("deploy");
  const inner = scriptedAgent(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true }, signingKey: KEY }), twoBatches, false).graph;
  const graph = new StateGraph(MessagesAnnotation).addNode("team", inner).addEdge(START, "team").addEdge("team", END).compile({ checkpointer: new MemorySaver() });
  return { graph, deploy };
}

describe("a subgraph with several reviewed batches", () => {
  test("a refusal by the node on the second batch is reported as the node's refusal (INVALID_SIGNATURE), not as already resolved", async () => {
    const { graph, deploy } = parentWithAgentSubgraph();
    const config = newThread("sub");
    await graph.invoke(ask(), config);
    const first = (await getInterrupt(graph, config))!;
    const afterFirst = await resume(graph, config, [{ type: "approve" }], { interruptId: first.interruptId, signingKey: KEY });
    expect(afterFirst.status).toBe("applied");
    const second = afterFirst.interrupt!;
    expect(second.payload).toMatchObject({ action_requests: [{ tool_call_id: "d2" }] });
    const refused = await resume(graph, config, [{ type: "approve" }], { interruptId: second.interruptId, signingKey: "another-secret-of-32-characters!" }).catch((e: unknown) => e);
    expect(isHITLError(refused, "INVALID_SIGNATURE")).toBe(true);
    expect(deploy.runs).toEqual([{ path: "app" }]);
    // The run stays resumable: the right key applies the second batch.
    const again = (await getInterrupt(graph, config))!;
    const done = await resume(graph, config, [{ type: "approve" }], { interruptId: again.interruptId, signingKey: KEY });
    expect(done.status).toBe("applied");
    expect(deploy.runs).toEqual([{ path: "app" }, { path: "web" }]);
  });

  test("resume() of a subgraph's approval reports \"applied\" from the claim the subgraph's node committed", async () => {
    const { graph } = parentWithAgentSubgraph();
    const config = newThread("sub-applied");
    await graph.invoke(ask(), config);
    const first = (await getInterrupt(graph, config))!;
    const result = await resume(graph, config, [{ type: "reject" }], { interruptId: first.interruptId, signingKey: KEY, reviewer: { id: "ada" } });
    expect(result.status).toBe("applied");
    expect(result.judgment).toMatchObject({ own: true, interruptId: first.interruptId, reviewer: { id: "ada" }, reviewerVerified: true });
  });
});
