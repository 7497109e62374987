/**
 * Runs `count` jobs with at most `concurrency` at once.
 *
 * @example
 * ```ts
 * await runPool(200, 20, (index) => cycle(`thread-${index}`));
 * ```
 */
export async function runPool(count: number, concurrency: number, job: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      await job(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
