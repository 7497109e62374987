/** How hard the benchmark pushes; `--quick` is a smoke run for CI (no thresholds there). */
export interface BenchSettings {
  quick: boolean;
  warmup: number;
  samples: number;
  /** In-memory runs take a few ms and are noisier: they get more samples. */
  memorySamples: number;
  throughputThreads: number;
  concurrency: number;
  inboxRows: number;
  inboxSamples: number;
  storageThreads: number;
}

export function settingsFor(quick: boolean): BenchSettings {
  return quick
    ? { quick, warmup: 2, samples: 6, memorySamples: 10, throughputThreads: 40, concurrency: 20, inboxRows: 10_000, inboxSamples: 30, storageThreads: 10 }
    : { quick, warmup: 20, samples: 120, memorySamples: 200, throughputThreads: 200, concurrency: 20, inboxRows: 100_000, inboxSamples: 200, storageThreads: 50 };
}
