import { medianInterval, pairedRatioInterval } from "../../bench/support/bootstrap.js";
import { normal, seededRandom, type Random } from "../../bench/support/random.js";

/**
 * Rounds of a synthetic benchmark: each round has a drift shared by both sides (the machine got
 * slower or faster), and each sample its own noise; ours is `ratio` × the baseline's distribution.
 */
function syntheticRounds(random: Random, rounds: number, ratio: number, drift: number, noise = 0.15): { ours: number[]; baseline: number[] } {
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const shared = Math.exp(drift * normal(random));
    baseline.push(10 * shared * Math.exp(noise * normal(random)));
    ours.push(ratio * 10 * shared * Math.exp(noise * normal(random)));
  }
  return { ours, baseline };
}

function coverage(trials: number, rounds: number, ratio: number, drift: number): { covered: number; containsOne: number } {
  const random = seededRandom(20_260);
  let covered = 0;
  let containsOne = 0;
  for (let trial = 0; trial < trials; trial += 1) {
    const { ours, baseline } = syntheticRounds(random, rounds, ratio, drift);
    const interval = pairedRatioInterval(ours, baseline, { seed: trial, resamples: 400 });
    if (interval.low <= ratio && ratio <= interval.high) covered += 1;
    if (interval.low <= 1 && 1 <= interval.high) containsOne += 1;
  }
  return { covered: covered / trials, containsOne: containsOne / trials };
}

describe("the paired bootstrap interval of a ratio", () => {
  // 200 synthetic benchmarks each (seeded, so the figures are the same on every run; with 200
  // trials a true 95 % coverage lands in 0.92–0.98).
  let sixty: { covered: number; containsOne: number };
  beforeAll(() => {
    sixty = coverage(200, 60, 1.2, 0.3);
  });

  test("covers a known ratio about 95 % of the time, with a slow machine drifting under both sides", () => {
    expect(sixty.covered).toBeGreaterThanOrEqual(0.92);
    expect(sixty.covered).toBeLessThanOrEqual(0.98);
  });

  test("still covers it at the 10 rounds a verdict needs at least", () => {
    expect(coverage(200, 10, 1.2, 0.3).covered).toBeGreaterThanOrEqual(0.9);
  });

  test("excludes a ratio 20 % away at 60 rounds almost always (the interval is not vacuously wide)", () => {
    expect(sixty.containsOne).toBeLessThan(0.02);
  });

  test("resamples whole rounds: drift shared by both sides of a round does not widen the interval", () => {
    const random = seededRandom(5);
    const baseline = Array.from({ length: 80 }, () => 10 * Math.exp(0.8 * normal(random)));
    const ours = baseline.map((value) => value * 1.25);
    const interval = pairedRatioInterval(ours, baseline, { seed: 1 });
    expect(interval.low).toBeCloseTo(1.25, 10);
    expect(interval.high).toBeCloseTo(1.25, 10);
    // Resampled unpaired, the same values' medians alone spread far wider than that.
    const alone = medianInterval(baseline, { seed: 1 });
    expect(alone.high / alone.low).toBeGreaterThan(1.2);
  });

  test("is reproducible: the same samples and seed give the same interval; the seed, not the clock, decides the resamples", () => {
    const { ours, baseline } = syntheticRounds(seededRandom(9), 41, 0.8, 0.2);
    const first = pairedRatioInterval(ours, baseline, { seed: 7 });
    expect(pairedRatioInterval(ours, baseline, { seed: 7 })).toEqual(first);
    const bySeed = Array.from({ length: 20 }, (_, seed) => pairedRatioInterval(ours, baseline, { seed }));
    expect(new Set(bySeed.map((interval) => interval.estimate)).size).toBe(1);
    expect(new Set(bySeed.map((interval) => `${interval.low} ${interval.high}`)).size).toBeGreaterThan(1);
  });

  test("reports the median of the per-round ratios as its estimate, and how many rounds it rests on", () => {
    const interval = pairedRatioInterval([12, 30, 11], [10, 20, 10], { seed: 1 });
    expect(interval.estimate).toBeCloseTo(1.2, 10);
    expect(interval.samples).toBe(3);
    expect(interval.level).toBe(0.95);
  });

  test("refuses samples that are not paired", () => {
    expect(() => pairedRatioInterval([1, 2, 3], [1, 2], { seed: 1 })).toThrow(RangeError);
    expect(() => pairedRatioInterval([], [], { seed: 1 })).toThrow(RangeError);
  });
});

describe("the bootstrap interval of a median", () => {
  test("covers the true median of a skewed distribution about 95 % of the time", () => {
    const random = seededRandom(11);
    let covered = 0;
    const trials = 200;
    for (let trial = 0; trial < trials; trial += 1) {
      // Log-normal with median exactly 2.
      const values = Array.from({ length: 60 }, () => 2 * Math.exp(0.5 * normal(random)));
      const interval = medianInterval(values, { seed: trial, resamples: 400 });
      if (interval.low <= 2 && 2 <= interval.high) covered += 1;
    }
    expect(covered / trials).toBeGreaterThanOrEqual(0.92);
    expect(covered / trials).toBeLessThanOrEqual(0.98);
  });
});

/**
 * A comparison measured in `processes` fresh processes of `perProcess` rounds each: every process
 * shifts ours by its own factor (`processEffect`, the spread of a log-normal: what V8 compiled
 * there, how the heap was laid out), on top of each round's drift and noise.
 */
function forkedRounds(random: Random, processes: number, perProcess: number, ratio: number, processEffect: number): { ours: number[]; baseline: number[]; clusters: number[] } {
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let fork = 0; fork < processes; fork += 1) {
    const shift = Math.exp(processEffect * normal(random));
    const rounds = syntheticRounds(random, perProcess, ratio * shift, 0.2, 0.05);
    ours.push(...rounds.ours);
    baseline.push(...rounds.baseline);
  }
  return { ours, baseline, clusters: Array.from({ length: processes }, () => perProcess) };
}

function forkedCoverage(processEffect: number): { byProcess: number; pooled: number; widthRatio: number } {
  const random = seededRandom(4_711);
  const trials = 120;
  let byProcess = 0;
  let pooled = 0;
  let widths = 0;
  for (let trial = 0; trial < trials; trial += 1) {
    const { ours, baseline, clusters } = forkedRounds(random, 4, 30, 1.2, processEffect);
    const resampledByProcess = pairedRatioInterval(ours, baseline, { seed: trial, resamples: 300, clusters });
    const resampledPooled = pairedRatioInterval(ours, baseline, { seed: trial, resamples: 300 });
    if (resampledByProcess.low <= 1.2 && 1.2 <= resampledByProcess.high) byProcess += 1;
    if (resampledPooled.low <= 1.2 && 1.2 <= resampledPooled.high) pooled += 1;
    widths += (resampledByProcess.high - resampledByProcess.low) / (resampledPooled.high - resampledPooled.low);
  }
  return { byProcess: byProcess / trials, pooled: pooled / trials, widthRatio: widths / trials };
}

describe("the bootstrap interval of rounds measured in several processes", () => {
  test("when processes differ by about 2 %, resampling by process covers the true ratio far more often than pooling the rounds", () => {
    const { byProcess, pooled } = forkedCoverage(0.02);
    // With this seed: 0.93 against 0.80 (the first process's rounds alone: 0.71).
    expect(byProcess).toBeGreaterThanOrEqual(0.88);
    expect(pooled).toBeLessThanOrEqual(byProcess - 0.1);
  });

  test("when processes do not differ, it still covers about 95 % of the time and widens only a little", () => {
    const { byProcess, widthRatio } = forkedCoverage(0);
    expect(byProcess).toBeGreaterThanOrEqual(0.92);
    expect(widthRatio).toBeLessThan(1.5);
  });

  test("one process gives exactly the plain interval, and says nothing of processes", () => {
    const { ours, baseline } = syntheticRounds(seededRandom(3), 40, 1.2, 0.2);
    const plain = pairedRatioInterval(ours, baseline, { seed: 9 });
    expect(pairedRatioInterval(ours, baseline, { seed: 9, clusters: [40] })).toEqual(plain);
    expect(plain.processes).toBeUndefined();
  });

  test("says how many processes it rests on, beside how many rounds", () => {
    const { ours, baseline, clusters } = forkedRounds(seededRandom(5), 3, 20, 1.2, 0.02);
    expect(pairedRatioInterval(ours, baseline, { seed: 1, clusters })).toMatchObject({ samples: 60, processes: 3 });
    expect(medianInterval(ours, { seed: 1, clusters })).toMatchObject({ samples: 60, processes: 3 });
  });

  test.each([
    ["sizes that add up to fewer values", [20, 19]],
    ["sizes that add up to more values", [20, 21]],
    ["an empty process", [40, 0]],
    ["a fractional size", [20.5, 19.5]],
  ])("refuses %s", (_case, clusters) => {
    const values = Array.from({ length: 40 }, (_, index) => index + 1);
    expect(() => medianInterval(values, { seed: 1, clusters })).toThrow(RangeError);
  });
});
