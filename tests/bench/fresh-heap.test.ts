import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Annotation, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { onBackendOfItsOwn, settleHeap } from "../../bench/support/fresh-heap.js";
import { createMemoryCheckpointer } from "../../src/index.js";

/** A memory backend as the bench makes one, from the source (tests do not need a build). */
function memoryBackend(): { ours: BaseCheckpointSaver; close(): Promise<void> } {
  return { ours: createMemoryCheckpointer(), close: async () => undefined };
}

/** A one-node graph on `checkpointer`: each run leaves a thread of checkpoints behind. */
function counterGraph(checkpointer: BaseCheckpointSaver) {
  const State = Annotation.Root({ count: Annotation<number>({ reducer: (left, right) => left + right, default: () => 0 }) });
  return new StateGraph(State)
    .addNode("increment", () => ({ count: 1 }))
    .addEdge("__start__", "increment")
    .compile({ checkpointer });
}

/** V8's collector, exposed for this test alone (jest does not start node with --expose-gc). */
function collector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/** Runs `work` with `globalThis.gc` set to `gc` (or absent), as a process started with (or without) --expose-gc has it. */
async function withGlobalGc<T>(gc: (() => void) | undefined, work: () => Promise<T>): Promise<T> {
  const globals = globalThis as { gc?: unknown };
  const before = globals.gc;
  if (gc === undefined) delete globals.gc;
  else globals.gc = gc;
  try {
    return await work();
  } finally {
    if (before === undefined) delete globals.gc;
    else globals.gc = before;
  }
}

describe("each bench step on a heap of its own", () => {
  test("a step's in-memory checkpointer, with every thread it ran, is garbage once the step returns", async () => {
    let held: WeakRef<BaseCheckpointSaver> | undefined;
    const threads = await onBackendOfItsOwn(memoryBackend, async (memory) => {
      held = new WeakRef(memory.ours);
      const graph = counterGraph(memory.ours);
      for (let index = 0; index < 3; index += 1) await graph.invoke({ count: 1 }, { configurable: { thread_id: `fresh-heap-${index}` } });
      const ran: unknown[] = [];
      for await (const { config } of memory.ours.list({})) ran.push(config.configurable?.["thread_id"]);
      return new Set(ran).size;
    });
    expect(threads).toBe(3);
    // As bench/run.ts does before the next step.
    await withGlobalGc(collector(), settleHeap);
    expect(held?.deref()).toBeUndefined();
  });

  test("settleHeap frees what a step left referenced by a callback still queued when the step returned", async () => {
    let held: WeakRef<object> | undefined;
    await (async () => {
      const big = { rows: new Array(1_000).fill("row") };
      held = new WeakRef(big);
      setImmediate(() => void big.rows.length);
    })();
    await withGlobalGc(collector(), settleHeap);
    expect(held?.deref()).toBeUndefined();
  });

  test("the backend is closed when the step fails, and the failure reaches the caller", async () => {
    let closed = 0;
    const failing = onBackendOfItsOwn(
      () => ({ close: async () => void (closed += 1) }),
      async () => {
        throw new RangeError("the step failed");
      },
    );
    await expect(failing).rejects.toThrow("the step failed");
    expect(closed).toBe(1);
  });

  test("settleHeap collects first when the process exposes gc, and says whether it could", async () => {
    let collections = 0;
    expect(await withGlobalGc(() => void (collections += 1), settleHeap)).toEqual({ heapMiB: expect.any(Number), collected: true });
    expect(collections).toBeGreaterThan(0);
    const uncollected = await withGlobalGc(undefined, settleHeap);
    expect(uncollected.collected).toBe(false);
    expect(uncollected.heapMiB).toBeGreaterThan(0);
  });
});
