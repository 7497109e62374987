// Contract test for src/langgraph/graph-nodes.ts: where a compiled graph, and a createAgent agent,
// keep what each of their nodes runs.
import { tool } from "@langchain/core/tools";
import { fakeModel } from "@langchain/core/testing";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { z } from "zod";
import { nodeRunnables } from "../../src/langgraph/index.js";

const search = tool(async () => "found", { name: "search", description: "search", schema: z.object({ query: z.string() }) });

describe("a graph's nodes, as src/langgraph/graph-nodes.ts reads them", () => {
  test("a compiled graph's nodes run the very runnables they were added with", () => {
    const tools = new ToolNode([search]);
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("agent", () => ({}))
      .addNode("tools", tools)
      .addEdge(START, "agent")
      .addEdge("agent", "tools")
      .addEdge("tools", END)
      .compile({ checkpointer: new MemorySaver() });
    expect(nodeRunnables(graph)).toContain(tools);
  });

  test("a createAgent agent's tools node, reached through its compiled graph, lists the agent's tools", () => {
    const agent = createAgent({ model: fakeModel(), tools: [search], checkpointer: new MemorySaver() });
    const toolNodes = nodeRunnables(agent).filter((runnable) => Array.isArray((runnable as { tools?: unknown } | undefined)?.tools));
    expect(toolNodes).toHaveLength(1);
    expect((toolNodes[0] as { tools: unknown[] }).tools).toContain(search);
  });

  test("anything else has no nodes", () => {
    expect(nodeRunnables(undefined)).toEqual([]);
    expect(nodeRunnables({ invoke: () => undefined })).toEqual([]);
  });
});
