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

  it("keeps the quick smoke run short for every precision", () => {
    const quick = settingsFor(true);
    expect(rounds(quick, { name: "postgres" }, "fine").samples).toBeLessThanOrEqual(quick.memorySamples);
  });
});
