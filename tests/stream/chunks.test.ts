// The chunks startStream()/resumeStream() yield are the ones graph.stream yields for the same
// streamMode and subgraphs (interrupt entries only gain fields), whatever shape was asked for.
import { END, MemorySaver, MessagesAnnotation, START, StateGraph, type StreamMode } from "@langchain/langgraph";
import { ApprovalToolNode, getInterrupt, resumeStream, startStream, type StreamedInterrupt } from "../../src/index.js";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { agentGraph, ask, countingTool, newThread, toolCallingScript } from "../support/fixtures.js";
import { withoutIds } from "../support/stream-fixtures.js";

async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const chunks: unknown[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** An agent that calls an allowed tool, then answers: a run with no pause. */
function allowedAgent() {
  const read = countingTool("read_file");
  return agentGraph(new ApprovalToolNode([read.tool]), [{ name: "read_file", args: { path: "a" } }], new MemorySaver()).graph;
}

/** The same agent as a subgraph of a parent graph. */
function parentOfAgent(interruptOn: Record<string, boolean> = {}) {
  const read = countingTool("read_file");
  const inner = scriptedAgent(new ApprovalToolNode([read.tool], { interruptOn }), toolCallingScript([{ name: "read_file", args: { path: "a" } }]), false).graph;
  return new StateGraph(MessagesAnnotation).addNode("team", inner).addEdge(START, "team").addEdge("team", END).compile({ checkpointer: new MemorySaver() });
}

const SHAPES: Array<[string, { streamMode?: StreamMode | StreamMode[]; subgraphs?: boolean }]> = [
  ["the graph's default mode", {}],
  ["one mode", { streamMode: "values" }],
  ["an array of modes", { streamMode: ["updates", "values"] }],
  ["messages and custom", { streamMode: ["messages", "custom", "updates"] }],
  ["one mode with subgraphs", { streamMode: "updates", subgraphs: true }],
  ["modes with subgraphs", { streamMode: ["updates", "values"], subgraphs: true }],
];

describe("the chunks of a streamed run", () => {
  test.each(SHAPES)("%s: exactly graph.stream's chunks, in its order", async (_label, options) => {
    for (const graph of [allowedAgent(), parentOfAgent()]) {
      const ours = newThread("ours");
      const theirs = newThread("theirs");
      const streamed = await collect(await startStream(graph, ask(), ours, options));
      const reference = await collect(await graph.stream(ask(), { ...theirs, ...options }));
      expect(streamed.length).toBeGreaterThan(0);
      expect(withoutIds(streamed, [ours.configurable.thread_id])).toEqual(withoutIds(reference, [theirs.configurable.thread_id]));
    }
  });

  test("a pause in a subgraph: the namespaced and the root __interrupt__ entries are LangGraph's, plus interruptId, threadId and digests", async () => {
    const graph = parentOfAgent({ read_file: true });
    const ours = newThread("ours-sub");
    const theirs = newThread("theirs-sub");
    const streamed = (await collect(await startStream(graph, ask(), ours, { streamMode: "updates", subgraphs: true }))) as Array<[string[], Record<string, unknown>]>;
    const reference = (await collect(await graph.stream(ask(), { ...theirs, streamMode: "updates", subgraphs: true }))) as Array<[string[], Record<string, unknown>]>;
    const strip = (chunks: Array<[string[], Record<string, unknown>]>) =>
      chunks.map(([namespace, payload]) => {
        const raised = payload["__interrupt__"] as Array<StreamedInterrupt & { value: { action_requests?: Array<{ digest?: string }> } }> | undefined;
        if (raised === undefined) return [namespace, payload];
        const plain = raised.map(({ interruptId: _id, threadId: _thread, ...entry }) => ({ ...entry, value: { ...entry.value, action_requests: entry.value.action_requests?.map(({ digest: _digest, ...request }) => request) } }));
        return [namespace, { ...payload, __interrupt__: plain }];
      });
    const interrupts = streamed.filter(([, payload]) => "__interrupt__" in payload);
    expect(interrupts.map(([namespace]) => namespace.length)).toEqual([1, 0]);
    const pending = (await getInterrupt(graph, ours))!;
    for (const [, payload] of interrupts) expect(payload["__interrupt__"]).toEqual([expect.objectContaining({ id: pending.interruptId, interruptId: pending.interruptId, threadId: ours.configurable.thread_id, value: pending.payload })]);
    expect(withoutIds(strip(streamed), [ours.configurable.thread_id])).toEqual(withoutIds(reference, [theirs.configurable.thread_id]));
  });

  test("a resumed subgraph streams with its namespace; the outcome reads the root graph's values", async () => {
    const graph = parentOfAgent({ read_file: true });
    const config = newThread("sub-resume");
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt(graph, config))!;
    const run = await resumeStream(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, streamMode: "updates", subgraphs: true });
    const chunks = (await collect(run)) as Array<[string[], Record<string, unknown>]>;
    expect(chunks.some(([namespace, payload]) => namespace.length === 1 && "tools" in payload)).toBe(true);
    expect(chunks.at(-1)?.[0]).toEqual([]);
    const outcome = await run.outcome;
    expect(outcome.status).toBe("applied");
    expect(outcome.values).toEqual((await graph.getState(config)).values);
  });
});
