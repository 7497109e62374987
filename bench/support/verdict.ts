import type { Interval } from "./bootstrap.js";

/** A target a measured value (a ratio, a count, a time) is held to. */
export interface Target {
  bound: "at most" | "at least";
  value: number;
}

/**
 * What a measurement says about its target. Never read from a point estimate alone:
 * - `met`: the whole interval is on the right side of the target;
 * - `missed`: the whole interval is on the wrong side;
 * - `out of reach`: not met, and the floor's own interval (the least any implementation can cost,
 *   measured in the same rounds) is wholly on the wrong side — no implementation meets it here;
 * - `inconclusive`: the interval contains the target, or rests on too few samples.
 */
export type Verdict = "met" | "missed" | "out of reach" | "inconclusive";

/** A verdict and, in words, what it rests on. */
export interface Judgement {
  verdict: Verdict;
  why: string;
}

/** Fewer paired rounds than this give no verdict: a percentile bootstrap of a handful of rounds is too narrow to trust. */
export const MIN_SAMPLES_FOR_VERDICT = 10;

/** Where an interval lies relative to a target: wholly satisfying it, wholly violating it, or across it. */
function sideOf(interval: Pick<Interval, "low" | "high">, target: Target): "right" | "wrong" | "across" {
  if (target.bound === "at most") {
    if (interval.high <= target.value) return "right";
    return interval.low > target.value ? "wrong" : "across";
  }
  if (interval.low >= target.value) return "right";
  return interval.high < target.value ? "wrong" : "across";
}

/** Options of {@link judge}. */
export interface JudgeOptions {
  /** The floor's interval against the same baseline (or its exact count). */
  floor?: Interval;
  /** Default {@link MIN_SAMPLES_FOR_VERDICT}; 1 for exact counts. */
  minSamples?: number;
}

/**
 * The verdict of a measured interval against its target (see {@link Verdict}).
 *
 * @example
 * ```ts
 * judge({ estimate: 1.1, low: 1.05, high: 1.15, level: 0.95, samples: 120 }, { bound: "at most", value: 1.2 }).verdict; // "met"
 * ```
 */
export function judge(measured: Interval, target: Target, options: JudgeOptions = {}): Judgement {
  const minSamples = options.minSamples ?? MIN_SAMPLES_FOR_VERDICT;
  if (measured.samples < minSamples) return { verdict: "inconclusive", why: `${measured.samples} samples, fewer than the ${minSamples} a verdict needs` };
  const side = sideOf(measured, target);
  const what = measured.level === 1 ? "the exact count" : "the whole interval";
  if (side === "right") return { verdict: "met", why: `${what} is on the right side` };
  const floor = options.floor;
  if (floor !== undefined && floor.samples >= minSamples && sideOf(floor, target) === "wrong") {
    return { verdict: "out of reach", why: "not met, and the floor's own interval is wholly on the wrong side" };
  }
  if (side === "wrong") return { verdict: "missed", why: `${what} is on the wrong side` };
  return { verdict: "inconclusive", why: "the interval contains the target" };
}

/**
 * An exact count as an interval of width zero, so counts are judged by the same rule.
 *
 * @example
 * ```ts
 * judge(exactly(18), { bound: "at most", value: 20 }, { minSamples: 1 }).verdict; // "met"
 * ```
 */
export function exactly(value: number): Interval {
  return { estimate: value, low: value, high: value, level: 1, samples: 1 };
}

/**
 * "≤ 1.2×", "≥ 0.85×", "≤ 20".
 *
 * @example
 * ```ts
 * describeTarget({ bound: "at most", value: 1.2 }, "×"); // "≤ 1.2×"
 * ```
 */
export function describeTarget(target: Target, suffix = ""): string {
  return `${target.bound === "at most" ? "≤" : "≥"} ${target.value}${suffix}`;
}
