import { rounds, settingsFor } from "../../bench/workloads/settings.js";

describe("rounds of a timed comparison", () => {
  const full = settingsFor(false);

  it("gives a comparison whose target is near parity four times the Postgres rounds", () => {
    expect(rounds(full, { name: "postgres" }, "fine")).toEqual({ warmup: full.warmup, samples: 4 * full.samples });
    expect(rounds(full, { name: "postgres" })).toEqual({ warmup: full.warmup, samples: full.samples });
  });

  it("keeps the in-memory rounds whatever the precision", () => {
    expect(rounds(full, { name: "memory" }, "fine")).toEqual(rounds(full, { name: "memory" }));
  });

  it("warms an in-memory comparison up longer than a Postgres one: every process starts cold, and an in-memory round takes a few ms", () => {
    expect(rounds(full, { name: "memory" }).warmup).toBe(full.memoryWarmup);
    expect(full.memoryWarmup).toBeGreaterThan(full.warmup);
  });

  it("runs each comparison of a full run in several processes, and the quick run in at least two so CI takes the forked path", () => {
    expect(full.forks).toBeGreaterThanOrEqual(4);
    expect(settingsFor(true).forks).toBeGreaterThanOrEqual(2);
  });

  it("keeps the quick smoke run short for every precision", () => {
    const quick = settingsFor(true);
    expect(rounds(quick, { name: "postgres" }, "fine").samples).toBeLessThanOrEqual(quick.memorySamples);
  });
});
