// The checkpoint resume() hands to the run it starts (src/langgraph/loaded-checkpoint.ts): the
// LangGraph behaviour it rides on (the invoke config's configurable reaches getTuple and every
// task by reference), and that only the genuine hand-over, for exactly its run, is ever served.
import type { RunnableConfig } from "@langchain/core/runnables";
import { AIMessage } from "@langchain/core/messages";
import { Command, END, interrupt, MemorySaver, MessagesAnnotation, START, StateGraph, type CheckpointTuple, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { busyWaitOfTask, handOverLoad, loadedInterrupts, readTaskContext, takeLoadedTuple, withContinuationToken, type TaskContext } from "../../src/langgraph/index.js";
import { inFreshModules } from "../support/fresh-modules.js";

/** A MemorySaver that counts the reads it makes itself, and serves a handed-over load like ours do. */
class ServingSaver extends MemorySaver {
  reads = 0;
  seen: unknown[] = [];

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    this.seen.push(config.configurable?.["__probe"]);
    const served = takeLoadedTuple(this, config);
    if (served !== undefined) return served;
    this.reads += 1;
    return super.getTuple(config);
  }
}

function pausingGraph(checkpointer: MemorySaver, seen: Array<{ context: TaskContext; probe: unknown }> = []) {
  return new StateGraph(MessagesAnnotation)
    .addNode("ask", (_state, config: LangGraphRunnableConfig) => {
      seen.push({ context: readTaskContext(config), probe: config.configurable?.["__probe"] });
      const answer = interrupt({ question: "go?" }) as { ok: boolean };
      return { messages: [new AIMessage(answer.ok ? "yes" : "no")] };
    })
    .addEdge(START, "ask")
    .addEdge("ask", END)
    .compile({ checkpointer });
}

let threads = 0;
async function paused(prefix: string) {
  threads += 1;
  const threadId = `${prefix}-${threads}`;
  const saver = new ServingSaver();
  const seen: Array<{ context: TaskContext; probe: unknown }> = [];
  const graph = pausingGraph(saver, seen);
  const config = { configurable: { thread_id: threadId } };
  await graph.invoke({ messages: [] }, config);
  const tuple = (await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } }))!;
  const interruptId = (await graph.getState(config)).tasks[0]!.interrupts[0]!.id!;
  saver.reads = 0;
  seen.length = 0;
  return { saver, graph, config, tuple, interruptId, seen };
}

/** The key a hand-over rides under, as handOverLoad wrote it (the test never spells it). */
function keyOf(config: RunnableConfig, load: unknown): string {
  return Object.keys(config.configurable ?? {}).find((key) => config.configurable?.[key] === load)!;
}

describe("LangGraph hands the invoke config's configurable on (what the hand-over rides)", () => {
  test("an object under a configurable key reaches getTuple and the task's config as the same object, at the root", async () => {
    const saver = new ServingSaver();
    const seen: Array<{ context: TaskContext; probe: unknown }> = [];
    const graph = pausingGraph(saver, seen);
    const probe = { marker: "by reference" };
    await graph.invoke({ messages: [] }, { configurable: { thread_id: "probe-1", __probe: probe } });
    expect(saver.seen[0]).toBe(probe);
    expect(seen[0]?.probe).toBe(probe);
  });
});

describe("the checkpoint handed to a resumed run", () => {
  test("serves the run's own head load once: LangGraph's run does not read the checkpoint again, and the resume completes", async () => {
    const { saver, graph, config, tuple, interruptId } = await paused("served-1");
    const { config: runConfig, load } = handOverLoad(withContinuationToken(config, "token-1"), saver, tuple, () => true);
    const result = (await graph.invoke(new Command({ resume: { [interruptId]: { ok: true } } }), runConfig)) as { messages: AIMessage[] };
    load.close();
    expect(result.messages.at(-1)?.content).toBe("yes");
    expect(saver.reads).toBe(0);
  });

  test("the resumed task finds the hand-over and may take its stored interrupt from it; another checkpoint, namespace or token may not", async () => {
    const { saver, graph, config, tuple, interruptId, seen } = await paused("served-2");
    const { config: runConfig, load } = handOverLoad(withContinuationToken(config, "token-2"), saver, tuple, () => true);
    await graph.invoke(new Command({ resume: { [interruptId]: { ok: true } } }), runConfig);
    load.close();
    const { context } = seen[0]!;
    expect(context.load).toBe(load);
    const live = handOverLoad(withContinuationToken(config, "token-2"), saver, tuple, () => true).load;
    expect(loadedInterrupts(live, context, "token-2")).toEqual([{ id: expect.any(String), value: { question: "go?" } }]);
    expect(loadedInterrupts(live, { ...context, checkpointId: "1ef00000-0000-6000-8000-000000000000" }, "token-2")).toBeUndefined();
    expect(loadedInterrupts(live, { ...context, parentNamespace: "outer:1" }, "token-2")).toBeUndefined();
    expect(loadedInterrupts(live, { ...context, threadId: "another" }, "token-2")).toBeUndefined();
    expect(loadedInterrupts(live, { ...context, checkpointer: new MemorySaver() }, "token-2")).toBeUndefined();
    expect(loadedInterrupts(live, context, "another-token")).toBeUndefined();
    expect(loadedInterrupts(live, context, undefined)).toBeUndefined();
    expect(loadedInterrupts(load, context, "token-2")).toBeUndefined(); // closed when its run ended
  });

  test("the resumed task reads the host's busyWaitMs from the hand-over only under the same checks; a forged or closed one, or one the host gave none, says nothing", async () => {
    const { saver, graph, config, tuple, interruptId, seen } = await paused("busy-wait");
    const { config: runConfig, load } = handOverLoad(withContinuationToken(config, "token-5"), saver, tuple, () => true, 0);
    await graph.invoke(new Command({ resume: { [interruptId]: { ok: true } } }), runConfig);
    const { context } = seen[0]!;
    expect(busyWaitOfTask(context.load, context, "token-5")).toBe(0);
    expect(busyWaitOfTask(context.load, context, "another-token")).toBeUndefined();
    expect(busyWaitOfTask(context.load, { ...context, threadId: "another" }, "token-5")).toBeUndefined();
    expect(busyWaitOfTask({ ...(context.load as object), busyWaitMs: 0 }, context, "token-5")).toBeUndefined();
    load.close();
    expect(busyWaitOfTask(context.load, context, "token-5")).toBeUndefined();
    const silent = handOverLoad(withContinuationToken(config, "token-5"), saver, tuple, () => true).load;
    expect(busyWaitOfTask(silent, context, "token-5")).toBeUndefined();
  });

  test("a hand-over another copy of this module made (the CommonJS and ES module builds side by side) is recognised under the same checks; a copy of it is not", async () => {
    const other = inFreshModules(() => require("../../src/langgraph/index.js") as typeof import("../../src/langgraph/index.js"));
    expect(other.handOverLoad).not.toBe(handOverLoad);
    const { saver, graph, config, tuple, interruptId, seen } = await paused("copies");
    const { config: runConfig, load } = other.handOverLoad(other.withContinuationToken(config, "token-6"), saver, tuple, () => true, 0);
    await graph.invoke(new Command({ resume: { [interruptId]: { ok: true } } }), runConfig);
    expect(saver.reads).toBe(0);
    const { context } = seen[0]!;
    expect(busyWaitOfTask(context.load, context, "token-6")).toBe(0);
    expect(loadedInterrupts(context.load, context, "token-6")).toEqual([{ id: expect.any(String), value: { question: "go?" } }]);
    expect(busyWaitOfTask(context.load, context, "another-token")).toBeUndefined();
    expect(busyWaitOfTask({ ...(context.load as object) }, context, "token-6")).toBeUndefined();
    load.close();
    expect(busyWaitOfTask(context.load, context, "token-6")).toBeUndefined();
  });

  test.each([
    ["a plain object with the same fields (what a client can send)", (load: object) => ({ ...load })],
    ["the hand-over read back from JSON", (load: object) => JSON.parse(JSON.stringify(load)) as unknown],
    ["an object made from the hand-over's prototype", (load: object) => Object.create(Object.getPrototypeOf(load) as object) as unknown],
    ["a string", () => "forged"],
  ])("a forged hand-over is never served — %s: the saver and the task read for themselves", async (_name, forge) => {
    const { saver, graph, config, tuple, interruptId, seen } = await paused("forged");
    const genuine = handOverLoad(withContinuationToken(config, "token-3"), saver, tuple, () => true);
    const key = keyOf(genuine.config, genuine.load);
    genuine.load.close();
    const forged = { ...config, configurable: { ...config.configurable, __hitl_continuation: "token-3", [key]: forge(genuine.load) } };
    await graph.invoke(new Command({ resume: { [interruptId]: { ok: true } } }), forged);
    expect(saver.reads).toBeGreaterThanOrEqual(1);
    expect(takeLoadedTuple(saver, { configurable: { thread_id: config.configurable.thread_id, __hitl_continuation: "token-3", [key]: forge(genuine.load) } })).toBeUndefined();
    expect(loadedInterrupts(seen[0]?.context.load, seen[0]!.context, "token-3")).toBeUndefined();
  });

  test.each([
    ["another lease token", { token: "other" }],
    ["no lease token", { token: undefined }],
    ["another thread", { thread: "someone-else" }],
    ["an addressed checkpoint", { checkpointId: "1ef00000-0000-6000-8000-000000000000" }],
    ["a subgraph's namespace", { namespace: "tools:1" }],
  ] as const)("is not served to a load that asks for something else — %s", async (_name, change) => {
    const { saver, config, tuple } = await paused("other");
    const { config: runConfig } = handOverLoad(withContinuationToken(config, "token-4"), saver, tuple, () => true);
    const configurable: Record<string, unknown> = { ...runConfig.configurable, checkpoint_ns: "" };
    if ("token" in change) configurable["__hitl_continuation"] = change.token;
    if ("thread" in change) configurable["thread_id"] = change.thread;
    if ("checkpointId" in change) configurable["checkpoint_id"] = change.checkpointId;
    if ("namespace" in change) configurable["checkpoint_ns"] = change.namespace;
    expect(takeLoadedTuple(saver, { configurable })).toBeUndefined();
    expect(takeLoadedTuple(saver, runConfig)).toBe(tuple); // the run's own load still is
  });

  test("is served once, never by another saver, never after its run ended, never once the lease is lost", async () => {
    const { saver, config, tuple } = await paused("once-1");
    const once = handOverLoad(withContinuationToken(config, "t"), saver, tuple, () => true);
    expect(takeLoadedTuple(new ServingSaver(), once.config)).toBeUndefined();
    expect(takeLoadedTuple(saver, once.config)).toBe(tuple);
    expect(takeLoadedTuple(saver, once.config)).toBeUndefined();
    const closed = handOverLoad(withContinuationToken(config, "t"), saver, tuple, () => true);
    closed.load.close();
    expect(takeLoadedTuple(saver, closed.config)).toBeUndefined();
    let held = true;
    const lost = handOverLoad(withContinuationToken(config, "t"), saver, tuple, () => held);
    held = false;
    expect(takeLoadedTuple(saver, lost.config)).toBeUndefined();
  });
});
