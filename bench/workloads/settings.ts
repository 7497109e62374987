import type { Backend } from "../support/backends.js";

/** How hard the benchmark pushes; `--quick` is a smoke run for CI (no verdict fails it). */
export interface BenchSettings {
  quick: boolean;
  /** Rounds run before recording, per comparison. */
  warmup: number;
  /** Paired rounds recorded per comparison on Postgres. */
  samples: number;
  /** In-memory runs take a few ms and are noisier: they get more rounds. */
  memorySamples: number;
  /** Threads paused then resumed per throughput round (the goal's 200). */
  throughputThreads: number;
  /** Paired throughput rounds: enough for an interval (a verdict needs at least 10). */
  throughputRounds: number;
  concurrency: number;
  /** Runs per variant the counts take the median of. */
  countRuns: number;
  inboxRows: number;
  inboxSamples: number;
  storageThreads: number;
}

/**
 * The full run's settings, or the quick smoke run's: every workload and code path, too few
 * rounds for most verdicts (they come out "inconclusive"), so CI fails on errors only.
 *
 * @example
 * ```ts
 * const settings = settingsFor(process.argv.includes("--quick"));
 * ```
 */
export function settingsFor(quick: boolean): BenchSettings {
  return quick
    ? { quick, warmup: 1, samples: 6, memorySamples: 10, throughputThreads: 4, throughputRounds: 4, concurrency: 2, countRuns: 3, inboxRows: 10_000, inboxSamples: 20, storageThreads: 5 }
    : { quick, warmup: 10, samples: 120, memorySamples: 200, throughputThreads: 200, throughputRounds: 12, concurrency: 20, countRuns: 5, inboxRows: 100_000, inboxSamples: 200, storageThreads: 50 };
}

/**
 * Warm-up and recorded rounds of a timed comparison on a backend.
 *
 * @example
 * ```ts
 * await interleave(variants, rounds(settings, backend));
 * ```
 */
export function rounds(settings: BenchSettings, backend: Pick<Backend, "name">): { warmup: number; samples: number } {
  return { warmup: settings.warmup, samples: backend.name === "memory" ? settings.memorySamples : settings.samples };
}
