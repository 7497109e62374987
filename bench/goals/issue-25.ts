import type { Goal } from "./types.js";

const source = "issue 25";

/** The goals of issue 25 ("What reviewers ask for next") this branch measures: notifications and the expiry sweeper. */
export const ISSUE_25_GOALS: readonly Goal[] = [
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
