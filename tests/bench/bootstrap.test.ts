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
