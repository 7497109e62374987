import ts from "typescript";
import { isTypeScript, MarkerError, type CodeBlock } from "./readme-blocks.js";

/** One runnable README program: a `ts` block and the blocks marked as continuing it. */
export interface Program {
  /** A file name for it, from its first README line (`readme-15.ts`). */
  name: string;
  /** Every block: all of them are type-checked together. */
  blocks: CodeBlock[];
  /** The blocks that run: those before the first one marked `not run` (none when the first is). */
  runBlocks: CodeBlock[];
  /** The first `not run` block of the program and its reason. */
  notRun: { line: number; reason: string } | undefined;
}

/** A generated source file, and where each of its lines came from in the README. */
export interface GeneratedSource {
  text: string;
  /** `readmeLine[i]` is the README line of generated line `i + 1`, or undefined for glue. */
  readmeLine: Array<number | undefined>;
}

/**
 * Groups the README's `ts` blocks into programs: a block marked `continues` joins the program
 * of the `ts` block before it. A block marked `not run` is type-checked with its program, but the
 * program runs only up to the block before it (a server that listens until stopped can thus
 * continue an example that runs).
 *
 * @throws {MarkerError} when the first `ts` block says it continues, or `not run` marks a non-ts block.
 * @example
 * ```ts
 * programsOf(codeBlocks(readme())).map((program) => program.name); // ["readme-15", "readme-37", …]
 * ```
 */
export function programsOf(blocks: readonly CodeBlock[]): Program[] {
  const programs: Program[] = [];
  for (const block of blocks) {
    if (!isTypeScript(block)) {
      if (block.markers.length > 0) throw new MarkerError(`README.md:${block.line - 1}: docs markers apply to ts blocks only (this one is "${block.lang}")`);
      continue;
    }
    const marker = block.markers.find((candidate) => candidate.kind === "not run");
    const notRun = marker?.kind === "not run" ? { line: block.line - 1, reason: marker.reason } : undefined;
    const continues = block.markers.some((candidate) => candidate.kind === "continues");
    const previous = programs.at(-1);
    if (continues && previous === undefined) throw new MarkerError(`README.md:${block.line - 1}: the first ts block cannot continue another`);
    if (continues && previous !== undefined) {
      previous.blocks.push(block);
      previous.notRun ??= notRun;
      if (previous.notRun === undefined) previous.runBlocks.push(block);
      continue;
    }
    programs.push({ name: `readme-${block.line - 1}`, blocks: [block], runBlocks: notRun === undefined ? [block] : [], notRun });
  }
  return programs;
}

interface ImportSet {
  defaults: Set<string>;
  namespaces: Set<string>;
  /** local name → the import element's text (`type A`, `b as c`). */
  named: Map<string, string>;
  sideEffect: boolean;
}

function collectImport(imports: Map<string, ImportSet>, statement: ts.ImportDeclaration): void {
  const from = (statement.moduleSpecifier as ts.StringLiteral).text;
  const entry = imports.get(from) ?? { defaults: new Set(), namespaces: new Set(), named: new Map(), sideEffect: false };
  imports.set(from, entry);
  const clause = statement.importClause;
  if (clause === undefined) {
    entry.sideEffect = true;
    return;
  }
  const typeOnly = clause.isTypeOnly ? "type " : "";
  if (clause.name !== undefined) entry.defaults.add(clause.name.text);
  const bindings = clause.namedBindings;
  if (bindings !== undefined && ts.isNamespaceImport(bindings)) entry.namespaces.add(bindings.name.text);
  if (bindings !== undefined && ts.isNamedImports(bindings)) {
    for (const element of bindings.elements) {
      const local = element.name.text;
      const text = `${typeOnly || (element.isTypeOnly ? "type " : "")}${element.propertyName === undefined ? "" : `${element.propertyName.text} as `}${local}`;
      // A value import wins over a type-only import of the same name.
      const known = entry.named.get(local);
      if (known === undefined || known.startsWith("type ")) entry.named.set(local, text);
    }
  }
}

function importLines(imports: Map<string, ImportSet>): string[] {
  return [...imports].flatMap(([from, entry]) => {
    const quoted = JSON.stringify(from);
    const defaults = [...entry.defaults];
    const named = [...entry.named.values()];
    const lines: string[] = [];
    const first = defaults.shift();
    if (first !== undefined || named.length > 0) lines.push(`import ${[first, named.length > 0 ? `{ ${named.join(", ")} }` : undefined].filter(Boolean).join(", ")} from ${quoted};`);
    for (const name of defaults) lines.push(`import ${name} from ${quoted};`);
    for (const name of entry.namespaces) lines.push(`import * as ${name} from ${quoted};`);
    if (lines.length === 0 && entry.sideEffect) lines.push(`import ${quoted};`);
    return lines;
  });
}

/**
 * The program as one CommonJS module, like the repository's own `.ts` files: the blocks'
 * imports merged at the top, everything else inside `async function main()` (so top-level
 * `await` type-checks under the repository's tsconfig), and a last line that reports a
 * rejection with exit code 1. The process must then end by itself: a block that leaves a pool,
 * a server or a timer behind would hang a reader's script too.
 *
 * @example
 * ```ts
 * generate(program.blocks).text.startsWith("import "); // true
 * ```
 */
export function generate(blocks: readonly CodeBlock[]): GeneratedSource {
  const imports = new Map<string, ImportSet>();
  const body: Array<{ text: string; line: number }> = [];
  for (const block of blocks) {
    const source = ts.createSourceFile("block.ts", block.code, ts.ScriptTarget.ES2022, true);
    const importRanges: Array<[number, number]> = [];
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      collectImport(imports, statement);
      const first = source.getLineAndCharacterOfPosition(statement.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(statement.getEnd()).line;
      importRanges.push([first, last]);
    }
    block.code.split("\n").forEach((text, index) => {
      if (importRanges.some(([first, last]) => index >= first && index <= last)) return;
      body.push({ text, line: block.line + index });
    });
  }
  const head = importLines(imports);
  const lines = [...head, "async function main(): Promise<void> {", ...body.map((entry) => entry.text), "}", "main().catch((error: unknown) => {", "  console.error(error);", "  process.exitCode = 1;", "});", ""];
  const readmeLine = [...head.map(() => undefined), undefined, ...body.map((entry) => entry.line), ...Array.from({ length: 5 }, () => undefined)];
  return { text: lines.join("\n"), readmeLine };
}

/** Rewrites `file.ts:LINE` in a compiler message or stack trace as `README.md:LINE`. */
export function toReadmeLines(text: string, fileName: string, source: GeneratedSource): string {
  const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`\\S*${escaped}:(\\d+)(:\\d+)?`, "g"), (whole, line: string) => {
    const readmeLine = source.readmeLine[Number(line) - 1];
    return readmeLine === undefined ? whole : `README.md:${readmeLine}`;
  });
}
