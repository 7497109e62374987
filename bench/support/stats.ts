/** Summary of one variant's samples. */
export interface Stats {
  samples: number;
  median: number;
  p95: number;
  min: number;
}

/**
 * The q-quantile of sorted values by linear interpolation between closest ranks (R's type 7).
 *
 * @example
 * ```ts
 * quantileOfSorted([1, 2, 3, 4], 0.5); // 2.5
 * ```
 */
export function quantileOfSorted(sorted: ArrayLike<number>, q: number): number {
  const count = sorted.length;
  if (count === 0) return Number.NaN;
  const position = (count - 1) * Math.min(1, Math.max(0, q));
  const below = Math.floor(position);
  const above = Math.min(count - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/**
 * The median of values (the mean of the middle two for an even count).
 *
 * @example
 * ```ts
 * median([3, 1, 2]); // 2
 * ```
 */
export function median(values: ArrayLike<number>): number {
  return quantileOfSorted(Float64Array.from(values).sort(), 0.5);
}

/**
 * Median, p95 and min of a list of samples.
 *
 * @example
 * ```ts
 * summarise([4.1, 3.9, 4.0]).median; // 4.0
 * ```
 */
export function summarise(values: readonly number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  return { samples: sorted.length, median: quantileOfSorted(sorted, 0.5), p95: quantileOfSorted(sorted, 0.95), min: sorted[0] ?? Number.NaN };
}
