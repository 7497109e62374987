/** Prints `error` and exits with code 1 (see fail.mjs). */
export function failAndExit(error: unknown): never;
