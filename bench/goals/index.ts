import { EARLIER_GOALS } from "./earlier.js";
import { ISSUE_25_GOALS } from "./issue-25.js";
import { ISSUE_26_GOALS } from "./issue-26.js";
import type { Goal } from "./types.js";

export type { CountGoal, Goal, RatioGoal, ValueGoal } from "./types.js";

/**
 * Every goal `npm run bench` judges, newest round first. A new round adds its own file (a list
 * of goals naming the comparisons, counts or values its workloads measure) and lists it here.
 */
export const GOALS: readonly Goal[] = [...ISSUE_26_GOALS, ...ISSUE_25_GOALS, ...EARLIER_GOALS];
