import type { Goal } from "./types.js";

const source = "an earlier round";

/**
 * Goals of earlier rounds that issue 26 does not supersede (its pause + resume, createAgent,
 * throughput and screening goals replaced the earlier ones on the same workloads).
 */
export const EARLIER_GOALS: readonly Goal[] = [
  ...(["memory", "postgres"] as const).flatMap((backend) =>
    [1, 10].map(
      (calls): Goal => ({
        id: `earlier/resume-vs-raw-${backend}-${calls}`,
        statement: `resume() vs a raw Command resume, ${calls} call${calls === 1 ? "" : "s"}, ${backend === "postgres" ? "Postgres" : "in memory"}`,
        source,
        kind: "ratio",
        comparison: `resume-cost/${backend}/${calls}`,
        ours: "resume",
        baseline: "raw",
        target: { bound: "at most", value: 1.1 },
      }),
    ),
  ),
  ...[1, 10].flatMap((calls) =>
    (["claim", "results"] as const).map(
      (part): Goal => ({
        id: `earlier/${part}-commits-${calls}`,
        statement: `Commits ${part === "claim" ? "the claim" : "the call results"} add${part === "claim" ? "s" : ""} per batch (${calls} call${calls === 1 ? "" : "s"}, Postgres)`,
        source,
        kind: "value",
        value: `claim-commits/${calls}/${part}`,
        exact: true,
        target: { bound: "at most", value: 1 },
      }),
    ),
  ),
  ...(["first-page", "cursor-page", "by-thread"] as const).map(
    (query): Goal => ({
      id: `earlier/inbox-${query}`,
      statement: `Inbox with many paused threads: ${query === "first-page" ? "listPendingInterrupts({ limit: 50 })" : query === "cursor-page" ? "a page from the middle (cursor)" : "lookup by thread"}`,
      source,
      kind: "value",
      value: `inbox/${query}`,
      target: { bound: "at most", value: 5 },
    }),
  ),
];
