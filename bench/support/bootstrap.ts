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
}

/** How to resample. */
export interface BootstrapOptions {
  /** Seed of the resampling: the same samples and seed give the same interval. */
  seed: number;
  /** Default 2000. */
  resamples?: number;
  /** Default 0.95. */
  level?: number;
}

const DEFAULT_RESAMPLES = 2000;
const DEFAULT_LEVEL = 0.95;

/**
 * The median of values with a percentile-bootstrap interval: resample the values with
 * replacement, take each resample's median, and keep the middle `level` of those medians.
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
  const count = values.length;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? DEFAULT_LEVEL;
  const random = seededRandom(options.seed);
  const medians = new Float64Array(resamples);
  const drawn = new Float64Array(count);
  for (let resample = 0; resample < resamples; resample += 1) {
    for (let slot = 0; slot < count; slot += 1) drawn[slot] = values[Math.floor(random() * count)]!;
    medians[resample] = quantileOfSorted(drawn.sort(), 0.5);
  }
  medians.sort();
  const tail = (1 - level) / 2;
  return { estimate: median(values), low: quantileOfSorted(medians, tail), high: quantileOfSorted(medians, 1 - tail), level, samples: count };
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
