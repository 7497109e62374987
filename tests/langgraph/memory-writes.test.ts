// Contract test for src/langgraph/memory-writes.ts: one task's interrupt values read from a
// MemorySaver's stored writes are exactly what its getTuple gives for that task, wherever the
// task runs (root, subgraph, beside a sibling, after a second raise). `npm run test:latest` runs
// it on the newest @langchain/langgraph-checkpoint too.
import { isDeepStrictEqual } from "node:util";
import { Command, END, interrupt, MemorySaver, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { interruptsOfTask, memoryTaskInterrupts, readTaskContext, type PendingWrite, type StoredInterrupt, type TaskContext } from "../../src/langgraph/index.js";
import { createMemoryCheckpointer } from "../../src/index.js";

const SAVERS: ReadonlyArray<[string, () => BaseCheckpointSaver]> = [
  ["MemorySaver", () => new MemorySaver()],
  ["createMemoryCheckpointer", () => createMemoryCheckpointer()],
];

/** A request as rich as the ones the library raises: nested objects, arrays, unicode, a Date. */
const request = (name: string, raise: number) => ({ type: "tool_approval", name, raise, at: new Date("2026-12-03T00:00:00Z"), args: { path: "é/ü", list: [1, null, { deep: true }] } });

/** A node that raises `raises` times and records where each of its passes ran. */
function asking(name: string, seen: TaskContext[], raises = 1) {
  return (_state: unknown, config: LangGraphRunnableConfig) => {
    seen.push(readTaskContext(config));
    for (let raise = 1; raise <= raises; raise += 1) interrupt(request(name, raise));
    return {};
  };
}

/** What the saver's own load gives for the task, against what the stored writes give. */
async function bothReads(saver: BaseCheckpointSaver, task: TaskContext): Promise<{ ours: StoredInterrupt[] | undefined; loaded: StoredInterrupt[] }> {
  const { threadId, parentNamespace, checkpointId, taskId } = task;
  const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: parentNamespace, checkpoint_id: checkpointId } });
  return {
    ours: await memoryTaskInterrupts(saver, threadId!, parentNamespace, checkpointId!, taskId!),
    loaded: interruptsOfTask((tuple?.pendingWrites ?? []) as PendingWrite[], taskId!),
  };
}

async function expectSameAsLoad(saver: BaseCheckpointSaver, task: TaskContext, expected: unknown[]): Promise<void> {
  const { ours, loaded } = await bothReads(saver, task);
  // Stored as JSON (a Date as its ISO text), as the saver revives it.
  expect(loaded.map((raised) => raised.value)).toEqual(JSON.parse(JSON.stringify(expected)));
  // Ids included: which raise of the task each was.
  expect(loaded.every((raised) => /^[0-9a-f]{32}$/.test(raised.id))).toBe(true);
  expect(isDeepStrictEqual(ours, loaded)).toBe(true);
}

describe.each(SAVERS)("memoryTaskInterrupts on %s: what getTuple gives for the task", (_name, makeSaver) => {
  test("a root task's interrupt, values revived as the saver revives them", async () => {
    const seen: TaskContext[] = [];
    const saver = makeSaver();
    const graph = new StateGraph(MessagesAnnotation).addNode("ask", asking("root", seen)).addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: saver });
    await graph.invoke({ messages: [] }, { configurable: { thread_id: "memory-writes-root" } });
    await expectSameAsLoad(saver, seen[0]!, [request("root", 1)]);
  });

  test("a task in a subgraph, read under its nested namespace", async () => {
    const seen: TaskContext[] = [];
    const saver = makeSaver();
    const inner = new StateGraph(MessagesAnnotation).addNode("ask", asking("inner", seen)).addEdge(START, "ask").compile();
    const outer = new StateGraph(MessagesAnnotation).addNode("inner", inner).addEdge(START, "inner").compile({ checkpointer: saver });
    await outer.invoke({ messages: [] }, { configurable: { thread_id: "memory-writes-subgraph" } });
    expect(seen[0]!.parentNamespace).not.toBe("");
    await expectSameAsLoad(saver, seen[0]!, [request("inner", 1)]);
  });

  test("two tasks raising in one step: each reads its own", async () => {
    const seen: TaskContext[] = [];
    const saver = makeSaver();
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("left", asking("left", seen))
      .addNode("right", asking("right", seen))
      .addEdge(START, "left")
      .addEdge(START, "right")
      .compile({ checkpointer: saver });
    await graph.invoke({ messages: [] }, { configurable: { thread_id: "memory-writes-siblings" } });
    const byName = (name: string) => seen.find((task) => task.namespace.startsWith(`${name}:`))!;
    await expectSameAsLoad(saver, byName("left"), [request("left", 1)]);
    await expectSameAsLoad(saver, byName("right"), [request("right", 1)]);
  });

  test("after the first raise is answered, only the newest raise is stored, and read", async () => {
    const seen: TaskContext[] = [];
    const saver = makeSaver();
    const graph = new StateGraph(MessagesAnnotation).addNode("ask", asking("twice", seen, 2)).addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: saver });
    const config = { configurable: { thread_id: "memory-writes-twice" } };
    await graph.invoke({ messages: [] }, config);
    const [task] = (await graph.getState(config)).tasks;
    await graph.invoke(new Command({ resume: { [task!.interrupts[0]!.id!]: "one" } }), config);
    await expectSameAsLoad(saver, seen.at(-1)!, [request("twice", 2)]);
  });

  test("a checkpoint it keeps no writes for is not answered (the caller loads the checkpoint)", async () => {
    expect(await memoryTaskInterrupts(makeSaver(), "no-such-thread", "", "1f0", "task")).toBeUndefined();
  });
});

describe("memoryTaskInterrupts refuses to guess", () => {
  test("a checkpointer that keeps no writes in memory is not answered", async () => {
    expect(await memoryTaskInterrupts({ getTuple: async () => undefined }, "t", "", "c", "task")).toBeUndefined();
    expect(await memoryTaskInterrupts(undefined, "t", "", "c", "task")).toBeUndefined();
  });

  test("writes stored in a layout it does not know are not answered, even partly", async () => {
    const serde = { loadsTyped: async () => ({ value: "stored" }) };
    const key = JSON.stringify(["t", "", "c"]);
    const unknownLayout = { serde, writes: { [key]: { "task,-3": { taskId: "task", channel: "__interrupt__" } } } };
    expect(await memoryTaskInterrupts(unknownLayout, "t", "", "c", "task")).toBeUndefined();
    const mixed = { serde, writes: { [key]: { "task,-3": ["task", "__interrupt__", "{}"], "task,0": "not a write" } } };
    expect(await memoryTaskInterrupts(mixed, "t", "", "c", "task")).toBeUndefined();
  });
});
