import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin });
const waiting: Array<{ expected: string; resolve: () => void }> = [];
lines.on("line", (line) => {
  for (const waiter of waiting.filter((candidate) => candidate.expected === line.trim())) {
    waiting.splice(waiting.indexOf(waiter), 1);
    waiter.resolve();
  }
});

/** Resolves when the parent writes `expected` on its own line. */
export function untilLine(expected: string): Promise<void> {
  return new Promise((resolve) => waiting.push({ expected, resolve }));
}

/** Stops listening to stdin so the process can exit. */
export function closeStdin(): void {
  lines.close();
  process.stdin.destroy();
}

/**
 * Runs a child's `main`, then closes its stdin and its saver and prints `done`; a failure prints
 * the error and exits 1 (what the parent test reads).
 */
export function runChild(main: () => Promise<void>, saver: { end(): Promise<void> }): void {
  main()
    .then(async () => {
      closeStdin();
      await saver.end();
      console.log("done");
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
