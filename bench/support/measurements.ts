import { pairedRatioInterval, type Interval } from "./bootstrap.js";
import { cpuSamplesOf, type PairedSamples } from "./interleave.js";
import { seedOf } from "./random.js";

/** Where a measurement ran. */
export type BackendName = "memory" | "postgres";

/** One variant of a comparison: what it is (its label names its checkpointer) and one sample per round. */
export interface VariantSamples {
  label: string;
  samples: number[];
  /** The CPU time this process spent in each sample (ms), when the samples were interleaved. */
  cpu?: number[];
}

/** One line of a comparison's table: a variant against a baseline measured in the same rounds. */
export interface ComparisonRow {
  ours: string;
  baseline: string;
  /** What kind of baseline this is, e.g. "like for like: hand-built graph, same checkpointer". */
  relation: string;
}

/**
 * Variants timed in the same rounds (see `interleave`): round i of one variant pairs with round
 * i of every other, so any two of them give a ratio with an interval.
 */
export interface Comparison {
  /** Stable key goals refer to, e.g. "pause-resume/postgres/10". */
  id: string;
  /** The figure it belongs to, e.g. "2. Pause + resume, hand-built graph (all ask, approved)". */
  figure: string;
  case: string;
  backend: BackendName;
  /** "ms" per operation (less is better) or "threads/s" (more is better). */
  unit: "ms" | "threads/s";
  variants: Record<string, VariantSamples>;
  rows: ComparisonRow[];
  /**
   * How many of the rounds (in order) each process measured, when the comparison ran in several
   * (`bench/support/forks.ts`); absent when one process measured every round.
   */
  forkRounds?: number[];
}

/** What one pause + resume cycle (or one run) of a variant asked of Postgres. */
export interface CycleCount {
  label: string;
  /** Transactions that wrote, as the server counts them: each a WAL flush the caller waits for. */
  writeCommits: number;
  /** Transactions as the clients saw them, read-only ones too. */
  transactions: number;
  /** SQL statements sent, BEGIN and COMMIT included (a multi-statement string counts each one). */
  statements: number;
  /** Queries sent (round trips to the server). */
  roundTrips: number;
}

/** Counts of every variant of a figure, for one batch size. */
export interface CountTable {
  id: string;
  figure: string;
  case: string;
  variants: Record<string, CycleCount>;
}

/** A measured quantity with no paired baseline (a page time, bytes per thread, a commit count). */
export interface ValueFigure {
  id: string;
  figure: string;
  case: string;
  backend: BackendName;
  unit: "ms" | "bytes" | "commits" | "statements" | "scans";
  label: string;
  samples: number[];
  /** What the value is shown beside (not a paired comparison: no ratio interval). */
  beside?: { label: string; samples: number[] };
  note?: string;
  /** How many of the samples (in order) each process measured, as {@link Comparison.forkRounds}. */
  forkRounds?: number[];
}

/** Everything one run measured. */
export interface Measurements {
  comparisons: Comparison[];
  counts: CountTable[];
  values: ValueFigure[];
}

/**
 * Builds a comparison from paired samples.
 *
 * @throws {RangeError} when a row names a variant that was not measured
 * @example
 * ```ts
 * const c = comparison({ id: "x", figure: "1. X", case: "1 call", backend: "memory", unit: "ms" },
 *   { ours: "ours", plain: "plain ToolNode" }, samples, [{ ours: "ours", baseline: "plain", relation: "no approvals" }]);
 * ```
 */
export function comparison(
  head: Omit<Comparison, "variants" | "rows">,
  labels: Record<string, string>,
  samples: PairedSamples,
  rows: ComparisonRow[],
): Comparison {
  for (const row of rows) {
    for (const name of [row.ours, row.baseline]) {
      if (samples[name] === undefined || labels[name] === undefined) throw new RangeError(`comparison ${head.id}: row names variant "${name}", which was not measured`);
    }
  }
  const cpu = cpuSamplesOf(samples);
  const variants = Object.fromEntries(
    Object.entries(labels).map(([name, label]) => {
      const cpuOf = cpu?.[name];
      return [name, { label, samples: samples[name] ?? [], ...(cpuOf === undefined ? {} : { cpu: cpuOf }) }];
    }),
  );
  return { ...head, variants, rows };
}

/**
 * The paired ratio of two variants of a comparison with its 95 % interval, resampled from a seed
 * derived from the comparison and the pair (so a run is reproducible given its samples), by
 * process and then by round when several processes measured it.
 *
 * @throws {RangeError} when either variant is missing
 * @example
 * ```ts
 * const ratio = ratioOf(pauseResume, "ours", "bareFloor");
 * ```
 */
export function ratioOf(of: Comparison, ours: string, baseline: string): Interval {
  const left = of.variants[ours];
  const right = of.variants[baseline];
  if (left === undefined || right === undefined) throw new RangeError(`comparison ${of.id} has no variant "${left === undefined ? ours : baseline}"`);
  return pairedRatioInterval(left.samples, right.samples, { seed: seedOf(`${of.id}:${ours}/${baseline}`), clusters: of.forkRounds });
}
