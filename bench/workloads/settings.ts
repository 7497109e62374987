import type { Backend } from "../support/backends.js";

/** How hard the benchmark pushes; `--quick` is a smoke run for CI (no verdict fails it). */
export interface BenchSettings {
  quick: boolean;
  /** Rounds run before recording, per comparison and process, on Postgres. */
  warmup: number;
  /**
   * Rounds run before recording, per comparison and process, in memory: a round there takes a
   * few ms, and every process starts cold, so V8 gets more of them to compile what it runs.
   */
  memoryWarmup: number;
  /**
   * Fresh processes each timed comparison runs in, one after the other, its rounds shared out
   * among them (`bench/support/forks.ts`): no comparison runs on code warmed, or garbage left, by
   * another, and its interval carries how much processes differ.
   */
  forks: number;
  /** Paired rounds recorded per comparison on Postgres. */
  samples: number;
  /**
   * Paired rounds on Postgres for a comparison whose target sits within a few per cent of parity
   * (≤ 1.05×, ≤ 1.1×): a Postgres round varies more than an in-memory one (each commit waits
   * for its WAL flush), and 120 rounds leave an interval of about ±5 %, wider than the distance
   * being judged. Four times the rounds halve it.
   */
  fineSamples: number;
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
    ? { quick, warmup: 1, memoryWarmup: 1, forks: 2, samples: 6, fineSamples: 6, memorySamples: 10, throughputThreads: 4, throughputRounds: 4, concurrency: 2, countRuns: 3, inboxRows: 10_000, inboxSamples: 20, storageThreads: 5 }
    : { quick, warmup: 10, memoryWarmup: 30, forks: 4, samples: 120, fineSamples: 480, memorySamples: 200, throughputThreads: 200, throughputRounds: 12, concurrency: 20, countRuns: 5, inboxRows: 100_000, inboxSamples: 200, storageThreads: 50 };
}

/** How close to parity the comparison's target is: `"fine"` for ≤ 1.05× / ≤ 1.1× targets, which need a narrower interval on Postgres. */
export type Precision = "ordinary" | "fine";

/**
 * Warm-up and recorded rounds of a timed comparison on a backend.
 *
 * @param precision - `"fine"` gives Postgres {@link BenchSettings.fineSamples} rounds (memory keeps its own).
 * @example
 * ```ts
 * await interleave(variants, rounds(settings, backend));
 * await interleave(screeningVariants, rounds(settings, backend, "fine"));
 * ```
 */
export function rounds(settings: BenchSettings, backend: Pick<Backend, "name">, precision: Precision = "ordinary"): { warmup: number; samples: number } {
  if (backend.name === "memory") return { warmup: settings.memoryWarmup, samples: settings.memorySamples };
  return { warmup: settings.warmup, samples: precision === "fine" ? settings.fineSamples : settings.samples };
}
