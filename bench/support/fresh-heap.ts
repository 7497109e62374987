/**
 * The live heap a step of the bench starts on. A step measured in memory keeps every thread it
 * ran in its checkpointers; a later step sharing them (or running beside them) does its garbage
 * collection on that heap, and a major collection costs in proportion to what is live. One
 * comparison would then pay for what the steps before it left, which depends on their order and
 * number, not on the variants compared (measured: `createAgent` at one call in memory went from
 * ≈ 1.21× to ≈ 1.28× of the middleware on a heap holding 3 000 other paused threads).
 */

/** What the step ran on. */
export interface HeapAtStart {
  /** Live heap (MiB) when the step started, after a full collection when one could be asked for. */
  heapMiB: number;
  /** Whether that collection ran (`node --expose-gc`; `npm run bench` passes it). */
  collected: boolean;
}

/** `global.gc`, present when the process runs with `--expose-gc`. */
function exposedCollector(): (() => void) | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === "function" ? (gc as () => void) : undefined;
}

/** Turns of the event loop given to what a step left pending before each collection. */
const SETTLING_TURNS = 3;

/**
 * Collects what earlier steps left (when the process was started with `--expose-gc`) and reports
 * the live heap a step starts on, so no step pays for another's garbage in its samples and the
 * report can show the heap each step ran on. It lets the event loop turn between collections:
 * callbacks a step left queued (a commit scheduled for the next tick, a timer being cleared) hold
 * its objects until they have run.
 *
 * @example
 * ```ts
 * const { heapMiB } = await settleHeap(); // e.g. 38
 * ```
 */
export async function settleHeap(): Promise<HeapAtStart> {
  const collect = exposedCollector();
  for (let turn = 0; collect !== undefined && turn < SETTLING_TURNS; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    collect();
  }
  return { heapMiB: Math.round(process.memoryUsage().heapUsed / 2 ** 20), collected: collect !== undefined };
}

/**
 * Runs `work` on a backend made for it alone and closes it afterwards: what the step kept alive
 * (every thread of an in-memory checkpointer) is garbage once it returns.
 *
 * @example
 * ```ts
 * const comparisons = await onBackendOfItsOwn(memoryBackend, (memory) => screening(memory, settings));
 * ```
 */
export async function onBackendOfItsOwn<B extends { close(): Promise<void> }, T>(make: () => B, work: (backend: B) => Promise<T>): Promise<T> {
  const backend = make();
  try {
    return await work(backend);
  } finally {
    await backend.close();
  }
}
