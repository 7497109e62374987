import { GOALS, type Goal } from "../../bench/goals/index.js";
import { ISSUE_26_GOALS } from "../../bench/goals/issue-26.js";
import { judgeGoals } from "../../bench/support/judge-goals.js";
import type { Comparison, Measurements } from "../../bench/support/measurements.js";
import { normal, seededRandom } from "../../bench/support/random.js";
import { goalLine, goalsSection } from "../../bench/support/report.js";

/** Rounds where each variant is `ratios[name]` × a drifting baseline of 10 ms. */
function rounds(ratios: Record<string, number>, count = 60): Record<string, { label: string; samples: number[] }> {
  const random = seededRandom(3);
  const base = Array.from({ length: count }, () => 10 * Math.exp(0.3 * normal(random)));
  return Object.fromEntries(Object.entries(ratios).map(([name, ratio]) => [name, { label: name, samples: base.map((value) => value * ratio * Math.exp(0.02 * normal(random))) }]));
}

function pauseResume(ratios: Record<string, number>, count?: number): Comparison {
  return { id: "pause-resume/postgres/10", figure: "2. test", case: "10 calls", backend: "postgres", unit: "ms", variants: rounds(ratios, count), rows: [] };
}

const vsMiddleware: Goal = {
  id: "t/vs-middleware",
  statement: "ours vs the middleware",
  source: "a test",
  kind: "ratio",
  comparison: "pause-resume/postgres/10",
  ours: "ours",
  baseline: "middleware",
  floor: "bareFloor",
  target: { bound: "at most", value: 0.5 },
};

const measured = (comparisons: Comparison[], extra: Partial<Measurements> = {}): Measurements => ({ comparisons, counts: [], values: [], ...extra });

describe("judging goals on a run's measurements", () => {
  test("a ratio goal is judged on the paired interval of the two variants it names", () => {
    const [met] = judgeGoals([vsMiddleware], measured([pauseResume({ ours: 0.4, middleware: 1, bareFloor: 0.3 })]));
    expect(met!.judgement.verdict).toBe("met");
    expect(met!.measured.estimate).toBeCloseTo(0.4, 1);
    expect(met!.measured.high).toBeLessThan(0.5);
  });

  test("a goal whose floor misses it for sure is out of reach, and the line shows the floor's interval", () => {
    const [result] = judgeGoals([vsMiddleware], measured([pauseResume({ ours: 0.7, middleware: 1, bareFloor: 0.6 })]));
    expect(result!.judgement.verdict).toBe("out of reach");
    expect(result!.floor!.low).toBeGreaterThan(0.5);
    expect(goalLine(result!)).toMatch(/^- ⛔ out of reach — ours vs the middleware: \*\*0\.70×\*\* \[0\.\d\d, 0\.\d\d\] \(target ≤ 0\.5×; 60 paired rounds; not met, and the floor's own interval is wholly on the wrong side; the floor: 0\.60× \[0\.\d\d, 0\.\d\d\]\)$/);
  });

  test("a ratio measured at the target is inconclusive, not met or missed", () => {
    const [result] = judgeGoals([vsMiddleware], measured([pauseResume({ ours: 0.5, middleware: 1, bareFloor: 0.3 })]));
    expect(result!.judgement.verdict).toBe("inconclusive");
    expect(goalLine(result!)).toContain("❔ inconclusive");
  });

  test("a count goal compares the exact count", () => {
    const counts = [{ id: "cycle-counts/10", figure: "8. test", case: "10 calls", variants: { ours: { label: "ours", writeCommits: 13, transactions: 16, statements: 44, roundTrips: 44 }, bareFloor: { label: "floor", writeCommits: 11, transactions: 13, statements: 18, roundTrips: 18 } } }];
    const statements = ISSUE_26_GOALS.find((goal) => goal.id === "26/statements-10")!;
    const [result] = judgeGoals([statements], measured([], { counts }));
    expect(result!.judgement.verdict).toBe("missed");
    expect(goalLine(result!)).toContain("**44 statements** (target ≤ 20 statements; the exact count is on the wrong side)");
  });

  test("a value goal is judged on the interval of its median", () => {
    const values = [{ id: "inbox/first-page", figure: "6. Inbox", case: "page", backend: "postgres" as const, unit: "ms" as const, label: "page", samples: Array.from({ length: 50 }, (_, index) => 1.5 + (index % 5) * 0.01) }];
    const inboxGoal = GOALS.find((goal) => goal.id === "earlier/inbox-first-page")!;
    const [result] = judgeGoals([inboxGoal], measured([], { values }));
    expect(result!.judgement.verdict).toBe("met");
    expect(goalLine(result!)).toContain("**1.52 ms** [");
  });

  test("a goal naming something the run did not measure is an error, not a verdict", () => {
    expect(() => judgeGoals([vsMiddleware], measured([]))).toThrow(/refers to "pause-resume\/postgres\/10", which this run did not measure/);
    expect(() => judgeGoals([vsMiddleware], measured([pauseResume({ ours: 1, middleware: 1 })]))).toThrow(/has no variant "bareFloor"/);
  });

  test("the goals section groups lines by the round that set them and tallies the verdicts", () => {
    const results = judgeGoals([vsMiddleware, { ...vsMiddleware, id: "t/2", source: "another test", target: { bound: "at most", value: 2 } }], measured([pauseResume({ ours: 0.7, middleware: 1, bareFloor: 0.3 })]));
    const section = goalsSection(results);
    expect(section).toContain("1 met, 1 missed, 0 out of reach, 0 inconclusive.");
    expect(section.indexOf("### Goals of a test")).toBeLessThan(section.indexOf("### Goals of another test"));
  });
});

describe("the goals of issue 26", () => {
  const ratio = (id: string) => {
    const goal = ISSUE_26_GOALS.find((candidate) => candidate.id === id);
    if (goal?.kind !== "ratio") throw new Error(`no ratio goal ${id}`);
    return goal;
  };

  test.each<[string, string, string, string, "at most" | "at least", number, string | undefined]>([
    ["26/pg-hand-10-vs-floor", "pause-resume/postgres/10", "ours", "bareFloor", "at most", 1.2, undefined],
    ["26/pg-hand-10-vs-middleware", "pause-resume/postgres/10", "ours", "middleware", "at most", 0.5, "bareFloor"],
    ["26/pg-hand-10-vs-plain", "pause-resume/postgres/10", "ours", "plainStock", "at most", 1.3, "bareFloor"],
    ["26/create-agent-postgres-1", "create-agent/postgres/1", "ours", "theirs", "at most", 0.9, "floor"],
    ["26/create-agent-postgres-10", "create-agent/postgres/10", "ours", "theirs", "at most", 0.75, "floor"],
    ["26/create-agent-postgres-50", "create-agent/postgres/50", "ours", "theirs", "at most", 0.45, "floor"],
    ["26/create-agent-memory-1", "create-agent/memory/1", "ours", "theirs", "at most", 1.0, "floor"],
    ["26/create-agent-memory-50", "create-agent/memory/50", "ours", "theirs", "at most", 0.5, "floor"],
    ["26/throughput-sequential", "throughput/postgres/sequential", "ours", "plain", "at least", 0.85, "bareFloor"],
    ["26/throughput-concurrent", "throughput/postgres/concurrent", "ours", "plain", "at least", 0.85, "bareFloor"],
    ["26/screening-memory-1", "screening/memory/1", "ours", "plain", "at most", 1.05, undefined],
    ["26/screening-memory-10", "screening/memory/10", "ours", "plain", "at most", 1.05, undefined],
    ["26/screening-postgres-1", "screening/postgres/1", "ours", "plain", "at most", 1.05, undefined],
    ["26/screening-postgres-10", "screening/postgres/10", "ours", "plain", "at most", 1.05, undefined],
  ])("%s compares %s: %s against %s, %s %d", (id, comparison, ours, baseline, bound, value, floor) => {
    expect(ratio(id)).toMatchObject({ comparison, ours, baseline, target: { bound, value } });
    expect(ratio(id).floor).toBe(floor);
  });

  test("statements per pause + resume cycle are at most 20 on Postgres, at 1 and 10 calls", () => {
    for (const calls of [1, 10]) expect(ISSUE_26_GOALS.find((goal) => goal.id === `26/statements-${calls}`)).toMatchObject({ kind: "count", counts: `cycle-counts/${calls}`, variant: "ours", measure: "statements", target: { bound: "at most", value: 20 } });
  });

  test("every goal has its own id, and no earlier goal is judged on a workload issue 26 now sets", () => {
    expect(new Set(GOALS.map((goal) => goal.id)).size).toBe(GOALS.length);
    const issue26 = new Set(ISSUE_26_GOALS.flatMap((goal) => (goal.kind === "ratio" ? [goal.comparison] : [])));
    const earlier = GOALS.filter((goal) => goal.source !== "issue 26" && goal.kind === "ratio");
    for (const goal of earlier) expect(issue26.has(goal.kind === "ratio" ? goal.comparison : "")).toBe(false);
  });
});
