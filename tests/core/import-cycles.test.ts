import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { sourceFiles } from "../support/source-files.js";

const SRC = resolve(__dirname, "..", "..", "src");
const ROOT = "index.ts";

/** Relative imports and re-exports of each file, type-only ones included: a type cycle tangles the design as much. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, "utf8");
      const specifiers = [...text.matchAll(/(?:import|export)\s[^"';]*?from\s+"(\.[^"]+)"/g), ...text.matchAll(/import\("(\.[^"]+)"\)/g)].map((match) => match[1]!);
      const targets = specifiers.map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      return [file, targets.filter((target) => known.has(target))];
    }),
  );
}

function cycles(graph: ReadonlyMap<string, readonly string[]>, name: (node: string) => string): string[] {
  const found: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push(stack.slice(stack.indexOf(next)).map(name).join(" -> "));
      else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (state.get(node) === undefined) visit(node);
  return found;
}

/** The folder a source file belongs to (`index.ts` for the root entry). */
function folderOf(file: string): string {
  const path = relative(SRC, file);
  return path.includes(sep) ? path.split(sep)[0]! : ROOT;
}

const files = sourceFiles(SRC);
const fileGraph = importGraph(files);

/** Every import that crosses folders, as `from -> to (file -> file)`. */
const crossings = [...fileGraph].flatMap(([file, targets]) =>
  targets.filter((target) => folderOf(target) !== folderOf(file)).map((target) => ({ from: folderOf(file), to: folderOf(target), where: `${relative(SRC, file)} -> ${relative(SRC, target)}` })),
);

/** The layer of each folder, as src/README.md's table documents it. */
function documentedLayers(): Map<string, number> {
  const readme = readFileSync(join(SRC, "README.md"), "utf8");
  const layers = new Map<string, number>();
  for (const [, layer, folders] of readme.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)) {
    for (const [, folder] of folders!.matchAll(/`([^`]+)`/g)) layers.set(folder!, Number(layer));
  }
  return layers;
}

test("src has no import cycle between files (the core's shared types live in the leaf src/core/types.ts)", () => {
  expect(cycles(fileGraph, (file) => relative(SRC, file))).toEqual([]);
});

test("src/core/types.ts is a leaf of its folder: it imports no other core module", () => {
  const text = readFileSync(join(SRC, "core", "types.ts"), "utf8");
  expect([...text.matchAll(/from\s+"\.\/[^"]+"/g)]).toEqual([]);
});

test("src has no import cycle between folders", () => {
  const folderGraph = new Map<string, string[]>();
  for (const { from, to } of crossings) folderGraph.set(from, [...new Set([...(folderGraph.get(from) ?? []), to])]);
  expect(cycles(folderGraph, (folder) => folder)).toEqual([]);
});

test("every folder of src has its layer in src/README.md", () => {
  const layers = documentedLayers();
  const folders = [...new Set(files.map(folderOf))].sort();
  expect(folders.filter((folder) => !layers.has(folder))).toEqual([]);
  expect([...layers.keys()].filter((folder) => !folders.includes(folder))).toEqual([]);
});

test("every import between folders goes to a lower layer (src/README.md), type-only ones included", () => {
  const layers = documentedLayers();
  const upOrSideways = crossings.filter(({ from, to }) => (layers.get(to) ?? Infinity) >= (layers.get(from) ?? -Infinity)).map(({ where }) => where);
  expect(upOrSideways).toEqual([]);
});
