import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Goal } from "../../bench/goals/index.js";
import { normal, seededRandom } from "../../bench/support/random.js";
import { writeResults, type SavedRun } from "../../bench/support/write-results.js";

function savedRun(fsync: string): SavedRun {
  const random = seededRandom(4);
  const base = Array.from({ length: 30 }, () => 10 * Math.exp(0.3 * normal(random)));
  return {
    when: "2026-12-01T00:00:00.000Z",
    quick: false,
    seconds: 400,
    settings: {},
    machine: { os: "Linux", cpus: "2 × test", memoryGiB: 8, node: "v20", origin: "DATABASE_URL", postgres: { version: "18.4", fsync, synchronous_commit: "on", full_page_writes: "on", wal_sync_method: "fdatasync" } },
    comparisons: [
      {
        id: "pause-resume/postgres/10",
        figure: "2. Pause + resume",
        case: "10 calls",
        backend: "postgres",
        unit: "ms",
        variants: {
          ours: { label: "ours: test (HITLPostgresSaver)", samples: base.map((value) => value * 1.1 * Math.exp(0.05 * normal(random))) },
          bareFloor: { label: "bare floor: test (HITLPostgresSaver)", samples: base },
        },
        rows: [{ ours: "ours", baseline: "bareFloor", relation: "like for like" }],
      },
    ],
    counts: [],
    values: [],
  };
}

const goals: Goal[] = [{ id: "t/floor", statement: "ours vs the bare floor", source: "a test", kind: "ratio", comparison: "pause-resume/postgres/10", ours: "ours", baseline: "bareFloor", target: { bound: "at most", value: 1.2 } }];

describe("writing a run's results", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-results-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("a saved run re-judged from its own JSON gives the same report, byte for byte", async () => {
    await writeResults(dir, "first", savedRun("on"), goals);
    const saved = JSON.parse(await readFile(join(dir, "first.json"), "utf8")) as SavedRun & { goals?: unknown };
    expect(saved.goals).toHaveLength(1);
    delete saved.goals;
    await writeResults(dir, "again", saved, goals);
    for (const extension of ["md", "svg"]) {
      expect(await readFile(join(dir, `again.${extension}`), "utf8")).toBe(await readFile(join(dir, `first.${extension}`), "utf8"));
    }
  });

  test("the report has the goals, the figures, the method, and where it was measured", async () => {
    const summary = await writeResults(dir, "latest", savedRun("on"), goals);
    const markdown = await readFile(join(dir, "latest.md"), "utf8");
    expect(summary).toContain("ours vs the bare floor");
    for (const heading of ["# Benchmark results", "## Goals", "### Goals of a test", "## Figures", "### 2. Pause + resume", "## Method"]) expect(markdown).toContain(heading);
    expect(markdown).toContain("Postgres 18.4 (from DATABASE_URL; fsync on");
    expect(markdown).not.toContain("Not at production durability");
  });

  test("the report names which build of ours was measured, and a run saved before it was recorded as the source", async () => {
    await writeResults(dir, "package", { ...savedRun("on"), library: "package" }, goals);
    expect(await readFile(join(dir, "package.md"), "utf8")).toContain("Ours: the built package (dist/cjs).");
    await writeResults(dir, "older", savedRun("on"), goals);
    expect(await readFile(join(dir, "older.md"), "utf8")).toContain("Ours: the TypeScript source through tsx.");
  });

  test("the report says the live heap each step started on, and a run saved before steps were recorded says nothing of it", async () => {
    const steps = [
      { name: "1. screening (memory)", seconds: 8, heapMiB: 31, collected: true },
      { name: "9. createAgent, 50 calls (memory)", seconds: 30, heapMiB: 58, collected: true },
      { name: "2. pause + resume, 10 calls (postgres)", seconds: 20, heapMiB: 44, collected: true },
    ];
    await writeResults(dir, "stepped", { ...savedRun("on"), steps }, goals);
    const stepped = await readFile(join(dir, "stepped.md"), "utf8");
    expect(stepped).toContain("Live heap at the start of each step: 31–58 MiB (each in-memory step on checkpointers of its own, what earlier steps left collected first).");
    await writeResults(dir, "uncollected", { ...savedRun("on"), steps: steps.map((step, index) => ({ ...step, collected: index !== 1 })) }, goals);
    expect(await readFile(join(dir, "uncollected.md"), "utf8")).toContain("NOT collected first: the run was started without `--expose-gc`");
    await writeResults(dir, "older", savedRun("on"), goals);
    expect(await readFile(join(dir, "older.md"), "utf8")).not.toContain("Live heap");
  });

  test("a run whose comparisons ran in processes of their own says so, and each goal says how many processes its rounds came from", async () => {
    const forked = savedRun("on");
    forked.comparisons[0]!.forkRounds = [8, 8, 7, 7];
    const steps = [
      { name: "2. pause + resume, 10 calls (postgres)", seconds: 20, heapMiB: 29, collected: true, processes: 4 },
      { name: "5. storage (postgres)", seconds: 2, heapMiB: 33, collected: true },
    ];
    await writeResults(dir, "forked", { ...forked, steps }, goals);
    const markdown = await readFile(join(dir, "forked.md"), "utf8");
    expect(markdown).toContain("Live heap at the start of each step: 29–33 MiB (each timed comparison in 4 fresh processes of its own, its rounds shared out among them, what earlier steps left collected first).");
    expect(markdown).toContain("(target ≤ 1.2×; 30 paired rounds in 4 processes;");
    expect(markdown).toContain("#### 10 calls, postgres (30 paired rounds in 4 processes)");
  });

  test("a server that does not run at production durability gets a warning above the goals", async () => {
    await writeResults(dir, "latest", savedRun("off"), goals);
    const markdown = await readFile(join(dir, "latest.md"), "utf8");
    expect(markdown.indexOf("⚠️ Not at production durability: fsync off")).toBeGreaterThan(-1);
    expect(markdown.indexOf("⚠️ Not at production durability")).toBeLessThan(markdown.indexOf("## Goals"));
  });
});
