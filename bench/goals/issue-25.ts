import type { Goal } from "./types.js";

function grantedGoal(backend: "memory" | "postgres", calls: number): Goal {
  return {
    id: `25/granted-${backend}-${calls}`,
    statement: `A call a standing grant covers runs without a pause at ≤ 1.05× the screening cost of an allowed call (${calls} call${calls === 1 ? "" : "s"}, ${backend === "postgres" ? "Postgres" : "in memory"})`,
    source: "issue 25",
    kind: "ratio",
    comparison: `grants/${backend}/${calls}`,
    ours: "granted",
    baseline: "allowed",
    target: { bound: "at most", value: 1.05 },
  };
}

/** The goals of issue 25 ("What reviewers ask for next"): standing grants. */
export const ISSUE_25_GOALS: readonly Goal[] = [grantedGoal("memory", 1), grantedGoal("memory", 10), grantedGoal("postgres", 1), grantedGoal("postgres", 10)];
