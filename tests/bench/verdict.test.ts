import type { Interval } from "../../bench/support/bootstrap.js";
import { describeTarget, exactly, judge, MIN_SAMPLES_FOR_VERDICT, type Target, type Verdict } from "../../bench/support/verdict.js";

const interval = (low: number, high: number, samples = 120): Interval => ({ estimate: (low + high) / 2, low, high, level: 0.95, samples });
const atMost = (value: number): Target => ({ bound: "at most", value });
const atLeast = (value: number): Target => ({ bound: "at least", value });

describe("the verdict rule", () => {
  test.each<[string, Interval, Target, Verdict]>([
    ["met when the whole interval is below an upper target", interval(1.1, 1.18), atMost(1.2), "met"],
    ["met when the interval's top touches the target", interval(1.1, 1.2), atMost(1.2), "met"],
    ["missed when the whole interval is above an upper target", interval(1.22, 1.3), atMost(1.2), "missed"],
    ["inconclusive when the interval contains the target, even with the estimate below it", interval(1.15, 1.21), atMost(1.2), "inconclusive"],
    ["inconclusive when the interval contains the target, even with the estimate above it", interval(1.19, 1.4), atMost(1.2), "inconclusive"],
    ["met when the whole interval is above a lower target", interval(0.86, 0.9), atLeast(0.85), "met"],
    ["missed when the whole interval is below a lower target", interval(0.6, 0.84), atLeast(0.85), "missed"],
    ["inconclusive when a lower target is inside the interval", interval(0.8, 0.9), atLeast(0.85), "inconclusive"],
  ])("%s", (_, measured, target, expected) => {
    expect(judge(measured, target).verdict).toBe(expected);
  });

  test.each<[string, Interval, Interval, Target, Verdict]>([
    ["out of reach when the floor's whole interval misses an upper target", interval(0.7, 0.8), interval(0.55, 0.6), atMost(0.5), "out of reach"],
    ["out of reach even when ours is inconclusive, if the floor misses for sure", interval(0.45, 0.8), interval(0.52, 0.6), atMost(0.5), "out of reach"],
    ["only missed when the floor's interval contains the target", interval(0.7, 0.8), interval(0.48, 0.55), atMost(0.5), "missed"],
    ["only missed when the floor meets the target", interval(0.7, 0.8), interval(0.4, 0.45), atMost(0.5), "missed"],
    ["met stays met whatever the floor", interval(0.4, 0.45), interval(0.55, 0.6), atMost(0.5), "met"],
    ["out of reach for a rate when the floor's whole interval is below a lower target", interval(0.5, 0.6), interval(0.7, 0.8), atLeast(0.85), "out of reach"],
    ["only missed for a rate when the floor's interval reaches the target", interval(0.5, 0.6), interval(0.8, 0.9), atLeast(0.85), "missed"],
  ])("%s", (_, measured, floor, target, expected) => {
    expect(judge(measured, target, { floor }).verdict).toBe(expected);
  });

  test("gives no verdict from fewer rounds than a verdict needs, however clear they look", () => {
    const judgement = judge(interval(2, 2.1, MIN_SAMPLES_FOR_VERDICT - 1), atMost(1.2));
    expect(judgement.verdict).toBe("inconclusive");
    expect(judgement.why).toContain(`fewer than the ${MIN_SAMPLES_FOR_VERDICT}`);
    expect(judge(interval(2, 2.1, MIN_SAMPLES_FOR_VERDICT), atMost(1.2)).verdict).toBe("missed");
  });

  test("ignores a floor measured on too few rounds", () => {
    expect(judge(interval(0.7, 0.8), atMost(0.5), { floor: interval(0.55, 0.6, 3) }).verdict).toBe("missed");
  });

  test("judges exact counts by the same rule, as an interval of width zero", () => {
    expect(judge(exactly(18), atMost(20), { minSamples: 1 }).verdict).toBe("met");
    expect(judge(exactly(20), atMost(20), { minSamples: 1 }).verdict).toBe("met");
    expect(judge(exactly(44), atMost(20), { minSamples: 1 }).verdict).toBe("missed");
    expect(judge(exactly(44), atMost(20), { minSamples: 1 }).why).toBe("the exact count is on the wrong side");
  });

  test("says what the verdict rests on", () => {
    expect(judge(interval(1.15, 1.21), atMost(1.2)).why).toBe("the interval contains the target");
    expect(judge(interval(0.7, 0.8), atMost(0.5), { floor: interval(0.55, 0.6) }).why).toBe("not met, and the floor's own interval is wholly on the wrong side");
  });

  test("describes targets as the issue states them", () => {
    expect(describeTarget(atMost(1.2), "×")).toBe("≤ 1.2×");
    expect(describeTarget(atLeast(0.85), "×")).toBe("≥ 0.85×");
    expect(describeTarget(atMost(20), " statements")).toBe("≤ 20 statements");
  });
});
