// Ends a script that failed with exit code 1, for certain. `process.exitCode = 1` is not enough
// once the embedded Postgres has been started: its exit hook (async-exit-hook) calls
// `process.exit(0)` on `beforeExit`, which turned every failure of such a script into a success.

/**
 * Prints `error` and exits with code 1.
 * @param {unknown} error
 * @returns {never}
 */
export function failAndExit(error) {
  console.error(error);
  process.exit(1);
}
