// Contract tests for src/langgraph/strict-resume.ts: LangGraph honours the config key, and its
// refusal is an UnknownInterruptError raised before anything is written.
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph, interrupt } from "@langchain/langgraph";
import { unknownInterruptOf, withStrictResume } from "../../src/langgraph/index.js";

function asking() {
  let runs = 0;
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("ask", () => {
      runs += 1;
      interrupt({ question: "ok?" });
      return {};
    })
    .addEdge(START, "ask")
    .addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  return { graph, runs: () => runs };
}

async function checkpoints(graph: ReturnType<typeof asking>["graph"], config: object): Promise<number> {
  let count = 0;
  for await (const _state of graph.getStateHistory(config)) count += 1;
  return count;
}

describe("LangGraph's strict resume", () => {
  test("with withStrictResume, a resume naming an interrupt that is not pending is refused with not_pending before anything runs or is written", async () => {
    const { graph, runs } = asking();
    const config = { configurable: { thread_id: "strict-1" } };
    await graph.invoke({ messages: [] }, config);
    const stale = "0".repeat(32);
    const before = await checkpoints(graph, config);
    const error = await graph.invoke(new Command({ resume: { [stale]: "yes" } }), withStrictResume(config)).catch((e: unknown) => e);
    expect(unknownInterruptOf(error)).toEqual({ reason: "not_pending", interruptIds: [stale], pendingIds: [expect.stringMatching(/^[0-9a-f]{32}$/)] });
    expect(runs()).toBe(1);
    expect(await checkpoints(graph, config)).toBe(before);
    expect((await graph.getState(config)).tasks[0]?.interrupts).toHaveLength(1);
  });

  test("without it, the same resume is not refused", async () => {
    const { graph } = asking();
    const config = { configurable: { thread_id: "strict-2" } };
    await graph.invoke({ messages: [] }, config);
    await expect(graph.invoke(new Command({ resume: { ["0".repeat(32)]: "yes" } }), config)).resolves.toBeDefined();
  });

  test("unknownInterruptOf is undefined for any other error", () => {
    expect(unknownInterruptOf(new Error("not_pending"))).toBeUndefined();
  });
});
