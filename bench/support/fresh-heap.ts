/**
 * The heap a step of the bench starts on. Whatever garbage earlier steps left is collected inside
 * a later comparison's rounds, and the variant that allocates most triggers those collections:
 * it pays for garbage it did not make. Measured on `createAgent` at one call in memory (figure 9,
 * six variants, one fresh process per run): with ≈ 200 MiB of earlier work's garbage uncollected,
 * ours took 1.31–1.32× of the middleware (two runs); with it collected first, 1.24–1.28× (four
 * runs, 97 MiB of other paused threads held live); with no other threads at all, 1.22–1.26× (five
 * runs). So every step starts after a full collection, and an in-memory step runs on checkpointers
 * of its own (an in-memory checkpointer keeps every thread it ran: a shared one grows the live
 * heap, which matters less, from step to step).
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
