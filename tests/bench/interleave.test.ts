import { cpuSamplesOf, interleave, roundOrder } from "../../bench/support/interleave.js";

describe("the order variants run in within a round", () => {
  test.each([1, 2, 3, 5, 8])("every round of %i variants runs each of them exactly once", (count) => {
    for (let round = 0; round < 4 * count; round += 1) {
      expect([...roundOrder(count, round)].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, index) => index));
    }
  });

  test.each([2, 3, 5, 8])("over 2 × %i rounds every variant runs in every position equally often", (count) => {
    const inPosition = Array.from({ length: count }, () => new Array<number>(count).fill(0));
    for (let round = 0; round < 2 * count; round += 1) {
      roundOrder(count, round).forEach((variant, position) => (inPosition[variant]![position]! += 1));
    }
    for (const positions of inPosition) expect(positions).toEqual(new Array(count).fill(2));
  });

  test.each([2, 3, 5, 8])("over 2 × %i rounds every variant runs before each other one in exactly half of the rounds", (count) => {
    for (let a = 0; a < count; a += 1) {
      for (let b = 0; b < count; b += 1) {
        if (a === b) continue;
        let before = 0;
        for (let round = 0; round < 2 * count; round += 1) {
          const order = roundOrder(count, round);
          if (order.indexOf(a) < order.indexOf(b)) before += 1;
        }
        expect(before).toBe(count);
      }
    }
  });
});

/** Waits (up to 10 s) until this process spends under a fifth of a 50 ms pause in CPU, twice in a row. */
async function untilProcessQuiet(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline; ) {
    const since = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { user, system } = process.cpuUsage(since);
    quiet = user + system < 10_000 ? quiet + 1 : 0;
  }
}

describe("interleaved sampling", () => {
  test("runs every variant once per round in the rotating order, records only after the warm-up, and pairs samples by round", async () => {
    const ran: string[] = [];
    const variant = (name: string) => ({
      run: async () => {
        ran.push(name);
      },
    });
    const samples = await interleave({ a: variant("a"), b: variant("b"), c: variant("c") }, { warmup: 2, samples: 4 });
    expect(ran.join("")).toBe(["abc", "bca", "cab", "cba", "acb", "bac"].join(""));
    expect(Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, values.length]))).toEqual({ a: 4, b: 4, c: 4 });
  });

  test("records the CPU this process spent in every sample beside its wall time: all of a busy sample's work, little of a waiting one's", async () => {
    // Spins until this process has spent 20 ms of CPU, however long the machine makes that take.
    const busy = async () => {
      const since = process.cpuUsage();
      for (;;) {
        const { user, system } = process.cpuUsage(since);
        if (user + system >= 20_000) return;
      }
    };
    const waiting = () => new Promise<void>((resolve) => setTimeout(resolve, 30));
    // Loading the bench's modules leaves V8's compiler and collector threads busy for a while (a
    // CI run once measured twice a waiting sample's wall time in CPU): start once they are quiet.
    await untilProcessQuiet();
    const samples = await interleave({ busy: { run: busy }, waiting: { run: waiting } }, { warmup: 1, samples: 9 });
    const cpu = cpuSamplesOf(samples);
    expect(cpu?.["busy"]).toHaveLength(9);
    expect(cpu?.["waiting"]).toHaveLength(9);
    cpu!["busy"]!.forEach((spent) => expect(spent).toBeGreaterThanOrEqual(20));
    // The whole process's CPU: a sample can overlap the garbage collector's or the compiler's own
    // threads, so the waiting side is judged by its median, not sample by sample.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(median(cpu!["waiting"]!)).toBeLessThan(0.5 * median(samples["waiting"]!));
    expect(cpuSamplesOf({ busy: [1] })).toBeUndefined();
  });

  test("hands each run what its own preparation made, and prepares before every sample", async () => {
    let prepared = 0;
    const received: number[] = [];
    await interleave(
      {
        resume: {
          prepare: async () => {
            prepared += 1;
            return prepared;
          },
          run: async (value: number) => {
            received.push(value);
          },
        },
      },
      { warmup: 1, samples: 3 },
    );
    expect(received).toEqual([1, 2, 3, 4]);
  });
});
