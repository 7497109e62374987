import { performance } from "node:perf_hooks";
import { summarise, type Stats } from "./stats.js";

/** One timed operation; `prepare` runs untimed before each sample (e.g. pausing a thread to resume). */
export interface Variant<P = unknown> {
  prepare?: () => Promise<P>;
  run: (prepared: P) => Promise<unknown>;
}

/**
 * Times variants side by side — A B A B … — so a noisy machine slows them alike, after a
 * warm-up that is not recorded.
 */
export async function interleave(variants: Record<string, Variant<any>>, options: { warmup: number; samples: number }): Promise<Record<string, Stats>> {
  const names = Object.keys(variants);
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < options.warmup + options.samples; round += 1) {
    // Alternate which variant goes first, so neither always runs on a cold cache.
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const variant = variants[name]!;
      const prepared = variant.prepare === undefined ? undefined : await variant.prepare();
      const started = performance.now();
      await variant.run(prepared);
      const elapsed = performance.now() - started;
      if (round >= options.warmup) times[name]!.push(elapsed);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarise(times[name]!)]));
}

/** Runs `count` jobs with at most `concurrency` at once; returns the wall time in ms. */
export async function runPool(count: number, concurrency: number, job: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      await job(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return performance.now() - started;
}
