import { boundOf, figure, single, unreachable, type Target } from "../../bench/support/figures.js";
import { goalsSummary } from "../../bench/support/goals.js";

const at = (value: number) => single(value);

function timed(ours: number, baseline: number, target: Target, lowerBound?: number) {
  return figure({
    workload: "2. Pause + resume",
    case: "10 calls",
    backend: "postgres",
    unit: "ms",
    ours: at(ours),
    baselineName: "middleware",
    baseline: at(baseline),
    target,
    ...(lowerBound === undefined ? {} : { bound: boundOf("requirements floor", at(lowerBound), at(baseline)) }),
  });
}

describe("benchmark verdicts", () => {
  test.each([
    ["a missed time target whose floor is already past it is out of reach", timed(16, 20, { kind: "ratio-max", value: 0.6 }, 13), true],
    ["a missed time target whose floor meets it is only missed", timed(16, 20, { kind: "ratio-max", value: 0.6 }, 11), false],
    ["a met target is never out of reach", timed(11, 20, { kind: "ratio-max", value: 0.6 }, 13), false],
    ["a missed target without a floor is only missed", timed(16, 20, { kind: "ratio-max", value: 0.6 }), false],
  ])("%s", (_, f, expected) => {
    expect(unreachable(f)).toBe(expected);
  });

  test("for a rate (more is better) the floor is out of reach when its ratio is below the target", () => {
    const rate = (floorRate: number) =>
      figure({ workload: "4. Throughput", case: "sequential", backend: "postgres", unit: "threads/s", ours: at(60), baselineName: "plain", baseline: at(100), target: { kind: "ratio-min", value: 0.8 }, bound: boundOf("floor", at(floorRate), at(100)) });
    expect(unreachable(rate(64))).toBe(true);
    expect(unreachable(rate(90))).toBe(false);
  });

  test("the goals summary names the verdict and the bound it was judged against", () => {
    const summary = goalsSummary([timed(16, 20, { kind: "ratio-max", value: 0.6 }, 13), timed(16, 20, { kind: "ratio-max", value: 0.6 }, 11)]);
    expect(summary).toContain("⛔ out of reach — 2. Pause + resume, 10 calls, postgres vs middleware: **0.80×** (target ≤ 0.6×; bound measured alongside: 0.65× (requirements floor))");
    expect(summary).toContain("❌ missed — 2. Pause + resume, 10 calls, postgres vs middleware: **0.80×** (target ≤ 0.6×; bound measured alongside: 0.55× (requirements floor))");
  });
});
