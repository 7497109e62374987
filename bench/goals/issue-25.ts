import type { Goal } from "./types.js";

const source = "issue 25";

/** Notifications and the expiry sweeper. */
const NOTIFY_GOALS: readonly Goal[] = [
  {
    id: "25/outbox-adds-no-commit",
    statement: "The notification outbox adds no commit to the pause (its event is written in the pause's own transaction)",
    source,
    kind: "value",
    value: "notify/added-commits",
    exact: true,
    target: { bound: "at most", value: 0 },
  },
  {
    id: "25/sweeper-no-seq-scan",
    statement: "The sweeper's query scans no inbox sequentially at 100 000 pending approvals",
    source,
    kind: "value",
    value: "sweeper/inbox-seq-scans",
    exact: true,
    target: { bound: "at most", value: 0 },
  },
  {
    id: "25/sweeper-uses-deadline-index",
    statement: "The sweeper's query walks the deadline index at 100 000 pending approvals",
    source,
    kind: "value",
    value: "sweeper/deadline-index-scans",
    exact: true,
    target: { bound: "at least", value: 1 },
  },
  {
    id: "25/sweeper-query-time",
    statement: "The sweeper's query (lease 100 due approvals) at 100 000 pending approvals",
    source,
    kind: "value",
    value: "sweeper/lease-query",
    target: { bound: "at most", value: 20 },
  },
];

function grantedGoal(backend: "memory" | "postgres", calls: number): Goal {
  return {
    id: `25/granted-${backend}-${calls}`,
    statement: `A call a standing grant covers runs without a pause at ≤ 1.05× the screening cost of an allowed call (${calls} call${calls === 1 ? "" : "s"}, ${backend === "postgres" ? "Postgres" : "in memory"})`,
    source,
    kind: "ratio",
    comparison: `grants/${backend}/${calls}`,
    ours: "granted",
    baseline: "allowed",
    target: { bound: "at most", value: 1.05 },
  };
}

/** The goals of issue 25 ("What reviewers ask for next"): notifications, the expiry sweeper, standing grants. */
export const ISSUE_25_GOALS: readonly Goal[] = [...NOTIFY_GOALS, grantedGoal("memory", 1), grantedGoal("memory", 10), grantedGoal("postgres", 1), grantedGoal("postgres", 10)];
