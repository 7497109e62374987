import type { Goal } from "../../bench/goals/index.js";
import { goalsChart } from "../../bench/support/chart.js";
import { judgeGoals } from "../../bench/support/judge-goals.js";
import type { Comparison, Measurements } from "../../bench/support/measurements.js";
import { figureTables } from "../../bench/support/report.js";
import { durabilityWarning, type ServerFacts } from "../../bench/support/server.js";

const durable: ServerFacts = { version: "18.4", fsync: "on", synchronous_commit: "on", full_page_writes: "on", wal_sync_method: "fdatasync" };

describe("the durability the results are measured at", () => {
  test("no warning at Postgres's defaults, nor when commits still wait for the local flush", () => {
    expect(durabilityWarning(durable)).toBeUndefined();
    expect(durabilityWarning({ ...durable, synchronous_commit: "local" })).toBeUndefined();
    expect(durabilityWarning({ ...durable, synchronous_commit: "remote_apply" })).toBeUndefined();
  });

  test.each<[keyof ServerFacts, string]>([
    ["fsync", "off"],
    ["synchronous_commit", "off"],
    ["full_page_writes", "off"],
  ])("a warning naming %s when it is %s", (setting, value) => {
    expect(durabilityWarning({ ...durable, [setting]: value })).toContain(`${setting} ${value}`);
  });
});

const rounds = (factor: number) => Array.from({ length: 12 }, (_, index) => (10 + (index % 3)) * factor * (1 + (factor !== 1 ? (index % 4) * 0.01 : 0)));

function comparisonOf(id: string, figure: string, ratio: number): Comparison {
  return {
    id,
    figure,
    case: "10 calls",
    backend: "postgres",
    unit: "ms",
    variants: { ours: { label: "ours: ApprovalToolNode (HITLPostgresSaver)", samples: rounds(ratio) }, floor: { label: "bare floor: a bare interrupt() (HITLPostgresSaver)", samples: rounds(1) } },
    rows: [{ ours: "ours", baseline: "floor", relation: "like for like: same checkpointer" }],
  };
}

const measurements: Measurements = {
  comparisons: [comparisonOf("b", "9. createAgent", 0.5), comparisonOf("a", "2. Pause + resume", 1.25)],
  counts: [{ id: "c", figure: "8. Counts", case: "1 call", variants: { ours: { label: "ours", writeCommits: 13, transactions: 16, statements: 44, roundTrips: 40 } } }],
  values: [{ id: "v", figure: "2b. Where the time goes", case: "1 call", backend: "postgres", unit: "ms", label: "the claim", samples: [1, 2, 3] }],
};

describe("the figure tables", () => {
  const text = figureTables(measurements);

  test("are in figure order, a lettered figure after its number", () => {
    const order = ["### 2. Pause + resume", "### 2b. Where the time goes", "### 8. Counts", "### 9. createAgent"].map((heading) => text.indexOf(heading));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test("name every ratio's baseline and what kind of baseline it is, with the ratio's interval", () => {
    expect(text).toMatch(/\| ours ÷ bare floor \| like for like: same checkpointer \| 1\.2\d× \[1\.2\d, 1\.2\d\] \|/);
  });

  test("show the CPU this process spent beside each variant's times when the samples carry it, and no CPU column when they do not", () => {
    const withCpu = comparisonOf("cpu", "3. With CPU", 1);
    withCpu.variants["ours"]!.cpu = [4, 5, 6];
    withCpu.variants["floor"]!.cpu = [2, 3, 4];
    const table = figureTables({ comparisons: [withCpu], counts: [], values: [] });
    expect(table).toContain("| variant | median / p95 (ms) | CPU of this process, median (ms) |");
    expect(table).toMatch(/\| ours: ApprovalToolNode \(HITLPostgresSaver\) \| [\d.]+ \/ [\d.]+ \| 5\.00 \|/);
    expect(table).toMatch(/\| bare floor: a bare interrupt\(\) \(HITLPostgresSaver\) \| [\d.]+ \/ [\d.]+ \| 3\.00 \|/);
    expect(text).not.toContain("CPU of this process");
  });

  test("give every count of a variant", () => {
    expect(text).toContain("| 1 call | ours | 13 | 16 | 44 | 40 |");
  });
});

describe("the goals chart", () => {
  const goal = (id: string, comparison: string, value: number): Goal => ({ id, statement: `goal ${id} against the bare floor`, source: "a test", kind: "ratio", comparison, ours: "ours", baseline: "floor", target: { bound: "at most", value } });

  test("draws one row per ratio goal, labelled with what it is measured against, coloured by verdict", () => {
    const svg = goalsChart(judgeGoals([goal("met", "b", 0.6), goal("missed", "a", 1.1)], measurements), "title");
    expect(svg).toContain("goal met against the bare floor");
    expect(svg).toContain("goal missed against the bare floor");
    expect(svg).toContain('fill="#2e7d32"');
    expect(svg).toContain('fill="#c62828"');
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
  });
});
