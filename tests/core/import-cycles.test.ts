import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = resolve(__dirname, "..", "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Relative imports and re-exports of each file, type-only ones included: a type cycle tangles the design as much. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(/(?:import|export)\s[^"';]*?from\s+"(\.[^"]+)"/g)].map((match) => resolve(dirname(file), match[1]!.replace(/\.js$/, ".ts")));
      return [file, targets.filter((target) => known.has(target))];
    }),
  );
}

function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push(stack.slice(stack.indexOf(next)).map((path) => relative(SRC, path)).join(" -> "));
      else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (state.get(file) === undefined) visit(file);
  return found;
}

test("src has no import cycle (the core's shared types live in the leaf src/core/types.ts)", () => {
  expect(cycles(importGraph(sourceFiles(SRC)))).toEqual([]);
});

test("src/core/types.ts is a leaf: it imports no other core module", () => {
  const text = readFileSync(join(SRC, "core", "types.ts"), "utf8");
  expect([...text.matchAll(/from\s+"\.\/[^"]+"/g)]).toEqual([]);
});
