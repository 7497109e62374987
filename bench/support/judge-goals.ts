import type { Goal } from "../goals/index.js";
import { medianInterval, type Interval } from "./bootstrap.js";
import { ratioOf, type Measurements } from "./measurements.js";
import { seedOf } from "./random.js";
import { exactly, judge, type Judgement } from "./verdict.js";

/** A goal with what was measured for it and its verdict. */
export interface GoalResult {
  goal: Goal;
  measured: Interval;
  /** The floor's interval against the same baseline, when the goal names a floor. */
  floor?: Interval;
  /** What the measured value is in: "×" for a ratio, else its unit ("ms", "statements"). */
  unit: string;
  judgement: Judgement;
}

const COUNT_UNITS = { writeCommits: "write commits", transactions: "transactions", statements: "statements", roundTrips: "round trips" } as const;

function find<T extends { id: string }>(list: readonly T[], id: string, goal: Goal): T {
  const found = list.find((item) => item.id === id);
  if (found === undefined) throw new RangeError(`goal ${goal.id} refers to "${id}", which this run did not measure`);
  return found;
}

function judgeOne(goal: Goal, measurements: Measurements): GoalResult {
  switch (goal.kind) {
    case "ratio": {
      const of = find(measurements.comparisons, goal.comparison, goal);
      const measured = ratioOf(of, goal.ours, goal.baseline);
      const floor = goal.floor === undefined ? undefined : ratioOf(of, goal.floor, goal.baseline);
      return { goal, measured, ...(floor === undefined ? {} : { floor }), unit: "×", judgement: judge(measured, goal.target, floor === undefined ? {} : { floor }) };
    }
    case "count": {
      const table = find(measurements.counts, goal.counts, goal);
      const row = table.variants[goal.variant];
      if (row === undefined) throw new RangeError(`goal ${goal.id}: count table ${table.id} has no variant "${goal.variant}"`);
      const measured = exactly(row[goal.measure]);
      return { goal, measured, unit: COUNT_UNITS[goal.measure], judgement: judge(measured, goal.target, { minSamples: 1 }) };
    }
    case "value": {
      const value = find(measurements.values, goal.value, goal);
      if (goal.exact === true) {
        const measured = exactly(value.samples[0] ?? Number.NaN);
        return { goal, measured, unit: value.unit, judgement: judge(measured, goal.target, { minSamples: 1 }) };
      }
      const measured = medianInterval(value.samples, { seed: seedOf(value.id), clusters: value.forkRounds });
      return { goal, measured, unit: value.unit, judgement: judge(measured, goal.target) };
    }
  }
}

/**
 * Judges every goal on this run's measurements (see `judge` for the rule).
 *
 * @throws {RangeError} when a goal refers to a comparison, count or value this run did not
 *   measure — a bench bug, so even `--quick` fails on it
 * @example
 * ```ts
 * const results = judgeGoals(GOALS, measurements);
 * ```
 */
export function judgeGoals(goals: readonly Goal[], measurements: Measurements): GoalResult[] {
  return goals.map((goal) => judgeOne(goal, measurements));
}
