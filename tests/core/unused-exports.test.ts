// Every name a module of src exports is imported somewhere else (another module, a test, a bench,
// an example, a script) or is part of a public entry point: an export nothing imports only widens
// what a reader must keep in mind. Found by reading import and export statements.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { sourceFiles } from "../support/source-files.js";

const ROOT = resolve(__dirname, "..", "..");
const SRC = join(ROOT, "src");
const PUBLIC = ["index.ts", "postgres/index.ts", "http/index.ts", "langchain/index.ts", "remote/index.ts"].map((entry) => join(SRC, entry));

/**
 * Exports of files other branches own and are changing now; each owner un-exports its own (or
 * starts importing it). Remove the entry with the change: an entry that is no longer unused fails.
 */
const WAITING_FOR_OWNER: readonly string[] = [
];

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = resolve(dirname(from), specifier).replace(/\.js$/, ".ts");
  return existsSync(target) ? target : undefined;
}

/** `a, type b, c as d` → [{ imported: "a", local: "a" }, …]. */
function namesIn(list: string): Array<{ imported: string; local: string }> {
  return list
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter((part) => part.length > 0)
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return { imported: imported!.trim(), local: (local ?? imported!).trim() };
    });
}

interface Module {
  exported: Set<string>;
  /** `export { a as b } from "./x.js"`: b re-exports x's a. */
  reexports: Array<{ name: string; source: string; sourceName: string }>;
}

const files = ["src", "tests", "bench", "examples", "scripts"].filter((folder) => existsSync(join(ROOT, folder))).flatMap((folder) => sourceFiles(join(ROOT, folder), (name) => /\.(m?ts|cts|mjs)$/.test(name)));
const modules = new Map<string, Module>();
/** Names other files import from a module; `*` when one takes all of it (`import * as`, `require`). */
const imported = new Map<string, Set<string>>();
const use = (file: string, name: string): void => void imported.set(file, (imported.get(file) ?? new Set()).add(name));

for (const file of files) {
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const module: Module = { exported: new Set(), reexports: [] };
  for (const match of text.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm)) module.exported.add(match[1]!);
  for (const match of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s*(?:from\s+"([^"]+)")?/gm)) {
    const source = match[2] === undefined ? undefined : resolveSpecifier(file, match[2]);
    for (const { imported: sourceName, local } of namesIn(match[1]!)) {
      module.exported.add(local);
      if (source !== undefined) module.reexports.push({ name: local, source, sourceName });
    }
  }
  modules.set(file, module);
  for (const match of text.matchAll(/import\s+(?:type\s+)?(?:[A-Za-z_$][\w$]*\s*,?\s*)?(\{[^}]*\}|\*\s+as\s+\w+)?\s*from\s+"([^"]+)"/g)) {
    const source = resolveSpecifier(file, match[2]!);
    if (source === undefined || source === file) continue;
    if (match[1]?.startsWith("*")) use(source, "*");
    else if (match[1] !== undefined) for (const { imported: name } of namesIn(match[1].slice(1, -1))) use(source, name);
  }
  for (const match of text.matchAll(/import\("([^"]+)"\)(?:\.([A-Za-z_$][\w$]*))?/g)) {
    const source = resolveSpecifier(file, match[1]!);
    if (source !== undefined) use(source, match[2] ?? "*");
  }
  for (const match of text.matchAll(/require(?:Actual)?\("([^"]+)"\)/g)) {
    const source = resolveSpecifier(file, match[1]!);
    if (source !== undefined) use(source, "*");
  }
}

function isUsed(file: string, name: string, seen = new Set<string>()): boolean {
  const key = `${file}#${name}`;
  if (seen.has(key)) return false;
  seen.add(key);
  if (PUBLIC.includes(file)) return true;
  const names = imported.get(file);
  if (names?.has(name) === true || names?.has("*") === true) return true;
  return [...modules].some(([barrel, module]) => module.reexports.some((entry) => entry.source === file && entry.sourceName === name && isUsed(barrel, entry.name, seen)));
}

const unused = [...modules]
  .filter(([file]) => file.startsWith(SRC + "/"))
  .flatMap(([file, module]) => [...module.exported].filter((name) => !isUsed(file, name)).map((name) => `${relative(SRC, file)}: ${name}`))
  .sort();

test("every export of src is imported somewhere else, or is public", () => {
  expect(unused.filter((entry) => !WAITING_FOR_OWNER.includes(entry))).toEqual([]);
});

test("every export still waiting for its owner is still unused", () => {
  expect(WAITING_FOR_OWNER.filter((entry) => !unused.includes(entry))).toEqual([]);
});
