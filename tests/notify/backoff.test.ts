import { retryDelayMs } from "../../src/notify/index.js";

const policy = { maxAttempts: 8, initialDelayMs: 1_000, maxDelayMs: 10_000 };

describe("retry waits", () => {
  test.each([
    [1, 500, 1_000],
    [2, 1_000, 2_000],
    [3, 2_000, 4_000],
    [4, 4_000, 8_000],
    [5, 5_000, 10_000],
    [9, 5_000, 10_000],
  ])("after failed attempt %i the wait is drawn from [%i, %i] ms: exponential, capped, jittered over its upper half", (attempt, low, high) => {
    expect(retryDelayMs(policy, attempt, () => 0)).toBe(low);
    expect(retryDelayMs(policy, attempt, () => 0.999_999)).toBe(high);
    const drawn = retryDelayMs(policy, attempt);
    expect(drawn).toBeGreaterThanOrEqual(low);
    expect(drawn).toBeLessThanOrEqual(high);
  });

  test("two replicas that failed together draw different waits", () => {
    const waits = new Set(Array.from({ length: 20 }, () => retryDelayMs(policy, 4)));
    expect(waits.size).toBeGreaterThan(1);
  });
});
