// One continuation on checkpointers without leases (memory): resume() queues per thread in this
// process, re-reads under the queue, and only the first submission continues the thread.
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { END, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { withThreadContinuation } from "../../src/host/continuation.js";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { ask, newThread, ScriptedChatModel } from "../support/fixtures.js";
import { inFreshModules } from "../support/fresh-modules.js";

/** model → charge (reviewed) → model → notify (allowed) → model → end; counts every step. */
function chargeThenNotify(checkpointer: BaseCheckpointSaver) {
  const runs = { model: 0, charge: 0, notify: 0 };
  const counted = (name: "charge" | "notify") =>
    tool(
      async () => {
        runs[name] += 1;
        return `${name} done`;
      },
      { name, description: name, schema: z.object({}) },
    );
  const model = new ScriptedChatModel((messages: BaseMessage[]) => {
    const last = messages[messages.length - 1];
    const call = (name: string) => new AIMessage({ content: "", tool_calls: [{ name, args: {}, id: `${name}-1`, type: "tool_call" }] });
    if (last?.getType() !== "tool") return call("charge");
    return String(last.content).startsWith("notify") ? new AIMessage("done") : call("notify");
  });
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => {
      runs.model += 1;
      return { messages: [await model.invoke(state.messages)] };
    })
    .addNode("tools", new ApprovalToolNode([counted("charge"), counted("notify")], { interruptOn: { charge: true } }))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer });
  return { graph, runs };
}

describe("one continuation on the memory checkpointer", () => {
  test("10 concurrent resume() of one interrupt, approve against reject: one continuation, notify and the model step run once, the rest are refused", async () => {
    const checkpointer = createMemoryCheckpointer();
    const { graph, runs } = chargeThenNotify(checkpointer);
    const config = newThread("memory-race");
    await graph.invoke(ask(), config);
    const { interruptId } = (await getInterrupt(graph, config))!;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        resume(graph, config, [index % 2 === 0 ? { type: "approve" } : { type: "reject", reason: "no" }], { interruptId }).then(
          () => "ok",
          (error: unknown) => (isHITLError(error) ? error.code : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== "ok")).toEqual(Array(9).fill("INTERRUPT_ALREADY_RESOLVED"));
    expect({ model: runs.model, notify: runs.notify }).toEqual({ model: 3, notify: 1 });
    const parents: string[] = [];
    for await (const state of graph.getStateHistory(config)) parents.push(String(state.parentConfig?.configurable?.["checkpoint_id"]));
    expect(parents.length).toBe(new Set(parents).size);
  });
});

/** Continues thread "t" until `releaseFirst()` (called once it started), noting its start and end in `order`. */
function holdThread(saver: BaseCheckpointSaver, order: string[]) {
  let release!: () => void;
  const first = withThreadContinuation(saver, "t", async () => {
    order.push("first start");
    await new Promise<void>((resolve) => (release = resolve));
    order.push("first end");
  });
  return { first, releaseFirst: () => release() };
}

describe("withThreadContinuation without leases", () => {
  test("works on one thread run one at a time in arrival order; another thread does not wait", async () => {
    const saver = createMemoryCheckpointer();
    const order: string[] = [];
    const { first, releaseFirst } = holdThread(saver, order);
    const second = withThreadContinuation(saver, "t", async () => void order.push("second"));
    await withThreadContinuation(saver, "other", async () => void order.push("other thread"));
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(["first start", "other thread", "first end", "second"]);
  });

  test("with busyWaitMs, a thread another run holds past the wait gives THREAD_BUSY without running the work; a later arrival still waits for the holder, then runs", async () => {
    const saver = createMemoryCheckpointer();
    const order: string[] = [];
    const { first, releaseFirst } = holdThread(saver, order);
    const impatient = withThreadContinuation(saver, "t", async () => void order.push("impatient ran"), { busyWaitMs: 0 }).catch((error: unknown) => error);
    const patient = withThreadContinuation(saver, "t", async () => void order.push("patient"));
    const refusal = await impatient;
    expect(isHITLError(refusal, "THREAD_BUSY") && refusal.threadId).toBe("t");
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Giving up let nobody past the holder.
    expect(order).toEqual(["first start"]);
    releaseFirst();
    await Promise.all([first, patient]);
    expect(order).toEqual(["first start", "first end", "patient"]);
    // The thread is free again: a wait of 0 runs at once.
    await withThreadContinuation(saver, "t", async () => void order.push("after"), { busyWaitMs: 0 });
    expect(order.at(-1)).toBe("after");
  });

  test.each([[-1], [0.5], ["0"], [600_001]])("busyWaitMs %p is refused with INVALID_OPTIONS before the work runs", async (busyWaitMs) => {
    let ran = false;
    const error = await withThreadContinuation(createMemoryCheckpointer(), "t", async () => void (ran = true), { busyWaitMs: busyWaitMs as number }).catch((e: unknown) => e);
    expect(isHITLError(error, "INVALID_OPTIONS") && error.details[0]).toMatchObject({ path: ["busyWaitMs"], received: busyWaitMs });
    expect(ran).toBe(false);
  });

  test("with busyWaitMs, a holder that ends within the wait lets the waiter run", async () => {
    const saver = createMemoryCheckpointer();
    const first = withThreadContinuation(saver, "t", () => new Promise<string>((resolve) => setTimeout(resolve, 30, "first")));
    const second = withThreadContinuation(saver, "t", async () => "second", { busyWaitMs: 5_000 });
    expect(await Promise.all([first, second])).toEqual(["first", "second"]);
  });

  test("the queue is shared by two copies of the package loaded in one process", async () => {
    const saver = createMemoryCheckpointer();
    const copy = inFreshModules(() => jest.requireActual<typeof import("../../src/host/continuation.js")>("../../src/host/continuation.ts"));
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = withThreadContinuation(saver, "t", async () => {
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      order.push("first");
    });
    const second = copy.withThreadContinuation(saver, "t", async () => void order.push("second copy"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second copy"]);
  });

  test("the lease's run config carries its token and persists each step before the next (durability sync) unless the caller chose", async () => {
    const saver = createMemoryCheckpointer();
    await withThreadContinuation(saver, "t", async (lease) => {
      expect(lease.runConfig({ configurable: { thread_id: "t" } })).toMatchObject({ durability: "sync", configurable: { thread_id: "t" } });
      expect(lease.runConfig({ configurable: { thread_id: "t" }, durability: "async" } as never)).toMatchObject({ durability: "async" });
      expect(Object.values(lease.runConfig({ configurable: {} }).configurable)).toContain(lease.token);
    });
  });
});
