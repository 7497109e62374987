import type pg from "pg";
import { inProcessFor } from "../process/in-process-registry.js";

/** A counting semaphore, handing a freed slot straight to the longest waiter. */
class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  async take(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#free += 1;
    else next();
  }
}

const DEFAULT_POOL_MAX = 10;

// One budget per pool in the process, not per copy of this package: two copies (the ES module and
// CommonJS builds) setting up on one pool would each keep one connection free only of their own
// locks, and together could take them all. A copy uses another's budget only through take/give;
// the `@1` changes whenever they do.
function budgetOf(pool: pg.Pool): Pick<Slots, "take" | "give"> {
  return inProcessFor("langgraph-hitl/lock-connection-budgets@1", pool, () => new Slots(Math.max(1, (pool.options?.max ?? DEFAULT_POOL_MAX) - 1)));
}

/**
 * Runs `work` while holding one of the pool's lock connections. A lock's connection stays
 * checked out while the work under it runs, and that work needs a connection of its own: if
 * locks could take every connection of the pool, all holders would wait for each other
 * forever. So locks get at most `max - 1` of them, whatever the number of savers on the pool.
 *
 * @example
 * ```ts
 * await withLockConnection(pool, async () => { const client = await pool.connect(); ... });
 * ```
 */
export async function withLockConnection<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const slots = budgetOf(pool);
  await slots.take();
  try {
    return await work();
  } finally {
    slots.give();
  }
}
