import { forkSettings, mergeForks, shareOf } from "../../bench/support/forks.js";
import { ratioOf, type Comparison, type Measurements, type ValueFigure } from "../../bench/support/measurements.js";
import { settingsFor } from "../../bench/workloads/settings.js";

/** What one process of a forked step hands back: a comparison of `rounds` rounds whose samples start at `first`. */
function measuredByOneProcess(rounds: number, first: number): Partial<Measurements> {
  const samples = (offset: number) => Array.from({ length: rounds }, (_, index) => first + offset + index);
  const compared: Comparison = {
    id: "resume-cost/memory/1",
    figure: "3. resume() vs a raw Command",
    case: "1 call",
    backend: "memory",
    unit: "ms",
    variants: {
      resume: { label: "resume()", samples: samples(0.5), cpu: samples(0.25) },
      raw: { label: "raw Command", samples: samples(0), cpu: samples(0) },
    },
    rows: [{ ours: "resume", baseline: "raw", relation: "like for like" }],
  };
  const share: ValueFigure = { id: "claim-share/memory/1", figure: "3b", case: "1 call", backend: "memory", unit: "ms", label: "claim", samples: samples(0.1), beside: { label: "resume()", samples: samples(0.5) } };
  return { comparisons: [compared], values: [share] };
}

describe("sharing a comparison's rounds out among processes", () => {
  test.each([
    [200, 4],
    [480, 4],
    [12, 4],
    [10, 4],
    [6, 2],
    [7, 3],
  ])("%i rounds in %i processes: every round measured once, the shares at most one apart", (total, forks) => {
    const shares = Array.from({ length: forks }, (_, fork) => shareOf(total, forks, fork));
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
  });

  test("refuses a number of processes or a process that does not exist", () => {
    expect(() => shareOf(200, 0, 0)).toThrow(RangeError);
    expect(() => shareOf(200, 4, 4)).toThrow(RangeError);
    expect(() => shareOf(200, 2.5, 0)).toThrow(RangeError);
  });

  test("each process of a full run gets its share of every kind of round and the same warm-up; together they measure what one process did", () => {
    const settings = settingsFor(false);
    const shares = Array.from({ length: settings.forks }, (_, fork) => forkSettings(settings, fork));
    for (const kind of ["samples", "fineSamples", "memorySamples", "throughputRounds"] as const) {
      expect(shares.reduce((sum, share) => sum + share[kind], 0)).toBe(settings[kind]);
    }
    for (const share of shares) expect({ ...share, samples: 0, fineSamples: 0, memorySamples: 0, throughputRounds: 0 }).toEqual({ ...settings, samples: 0, fineSamples: 0, memorySamples: 0, throughputRounds: 0 });
  });
});

describe("merging what the processes of one step measured", () => {
  test("puts each variant's samples and CPU back together in process order, and records how many rounds each process measured", () => {
    const merged = mergeForks([measuredByOneProcess(3, 0), measuredByOneProcess(2, 100)]);
    const [compared] = merged.comparisons!;
    expect(compared!.variants["raw"]!.samples).toEqual([0, 1, 2, 100, 101]);
    expect(compared!.variants["resume"]!.cpu).toEqual([0.25, 1.25, 2.25, 100.25, 101.25]);
    expect(compared!.forkRounds).toEqual([3, 2]);
    const [share] = merged.values!;
    expect(share!.samples).toEqual([0.1, 1.1, 2.1, 100.1, 101.1]);
    expect(share!.beside!.samples).toEqual([0.5, 1.5, 2.5, 100.5, 101.5]);
    expect(share!.forkRounds).toEqual([3, 2]);
  });

  test("a merged comparison's ratio is resampled by process, and says so", () => {
    const merged = mergeForks([measuredByOneProcess(10, 10), measuredByOneProcess(10, 30)]);
    expect(ratioOf(merged.comparisons![0]!, "resume", "raw")).toMatchObject({ samples: 20, processes: 2 });
  });

  test("refuses processes that measured different comparisons, or a variant one of them lacks", () => {
    const other = measuredByOneProcess(3, 0);
    other.comparisons![0] = { ...other.comparisons![0]!, id: "resume-cost/memory/10" };
    expect(() => mergeForks([measuredByOneProcess(3, 0), other])).toThrow(RangeError);
    const lacking = measuredByOneProcess(3, 0);
    delete lacking.comparisons![0]!.variants["raw"];
    expect(() => mergeForks([measuredByOneProcess(3, 0), lacking])).toThrow(RangeError);
  });

  test("refuses counts: what is counted once is not measured in forks", () => {
    expect(() => mergeForks([{ counts: [{ id: "counts/1", figure: "8", case: "1 call", variants: {} }] }])).toThrow(RangeError);
  });
});
