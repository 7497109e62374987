import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { ApprovalToolNode, createAskUserQuestionTool, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

const KEY = "a-shared-secret-of-32-characters";

/** The model deploys `app`, then `web` (a second batch), then stops. */
function twoBatches(messages: BaseMessage[]): AIMessage {
  const turn = messages.filter((message) => message.getType() === "ai").length;
  const path = ["app", "web"][turn];
  if (path === undefined) return new AIMessage("done");
  return new AIMessage({ content: "", tool_calls: [{ name: "deploy", args: { path }, id: `d${turn + 1}`, type: "tool_call" }] });
}

function parentWithAgentSubgraph(signingKey: string | false = KEY, checkpointer = new MemorySaver()) {
  const deploy = countingTool("deploy");
  const inner = scriptedAgent(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true }, ...(signingKey === false ? {} : { signingKey }) }), twoBatches, false).graph;
  const graph = new StateGraph(MessagesAnnotation).addNode("team", inner).addEdge(START, "team").addEdge("team", END).compile({ checkpointer });
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

  test("a question in a subgraph: resume() with another key is told INVALID_SIGNATURE, the question waits under its id, and after a redeploy without the key the person's answer is the one the model gets", async () => {
    const checkpointer = new MemorySaver();
    const asking = (messages: BaseMessage[]) =>
      messages.some((message) => message.getType() === "ai")
        ? new AIMessage("done")
        : new AIMessage({ content: "", tool_calls: [{ name: "ask_user_question", args: { question: "Which environment?" }, id: "q1", type: "tool_call" }] });
    const release = (signingKey?: string) => {
      const inner = scriptedAgent(new ApprovalToolNode([createAskUserQuestionTool()], signingKey === undefined ? {} : { signingKey }), asking, false).graph;
      return new StateGraph(MessagesAnnotation).addNode("team", inner).addEdge(START, "team").addEdge("team", END).compile({ checkpointer });
    };
    const signed = release(KEY);
    const config = newThread("sub-question");
    await signed.invoke(ask(), config);
    const first = (await getInterrupt(signed, config))!;
    const refused = await resume(signed, config, { answer: "staging" }, { interruptId: first.interruptId, signingKey: "another-secret-of-32-characters!" }).catch((e: unknown) => e);
    expect(isHITLError(refused, "INVALID_SIGNATURE")).toBe(true);
    const shown = (await getInterrupt(signed, config))!;
    expect([shown.interruptId, (shown.payload as { error?: { code: string } }).error?.code]).toEqual([first.interruptId, "INVALID_SIGNATURE"]);
    const unsigned = release();
    const result = await resume(unsigned, config, { answer: "production" }, { interruptId: shown.interruptId });
    expect(result.status).toBe("answered");
    expect(toolMessages((await unsigned.getState(config)).values).map((message) => message.content)).toEqual(["production"]);
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

  test("a value the subgraph's node refused is never judged again: after a redeploy without the key, the reviewer's next decision applies", async () => {
    const checkpointer = new MemorySaver();
    const before = parentWithAgentSubgraph(KEY, checkpointer);
    const config = newThread("sub-refused");
    await before.graph.invoke(ask(), config);
    const first = (await getInterrupt(before.graph, config))!;
    const refused = await resume(before.graph, config, [{ type: "approve" }], { interruptId: first.interruptId, signingKey: "another-secret-of-32-characters!" }).catch((e: unknown) => e);
    expect(isHITLError(refused, "INVALID_SIGNATURE")).toBe(true);
    const after = parentWithAgentSubgraph(false, checkpointer);
    const shown = (await getInterrupt(after.graph, config))!;
    const result = await resume(after.graph, config, [{ type: "reject", reason: "not today" }], { interruptId: shown.interruptId });
    expect(result.status).toBe("applied");
    expect(result.judgment).toMatchObject({ own: true, interruptId: shown.interruptId });
    // The agent went on to its second batch, with the first one's call rejected.
    expect(result.interrupt?.payload).toMatchObject({ action_requests: [{ tool_call_id: "d2" }] });
    const [team] = (await after.graph.getState(config, { subgraphs: true })).tasks;
    const inner = (team?.state as { values: { messages: BaseMessage[] } }).values;
    expect(toolMessages(inner).map((message) => message.additional_kwargs["hitl"])).toEqual([expect.objectContaining({ decision: "reject", reason: "not today" })]);
    expect([before.deploy.runs, after.deploy.runs]).toEqual([[], []]);
  });
});
