import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Every file below `dir` whose name `accept` takes (TypeScript sources by default), skipping
 * `node_modules` and `dist` and the generated page bundle: the tests that read the sources as
 * text (layers, internals, exports, the public surface) all look at the same files.
 *
 * @example
 * ```ts
 * sourceFiles(join(ROOT, "src")); // ["/…/src/index.ts", …]
 * ```
 */
export function sourceFiles(dir: string, accept: (name: string) => boolean = (name) => name.endsWith(".ts")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name === "dist" || name.endsWith(".generated.ts")) return [];
    return statSync(path).isDirectory() ? sourceFiles(path, accept) : accept(name) ? [path] : [];
  });
}
