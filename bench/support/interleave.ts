import { performance } from "node:perf_hooks";

/** One timed operation; `prepare` runs untimed before each sample (e.g. pausing a thread to resume). */
export interface Variant<P = unknown> {
  prepare?: () => Promise<P>;
  run: (prepared: P) => Promise<unknown>;
}

/** Samples of variants measured in the same rounds: `samples[name][i]` is `name` in round `i`. */
export type PairedSamples = Record<string, number[]>;

/** The CPU time each sample of an {@link interleave} result took, keyed by that result. */
const CPU_OF = new WeakMap<PairedSamples, PairedSamples>();

/**
 * The CPU time (user + system, ms) this process spent in each sample {@link interleave}
 * recorded, paired like its wall times: what of a sample was this process's work, the rest
 * being waits (Postgres executing and flushing, timers). `undefined` for samples it did not make.
 *
 * @example
 * ```ts
 * const samples = await interleave(variants, settings);
 * cpuSamplesOf(samples)?.ours; // [4.1, 3.9, …], beside samples.ours
 * ```
 */
export function cpuSamplesOf(samples: PairedSamples): PairedSamples | undefined {
  return CPU_OF.get(samples);
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}

/**
 * The order variants run in within one round: rotated by one place each round, and reversed in
 * every other cycle of rotations. Over 2 × count rounds every variant runs in every position
 * equally often, and before each other variant in exactly half of the rounds, so neither a cold
 * cache nor what the previous variant left behind (garbage, dirty pages) always lands on the
 * same variant.
 *
 * @param count how many variants
 * @param round the round number, from 0
 * @returns a permutation of 0 … count − 1
 * @example
 * ```ts
 * roundOrder(3, 0); // [0, 1, 2]
 * roundOrder(3, 1); // [1, 2, 0]
 * roundOrder(3, 3); // [2, 1, 0]
 * ```
 */
export function roundOrder(count: number, round: number): number[] {
  const shift = round % count;
  const rotated = Array.from({ length: count }, (_, index) => (index + shift) % count);
  return Math.floor(round / count) % 2 === 0 ? rotated : rotated.reverse();
}

/**
 * Times variants in rounds — each round runs every variant once, in {@link roundOrder} — after
 * a warm-up that is not recorded, so the samples of one round form a pair (or a tuple) that
 * saw the same machine weather.
 *
 * @example
 * ```ts
 * const samples = await interleave({ a: { run: doA }, b: { run: doB } }, { warmup: 5, samples: 100 });
 * // samples.a[i] and samples.b[i] were measured in round i
 * ```
 */
export async function interleave(variants: Record<string, Variant<any>>, options: { warmup: number; samples: number }): Promise<PairedSamples> {
  const names = Object.keys(variants);
  const samples: PairedSamples = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: PairedSamples = Object.fromEntries(names.map((name) => [name, []]));
  CPU_OF.set(samples, cpu);
  for (let round = 0; round < options.warmup + options.samples; round += 1) {
    for (const index of roundOrder(names.length, round)) {
      const name = names[index]!;
      const variant = variants[name]!;
      const prepared = variant.prepare === undefined ? undefined : await variant.prepare();
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      await variant.run(prepared);
      const elapsed = performance.now() - started;
      const cpuElapsed = cpuMs(cpuStarted);
      if (round >= options.warmup) {
        samples[name]!.push(elapsed);
        cpu[name]!.push(cpuElapsed);
      }
    }
  }
  return samples;
}
