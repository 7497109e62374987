/** Which build of ours a bench run measured: the package as it ships, or the TypeScript source. */
export type MeasuredLibrary = "package" | "source";

/**
 * Reads `BENCH_LIBRARY`: `package` (the default) or `source`; anything else is refused rather than guessed.
 *
 * @param value - The variable's value, `undefined` when unset.
 * @returns The build to measure.
 * @throws {RangeError} for any other value.
 * @example
 * ```ts
 * measuredLibraryOf(process.env.BENCH_LIBRARY); // "package"
 * ```
 */
export function measuredLibraryOf(value: string | undefined): MeasuredLibrary {
  if (value === undefined || value === "" || value === "package") return "package";
  if (value === "source") return "source";
  throw new RangeError(`BENCH_LIBRARY must be "package" or "source", received ${JSON.stringify(value)}`);
}

/**
 * How a results file names what was measured.
 *
 * @param library - The run's `library`; `undefined` for runs saved before the bench recorded it.
 * @example
 * ```ts
 * describeLibrary("package"); // "the built package (dist/cjs)"
 * ```
 */
export function describeLibrary(library: MeasuredLibrary | undefined): string {
  // Runs saved before the bench recorded it measured the TypeScript source.
  return library === "package" ? "the built package (dist/cjs)" : "the TypeScript source through tsx";
}
