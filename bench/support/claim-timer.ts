import { performance } from "node:perf_hooks";
import type { ClaimStore } from "../../src/claims/index.js";

const METHODS = ["acquire", "read", "takeOver", "renew", "release", "saveResults", "loadResults", "claimOfInterrupt", "acquireIfExpired"] as const;

/** Time spent inside a claim store, summed over its calls. */
export interface ClaimTimer {
  /** Milliseconds spent in the store since the last `take()`, then starts again from zero. */
  take(): number;
  /** Puts the store's own methods back. */
  restore(): void;
}

/**
 * Wraps a claim store's methods on the instance so the benchmark can say what the claim costs
 * a resume (the claim, reading finished results, committing results, and `resume()` reading the
 * outcome). Bench-only instrumentation: the library is not changed.
 *
 * @example
 * ```ts
 * const timer = timeClaims(claimStoreFor(saver));
 * await resume(graph, config, decisions);
 * const claimMs = timer.take();
 * timer.restore();
 * ```
 */
export function timeClaims(store: ClaimStore): ClaimTimer {
  let spent = 0;
  // acquire() calls read() on a lost race: count only the outermost call.
  let depth = 0;
  const target = store as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const originals = METHODS.map((name) => [name, target[name]!] as const);
  for (const [name, original] of originals) {
    target[name] = async function timed(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      depth += 1;
      try {
        return await original.apply(store, args);
      } finally {
        depth -= 1;
        if (depth === 0) spent += performance.now() - started;
      }
    };
  }
  return {
    take() {
      const taken = spent;
      spent = 0;
      return taken;
    },
    restore() {
      for (const [name] of originals) delete target[name];
    },
  };
}
