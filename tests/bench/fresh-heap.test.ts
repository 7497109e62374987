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

describe("each bench step on a heap of its own", () => {
  test("a step's in-memory checkpointer, with every thread it ran, is garbage once the step returns", async () => {
    const gc = collector();
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
    // Collection may need a turn of the event loop to drop what the step's promises referenced.
    for (let attempt = 0; attempt < 10 && held?.deref() !== undefined; attempt += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(held?.deref()).toBeUndefined();
  });

  test("settleHeap frees what a step left referenced by a callback still queued when the step returned", async () => {
    const gc = collector();
    const globals = globalThis as { gc?: unknown };
    const before = globals.gc;
    globals.gc = gc;
    try {
      let held: WeakRef<object> | undefined;
      await (async () => {
        const big = { rows: new Array(1_000).fill("row") };
        held = new WeakRef(big);
        setImmediate(() => void big.rows.length);
      })();
      await settleHeap();
      expect(held?.deref()).toBeUndefined();
    } finally {
      if (before === undefined) delete globals.gc;
      else globals.gc = before;
    }
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
    const globals = globalThis as { gc?: unknown };
    const before = globals.gc;
    let collections = 0;
    try {
      globals.gc = () => void (collections += 1);
      expect(await settleHeap()).toEqual({ heapMiB: expect.any(Number), collected: true });
      expect(collections).toBeGreaterThan(0);
      delete globals.gc;
      const uncollected = await settleHeap();
      expect(uncollected.collected).toBe(false);
      expect(uncollected.heapMiB).toBeGreaterThan(0);
    } finally {
      if (before === undefined) delete globals.gc;
      else globals.gc = before;
    }
  });
});
