/** Summary of one variant's samples. */
export interface Stats {
  samples: number;
  median: number;
  p95: number;
  min: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

/** Median, p95 and min of a list of samples. */
export function summarise(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return { samples: sorted.length, median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), min: sorted[0] ?? Number.NaN };
}
