import type { Goal } from "./types.js";

const source = "issue 26";
const atMost = (value: number) => ({ bound: "at most" as const, value });

function createAgentGoal(backend: "memory" | "postgres", calls: number, value: number): Goal {
  const where = backend === "postgres" ? "Postgres" : "in memory";
  return {
    id: `26/create-agent-${backend}-${calls}`,
    statement: `createAgent + approvalMiddleware vs createAgent + humanInTheLoopMiddleware (same checkpointer), ${calls} call${calls === 1 ? "" : "s"}, ${where}`,
    source,
    kind: "ratio",
    comparison: `create-agent/${backend}/${calls}`,
    ours: "ours",
    baseline: "theirs",
    floor: "floor",
    target: atMost(value),
  };
}

function screeningGoal(backend: "memory" | "postgres", calls: number): Goal {
  return {
    id: `26/screening-${backend}-${calls}`,
    statement: `Screening a batch with no asks vs a plain ToolNode (same checkpointer), ${calls} call${calls === 1 ? "" : "s"}, ${backend === "postgres" ? "Postgres" : "in memory"}`,
    source,
    kind: "ratio",
    comparison: `screening/${backend}/${calls}`,
    ours: "ours",
    baseline: "plain",
    target: atMost(1.05),
  };
}

function throughputGoal(pace: "sequential" | "concurrent"): Goal {
  return {
    id: `26/throughput-${pace}`,
    statement: `Throughput, 200 one-call threads paused then resumed, ${pace === "sequential" ? "sequential" : "concurrency 20"}, vs plain runs (same checkpointer)`,
    source,
    kind: "ratio",
    comparison: `throughput/postgres/${pace}`,
    ours: "ours",
    baseline: "plain",
    floor: "bareFloor",
    target: { bound: "at least", value: 0.85 },
  };
}

function statementsGoal(calls: number): Goal {
  return {
    id: `26/statements-${calls}`,
    statement: `Statements per pause + resume cycle on Postgres (hand-built graph, ${calls} call${calls === 1 ? "" : "s"})`,
    source,
    kind: "count",
    counts: `cycle-counts/${calls}`,
    variant: "ours",
    measure: "statements",
    target: atMost(20),
  };
}

/** The goals of issue 26 ("Performance: the floor was the design, not the physics"). */
export const ISSUE_26_GOALS: readonly Goal[] = [
  {
    id: "26/pg-hand-10-vs-floor",
    statement: "Postgres, hand-built graph, 10 calls: ours vs the bare floor (bare interrupt() + ToolNode, same checkpointer)",
    source,
    kind: "ratio",
    comparison: "pause-resume/postgres/10",
    ours: "ours",
    baseline: "bareFloor",
    target: atMost(1.2),
  },
  {
    id: "26/pg-hand-10-vs-middleware",
    statement: "Postgres, hand-built graph, 10 calls: ours vs createAgent + humanInTheLoopMiddleware (same checkpointer)",
    source,
    kind: "ratio",
    comparison: "pause-resume/postgres/10",
    ours: "ours",
    baseline: "middleware",
    floor: "bareFloor",
    target: atMost(0.5),
  },
  {
    id: "26/pg-hand-10-vs-plain",
    statement: "Postgres, hand-built graph, 10 calls: ours vs a plain ToolNode run on the stock PostgresSaver",
    source,
    kind: "ratio",
    comparison: "pause-resume/postgres/10",
    ours: "ours",
    baseline: "plainStock",
    floor: "bareFloor",
    target: atMost(1.3),
  },
  createAgentGoal("postgres", 1, 0.9),
  createAgentGoal("postgres", 10, 0.75),
  createAgentGoal("postgres", 50, 0.45),
  createAgentGoal("memory", 1, 1.0),
  createAgentGoal("memory", 50, 0.5),
  throughputGoal("sequential"),
  throughputGoal("concurrent"),
  screeningGoal("memory", 1),
  screeningGoal("memory", 10),
  screeningGoal("postgres", 1),
  screeningGoal("postgres", 10),
  statementsGoal(1),
  statementsGoal(10),
  {
    id: "26/no-synchronous-commit-off",
    statement: "No statement of a cycle changes synchronous_commit (\"never synchronous_commit = off for anything a guarantee rests on\")",
    source,
    kind: "value",
    value: "durability/synchronous-commit",
    exact: true,
    target: atMost(0),
  },
];
