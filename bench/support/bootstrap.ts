import { seededRandom } from "./random.js";
import { median, quantileOfSorted } from "./stats.js";

/** A point estimate with its bootstrap confidence interval. */
export interface Interval {
  estimate: number;
  low: number;
  high: number;
  /** Confidence level of [low, high], e.g. 0.95. */
  level: number;
  /** How many samples (for a ratio: paired rounds) it rests on. */
  samples: number;
  /** How many processes measured them, when more than one did (see {@link BootstrapOptions.clusters}). */
  processes?: number;
}

/** How to resample. */
export interface BootstrapOptions {
  /** Seed of the resampling: the same samples and seed give the same interval. */
  seed: number;
  /** Default 2000. */
  resamples?: number;
  /** Default 0.95. */
  level?: number;
  /**
   * How many of the values (in order) each process measured, when they came from several
   * (`bench/support/forks.ts`): e.g. `[50, 50, 50, 50]`. With more than one, each resample
   * draws processes with replacement, then values within each drawn process, so the interval
   * carries how much processes differ as well as how much rounds do.
   */
  clusters?: readonly number[] | undefined;
}

const DEFAULT_RESAMPLES = 2000;
const DEFAULT_LEVEL = 0.95;

/**
 * The median of values with a percentile-bootstrap interval: resample the values with
 * replacement, take each resample's median, and keep the middle `level` of those medians. With
 * `clusters` (values measured by several processes), each resample first draws processes, then
 * values within them: a difference between processes widens the interval instead of hiding in it.
 *
 * @throws {RangeError} when `values` is empty
 * @example
 * ```ts
 * const page = medianInterval([1.4, 1.6, 1.5, 1.7], { seed: 2 });
 * // page.estimate 1.55, page.low … page.high its 95 % interval
 * ```
 */
export function medianInterval(values: readonly number[], options: BootstrapOptions): Interval {
  if (values.length === 0) throw new RangeError("an interval needs at least one sample: received none");
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? DEFAULT_LEVEL;
  const random = seededRandom(options.seed);
  const groups = clustersOf(values, options.clusters);
  // Room for the largest resample (every draw the largest process), reused by every resample.
  const buffer = new Float64Array(groups.length * Math.max(...groups.map((group) => group.length)));
  const medians = new Float64Array(resamples);
  for (let resample = 0; resample < resamples; resample += 1) medians[resample] = quantileOfSorted(resampleInto(buffer, groups, random).sort(), 0.5);
  medians.sort();
  const tail = (1 - level) / 2;
  const processes = groups.length > 1 ? { processes: groups.length } : {};
  return { estimate: median(values), low: quantileOfSorted(medians, tail), high: quantileOfSorted(medians, 1 - tail), level, samples: values.length, ...processes };
}

/**
 * The values split by the process that measured them: one group (every value) without
 * `clusters`, which is the plain bootstrap.
 *
 * @throws {RangeError} when the cluster sizes do not add up to the values
 */
function clustersOf(values: readonly number[], clusters: readonly number[] | undefined): number[][] {
  if (clusters === undefined || clusters.length <= 1) return [[...values]];
  const total = clusters.reduce((sum, size) => sum + size, 0);
  if (total !== values.length || clusters.some((size) => !Number.isInteger(size) || size < 1)) {
    throw new RangeError(`clusters must be positive sizes adding up to the ${values.length} values: received [${clusters.join(", ")}]`);
  }
  let start = 0;
  return clusters.map((size) => values.slice(start, (start += size)));
}

/**
 * One bootstrap resample, written into `buffer` (the view returned): groups drawn with replacement
 * (just the one group when there is one), then within each drawn group as many values as it
 * holds, drawn with replacement.
 */
function resampleInto(buffer: Float64Array, groups: readonly number[][], random: () => number): Float64Array {
  let slot = 0;
  for (let drawing = 0; drawing < groups.length; drawing += 1) {
    const group = groups.length === 1 ? groups[0]! : groups[Math.floor(random() * groups.length)]!;
    for (let index = 0; index < group.length; index += 1) buffer[slot++] = group[Math.floor(random() * group.length)]!;
  }
  return buffer.subarray(0, slot);
}

/**
 * How many times slower (or, for a rate, faster) `ours` is than `baseline`, from paired rounds:
 * the median over rounds of ours[i] ÷ baseline[i], with a bootstrap interval that resamples
 * whole rounds. Whatever slowed a round (another process, a checkpoint flush) slowed both sides
 * of it, so it cancels in that round's ratio instead of widening the interval.
 *
 * @param ours one sample per round
 * @param baseline one sample per round, measured in the same rounds as `ours`
 * @throws {RangeError} when the two lists differ in length or are empty
 * @example
 * ```ts
 * const ratio = pairedRatioInterval([12, 13, 12.5], [10, 10.8, 10.4], { seed: 1 });
 * // ratio.estimate ≈ 1.2; ratio.low … ratio.high is its 95 % interval
 * ```
 */
export function pairedRatioInterval(ours: readonly number[], baseline: readonly number[], options: BootstrapOptions): Interval {
  if (ours.length !== baseline.length) throw new RangeError(`paired samples need one value per round on each side: received ${ours.length} and ${baseline.length}`);
  return medianInterval(
    ours.map((value, round) => value / baseline[round]!),
    options,
  );
}
