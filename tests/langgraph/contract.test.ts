// Contract tests for everything src/langgraph assumes about LangGraph's internals. If a LangGraph
// release changes one of these, this file fails first and names the assumption that broke.
import { AIMessage } from "@langchain/core/messages";
import { Command, END, interrupt, MemorySaver, MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { isResultChannel, readTaskContext, summarizePendingWrites, type PendingWrite, type TaskContext } from "../../src/langgraph/index.js";

function pausingGraph(seen: TaskContext[], checkpointer = new MemorySaver()) {
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("ask", (_state, config: LangGraphRunnableConfig) => {
      seen.push(readTaskContext(config));
      const answer = interrupt({ question: "go?" }) as { ok: boolean };
      return { messages: [new AIMessage(answer.ok ? "yes" : "no")] };
    })
    .addEdge(START, "ask")
    .addEdge("ask", END)
    .compile({ checkpointer });
  return { graph, checkpointer };
}

describe("LangGraph's internals, as src/langgraph reads them", () => {
  test("a running task's config names the checkpointer, the task, its namespace and the checkpoint it runs from", async () => {
    const seen: TaskContext[] = [];
    const { graph, checkpointer } = pausingGraph(seen);
    const config = { configurable: { thread_id: "contract-1" } };
    await graph.invoke({ messages: [] }, config);
    const state = await graph.getState(config);
    const [task] = state.tasks;
    const [context] = seen;
    expect(context?.checkpointer).toBe(checkpointer);
    expect(context?.threadId).toBe("contract-1");
    expect(context?.taskId).toBe(task?.id);
    expect(context?.rootTaskId).toBe(task?.id);
    expect(context?.namespace).toBe(`ask:${task?.id}`);
    expect(context?.parentNamespace).toBe("");
    expect(context?.checkpointId).toBe(state.config.configurable?.["checkpoint_id"]);
  });

  test("the task sees the same checkpoint and task id again when it is resumed", async () => {
    const seen: TaskContext[] = [];
    const { graph } = pausingGraph(seen);
    const config = { configurable: { thread_id: "contract-2" } };
    await graph.invoke({ messages: [] }, config);
    const [pending] = (await graph.getState(config)).tasks[0]?.interrupts ?? [];
    await graph.invoke(new Command({ resume: { [pending!.id!]: { ok: true } } }), config);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.checkpointId).toBe(seen[0]?.checkpointId);
    expect(seen[1]?.taskId).toBe(seen[0]?.taskId);
  });

  test("a task knows whether its pass has answers to hand out: not on its first pass, yes when resumed by id or by a bare value", async () => {
    const seen: TaskContext[] = [];
    const { graph } = pausingGraph(seen);
    const byId = { configurable: { thread_id: "contract-resuming-1" } };
    await graph.invoke({ messages: [] }, byId);
    const [pending] = (await graph.getState(byId)).tasks[0]?.interrupts ?? [];
    await graph.invoke(new Command({ resume: { [pending!.id!]: { ok: true } } }), byId);
    const bare = { configurable: { thread_id: "contract-resuming-2" } };
    await graph.invoke({ messages: [] }, bare);
    await graph.invoke(new Command({ resume: { ok: true } }), bare);
    expect(seen.map((context) => context.resuming)).toEqual([false, true, false, true]);
  });

  test("in a subgraph, the root task id is the id of the parent graph's task", async () => {
    const seen: TaskContext[] = [];
    const inner = new StateGraph(MessagesAnnotation)
      .addNode("ask", (_state, config: LangGraphRunnableConfig) => {
        seen.push(readTaskContext(config));
        interrupt({ question: "go?" });
        return {};
      })
      .addEdge(START, "ask")
      .compile();
    const outer = new StateGraph(MessagesAnnotation).addNode("inner", inner).addEdge(START, "inner").compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "contract-3" } };
    await outer.invoke({ messages: [] }, config);
    const [parentTask] = (await outer.getState(config)).tasks;
    expect(seen[0]?.rootTaskId).toBe(parentTask?.id);
    expect(seen[0]?.parentNamespace).toBe(`inner:${parentTask?.id}`);
    expect(seen[0]?.taskId).not.toBe(parentTask?.id);
  });

  test("a paused task's interrupt write is [{ id, value }] under its task id, as getState() reports it", async () => {
    const { graph, checkpointer } = pausingGraph([]);
    const config = { configurable: { thread_id: "contract-4" } };
    await graph.invoke({ messages: [] }, config);
    const tuple = await checkpointer.getTuple(config);
    const { pending } = summarizePendingWrites((tuple?.pendingWrites ?? []) as PendingWrite[]);
    const [task] = (await graph.getState(config)).tasks;
    expect(pending).toEqual([{ id: task?.interrupts[0]?.id, value: { question: "go?" }, taskId: task?.id }]);
  });

  test("a resume addressed by id is recorded under that id, and the task's next interrupt is the pending one", async () => {
    let asked = 0;
    const checkpointer = new MemorySaver();
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("ask", () => {
        asked += 1;
        interrupt({ first: true });
        interrupt({ second: true });
        return {};
      })
      .addEdge(START, "ask")
      .compile({ checkpointer });
    const config = { configurable: { thread_id: "contract-5" } };
    await graph.invoke({ messages: [] }, config);
    const firstId = (await graph.getState(config)).tasks[0]?.interrupts[0]?.id as string;
    await graph.invoke(new Command({ resume: { [firstId]: { answer: 1 } } }), config);
    const tuple = await checkpointer.getTuple(config);
    const { answered, pending } = summarizePendingWrites((tuple?.pendingWrites ?? []) as PendingWrite[]);
    expect([...answered.keys()]).toEqual([firstId]);
    expect(pending.map((entry) => entry.value)).toEqual([{ second: true }]);
    expect(asked).toBe(2);
  });

  test("only result writes mean a task finished", () => {
    expect(["__interrupt__", "__resume__", "__error__", "__scheduled__"].map(isResultChannel)).toEqual([false, false, false, false]);
    expect(isResultChannel("messages")).toBe(true);
  });
});
