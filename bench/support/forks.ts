/**
 * Each timed comparison runs in fresh processes of its own ("forks", as JMH calls them), one after
 * the other, its rounds shared out among them; the samples are put back together in order, with
 * how many each process measured, and the intervals resample by process, then by round.
 *
 * Why: V8 compiles what a process runs for the shapes it has seen, and what one comparison leaves
 * (compiled code, type feedback, a heap laid out for other work) changes what the next one costs.
 * Measured on figure 9's one-call workload in memory (the bench's six variants, 100 rounds):
 * ours ÷ the middleware took 1.22–1.24× in four fresh processes, against 1.24–1.28× in full runs,
 * where it ran after eleven other comparisons in the same process — a shift as large as a run's
 * interval, in one direction, and one no interval of one process can carry.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HeapAtStart } from "./fresh-heap.js";
import type { Comparison, Measurements, ValueFigure } from "./measurements.js";
import type { BenchSettings } from "../workloads/settings.js";
import type { ForkedStep } from "../workloads/forked-steps.js";

/**
 * The rounds process `fork` of `forks` measures out of `total`: as even a share as can be, the
 * first processes taking one more when it does not divide.
 *
 * @throws {RangeError} when `forks` is not a positive integer or `fork` is out of range
 * @example
 * ```ts
 * [0, 1, 2, 3].map((fork) => shareOf(10, 4, fork)); // [3, 3, 2, 2]
 * ```
 */
export function shareOf(total: number, forks: number, fork: number): number {
  if (!Number.isInteger(forks) || forks < 1) throw new RangeError(`forks must be a positive integer: received ${forks}`);
  if (!Number.isInteger(fork) || fork < 0 || fork >= forks) throw new RangeError(`fork must be 0 … ${forks - 1}: received ${fork}`);
  return Math.floor(total / forks) + (fork < total % forks ? 1 : 0);
}

/**
 * The settings one process of a forked comparison runs with: its share of every kind of round.
 *
 * @example
 * ```ts
 * forkSettings(settingsFor(false), 0).memorySamples; // 50 of 200, in 4 processes
 * ```
 */
export function forkSettings(settings: BenchSettings, fork: number): BenchSettings {
  const share = (total: number) => shareOf(total, settings.forks, fork);
  return {
    ...settings,
    samples: share(settings.samples),
    fineSamples: share(settings.fineSamples),
    memorySamples: share(settings.memorySamples),
    throughputRounds: share(settings.throughputRounds),
  };
}

/** How many rounds a comparison holds (its variants were measured in the same rounds). */
function roundsOf(of: Comparison): number {
  return Object.values(of.variants)[0]?.samples.length ?? 0;
}

function mergeComparisons(parts: readonly Comparison[]): Comparison {
  const [first] = parts;
  if (first === undefined) throw new RangeError("nothing to merge: no process measured the comparison");
  const variants = Object.fromEntries(
    Object.entries(first.variants).map(([name, variant]) => {
      const all = parts.map((part) => part.variants[name]);
      if (all.some((sample) => sample === undefined)) throw new RangeError(`comparison ${first.id}: a process did not measure variant "${name}"`);
      const cpu = all.every((sample) => sample!.cpu !== undefined) ? { cpu: all.flatMap((sample) => sample!.cpu!) } : {};
      return [name, { label: variant.label, samples: all.flatMap((sample) => sample!.samples), ...cpu }];
    }),
  );
  return { ...first, variants, forkRounds: parts.map(roundsOf) };
}

function mergeValues(parts: readonly ValueFigure[]): ValueFigure {
  const [first] = parts;
  if (first === undefined) throw new RangeError("nothing to merge: no process measured the value");
  const beside = first.beside === undefined ? {} : { beside: { label: first.beside.label, samples: parts.flatMap((part) => part.beside?.samples ?? []) } };
  return { ...first, samples: parts.flatMap((part) => part.samples), ...beside, forkRounds: parts.map((part) => part.samples.length) };
}

/** Groups items of every part by id, in the order the first part lists them. */
function byId<T extends { id: string }>(parts: ReadonlyArray<readonly T[]>, merge: (same: T[]) => T): T[] {
  const ids = (parts[0] ?? []).map((item) => item.id);
  for (const part of parts) {
    const theirs = part.map((item) => item.id).join("\u0000");
    if (theirs !== ids.join("\u0000")) throw new RangeError(`the processes of one step measured different things: [${ids.join(", ")}] and [${part.map((item) => item.id).join(", ")}]`);
  }
  return ids.map((id) => merge(parts.map((part) => part.find((item) => item.id === id)!)));
}

/**
 * What the processes of one step measured, as one measurement: each comparison's samples (and
 * each value's) concatenated in process order, with `forkRounds` saying how many each measured.
 *
 * @throws {RangeError} when the processes did not measure the same comparisons and values
 * @example
 * ```ts
 * const merged = mergeForks([first, second]); // merged.comparisons[0].forkRounds: [50, 50]
 * ```
 */
export function mergeForks(parts: ReadonlyArray<Partial<Measurements>>): Partial<Measurements> {
  if (parts.some((part) => (part.counts?.length ?? 0) > 0)) throw new RangeError("counts are not measured in forks: run that step in the bench's own process");
  return {
    comparisons: byId(parts.map((part) => part.comparisons ?? []), mergeComparisons),
    values: byId(parts.map((part) => part.values ?? []), mergeValues),
  };
}

/** What a forked process hands back (bench/fork.ts writes it). */
export interface ForkOutput {
  heap: HeapAtStart;
  measured: Partial<Measurements>;
}

function runFork(script: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // The same runtime and flags as this process (tsx's loader, --expose-gc), a script of its own;
    // whatever it prints goes to this process's stderr, beside the progress lines on stdout.
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], { stdio: ["ignore", 2, 2] });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`bench/fork.ts exited with ${signal ?? `code ${code}`}: ${args[0]}`))));
  });
}

/**
 * Runs `step` in `settings.forks` fresh processes, one after the other, each on its share of the
 * rounds (`bench/fork.ts`), and merges what they measured.
 *
 * @param step - Which workload, on which backend.
 * @param settings - The run's settings (every process gets its share of them).
 * @param databaseUrl - The bench's Postgres, for a step on Postgres.
 * @returns The merged measurements and the heap each process started on.
 * @throws the error of a process that failed (the step fails the run, as in one process)
 * @example
 * ```ts
 * const { measured } = await inForks({ kind: "screening", backend: "memory" }, settings, server.url);
 * ```
 */
export async function inForks(step: ForkedStep, settings: BenchSettings, databaseUrl: string): Promise<{ measured: Partial<Measurements>; heaps: HeapAtStart[] }> {
  const dir = await mkdtemp(join(tmpdir(), "hitl-bench-"));
  try {
    const outputs: ForkOutput[] = [];
    for (let fork = 0; fork < settings.forks; fork += 1) {
      const out = join(dir, `${fork}.json`);
      await runFork(join(__dirname, "..", "fork.ts"), [JSON.stringify({ step, settings: forkSettings(settings, fork), databaseUrl }), out]);
      outputs.push(JSON.parse(await readFile(out, "utf8")) as ForkOutput);
    }
    return { measured: mergeForks(outputs.map((output) => output.measured)), heaps: outputs.map((output) => output.heap) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
