import type { CycleCount } from "../support/measurements.js";
import type { Target } from "../support/verdict.js";

interface GoalBase {
  /** Stable key, e.g. "26/pg-hand-10-vs-floor". */
  id: string;
  /** The goal as its issue states it. */
  statement: string;
  /** Where it comes from, e.g. "issue 26". */
  source: string;
  target: Target;
}

/**
 * A ratio of two variants of one comparison (see `Comparison`), judged on its paired interval.
 * `floor` names the variant that is the least any implementation can cost: when its own ratio
 * against the same baseline is wholly past the target, the goal is out of reach.
 */
export interface RatioGoal extends GoalBase {
  kind: "ratio";
  comparison: string;
  ours: string;
  baseline: string;
  floor?: string;
}

/**
 * A count of one variant in a count table (exact: no interval). No floor: what a count goal
 * asks for is usually a different storage design, which no variant measured today bounds.
 */
export interface CountGoal extends GoalBase {
  kind: "count";
  counts: string;
  variant: string;
  measure: Exclude<keyof CycleCount, "label">;
}

/** A value figure: the median of its samples with an interval, or `exact` when it is a count. */
export interface ValueGoal extends GoalBase {
  kind: "value";
  value: string;
  exact?: boolean;
}

/** A goal `npm run bench` checks, with its verdict in every run. */
export type Goal = RatioGoal | CountGoal | ValueGoal;
