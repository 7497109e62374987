import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { GOALS, type Goal } from "../goals/index.js";
import { goalsChart } from "./chart.js";
import { judgeGoals } from "./judge-goals.js";
import type { HeapAtStart } from "./fresh-heap.js";
import { describeLibrary, type MeasuredLibrary } from "./library-name.js";
import type { Measurements } from "./measurements.js";
import { METHOD } from "./notes.js";
import { figureTables, goalsSection } from "./report.js";
import { describeServer, durabilityWarning, type BenchDatabase, type ServerFacts } from "./server.js";

/** One step of a run: what it measured, how long it took, and the heap it started on (the largest of its processes'). */
export interface StepFacts extends HeapAtStart {
  name: string;
  seconds: number;
  /** How many fresh processes measured it, when it ran in its own (`bench/support/forks.ts`). */
  processes?: number;
}

/** Where and how a run was measured. */
export interface RunFacts {
  when: string;
  quick: boolean;
  seconds: number;
  settings: unknown;
  machine: { os: string; cpus: string; memoryGiB: number; node: string; postgres: ServerFacts; origin: BenchDatabase["origin"] };
  /** Which build of ours was measured; absent in runs saved before the bench recorded it (they measured the source). */
  library?: MeasuredLibrary;
  /** Its steps in order; absent in runs saved before the bench recorded them. */
  steps?: StepFacts[];
}

/** "Live heap at the start of each step: 31–58 MiB …", or nothing for a run that did not record its steps. */
function heapLine(steps: readonly StepFacts[] | undefined): string | undefined {
  if (steps === undefined || steps.length === 0) return undefined;
  const heaps = steps.map((step) => step.heapMiB);
  const how = steps.every((step) => step.collected)
    ? "what earlier steps left collected first"
    : "NOT collected first: the run was started without `--expose-gc`, so a step's samples may pay for an earlier step's garbage";
  const forks = [...new Set(steps.flatMap((step) => (step.processes === undefined ? [] : [step.processes])))];
  const where = forks.length === 0 ? "each in-memory step on checkpointers of its own" : `each timed comparison in ${forks.join(" or ")} fresh processes of its own, its rounds shared out among them`;
  return `Live heap at the start of each step: ${Math.min(...heaps)}–${Math.max(...heaps)} MiB (${where}, ${how}).`;
}

/** A run as `bench/results/*.json` keeps it: its facts, every raw sample, and the goals as judged then. */
export type SavedRun = RunFacts & Measurements;

/**
 * Judges the goals (default: every goal of {@link GOALS}) on a run's samples and writes
 * `<base>.json` (facts, raw samples, judged goals), `<base>.md` (goals, tables, method) and
 * `<base>.svg` (the ratio goals) into `dir`.
 * Deterministic given the samples: the bootstrap's seeds come from the comparisons' ids.
 *
 * @returns the text for the console: the header and the goals
 * @example
 * ```ts
 * const summary = await writeResults(join(__dirname, "results"), "latest", run);
 * ```
 */
export async function writeResults(dir: string, base: string, run: SavedRun, goals: readonly Goal[] = GOALS): Promise<string> {
  const measurements: Measurements = { comparisons: run.comparisons, counts: run.counts, values: run.values };
  const results = judgeGoals(goals, measurements);
  const { machine } = run;
  const warnings = [durabilityWarning(machine.postgres), run.quick ? "Quick smoke run: few samples, most verdicts inconclusive; not for conclusions." : undefined].filter((line) => line !== undefined);
  const header = [
    "# Benchmark results",
    "",
    [`Measured ${run.when} on ${machine.os}, ${machine.cpus}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${describeServer(machine.postgres, machine.origin)}; ${run.seconds.toFixed(0)} s. Ours: ${describeLibrary(run.library)}.`, heapLine(run.steps)].filter((line) => line !== undefined).join(" "),
    ...warnings.map((line) => `\n${line}`),
  ].join("\n");
  const goalLines = goalsSection(results);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${base}.json`), JSON.stringify({ ...run, goals: results }, null, 1) + "\n");
  await writeFile(join(dir, `${base}.md`), `${header}\n\n${goalLines}\n\n${figureTables(measurements)}\n\n${METHOD}\n`);
  await writeFile(join(dir, `${base}.svg`), goalsChart(results, `langgraph-hitl: ratio goals with 95 % intervals${run.quick ? " (quick run, not for conclusions)" : ""}`) + "\n");
  return `${header}\n\n${goalLines}`;
}
