import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newestModified(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModified(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Why a build cannot be measured: its entry file is missing, or a file under `sourceDir` changed
 * after it was written (measuring code older than the source would mislead); `undefined` when
 * it is fresh.
 *
 * @param sourceDir - The source tree the build is made from (`src`).
 * @param builtEntry - A file the build writes last or together with the rest (`dist/cjs/index.js`).
 * @example
 * ```ts
 * staleBuildReason("src", "dist/cjs/index.js"); // undefined right after `npm run build`
 * ```
 */
export function staleBuildReason(sourceDir: string, builtEntry: string): string | undefined {
  let built: number;
  try {
    built = statSync(builtEntry).mtimeMs;
  } catch {
    return `${builtEntry} does not exist`;
  }
  return newestModified(sourceDir) > built ? `${sourceDir} changed after ${builtEntry} was built` : undefined;
}
