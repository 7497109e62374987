/** How failed deliveries are retried. */
export interface RetryPolicy {
  /** Attempts in all, the first included; after the last failed one the event is dead. Default: 8. */
  maxAttempts: number;
  /** The wait after the first failed attempt. Default: 1 000 ms. */
  initialDelayMs: number;
  /** The longest wait between two attempts. Default: 600 000 ms (10 minutes). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 8, initialDelayMs: 1_000, maxDelayMs: 600_000 };

/**
 * The wait before the attempt after failed attempt `attempt` (1 for the first): exponential
 * (`initialDelayMs × 2^(attempt − 1)`, capped at `maxDelayMs`) with jitter — a uniform draw from
 * its upper half, so replicas that failed together do not retry together.
 *
 * @param policy - The retry policy.
 * @param attempt - The attempt that just failed (1, 2, …).
 * @param random - A draw in [0, 1). Default: `Math.random`.
 * @returns The wait in milliseconds, between half the capped delay and the capped delay.
 * @example
 * ```ts
 * retryDelayMs(DEFAULT_RETRY, 3, () => 0.5); // 3 000: 4 000 ms capped, drawn from [2 000, 4 000]
 * ```
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(capped / 2 + (capped / 2) * random());
}
