import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import ts from "typescript";
import { generate, toReadmeLines, type GeneratedSource, type Program } from "./programs.js";
import { ROOT } from "./readme-blocks.js";

/** A README program written to disk, ready to compile and run. */
export interface WrittenProgram {
  program: Program;
  /** Every block of the program: what is type-checked. */
  file: string;
  source: GeneratedSource;
  /** The blocks that run (see {@link Program.runBlocks}), when there are any. */
  run: { file: string; source: GeneratedSource } | undefined;
}

/** The tsconfig the programs compile and run under: the repository's, with the package names mapped to `src/`. */
function tsconfigFor(dir: string): object {
  const src = relative(dir, join(ROOT, "src"));
  return {
    extends: relative(dir, join(ROOT, "tsconfig.json")),
    compilerOptions: {
      noEmit: true,
      // A reader's script has Node's types, not jest's globals.
      types: ["node"],
      paths: {
        "langgraph-hitl": [`${src}/index.ts`],
        "langgraph-hitl/*": [`${src}/*/index.ts`],
      },
    },
    include: ["*.ts"],
  };
}

/**
 * Writes each program as `<dir>/<name>.ts` with a tsconfig beside it. The folder lies inside
 * the repository (under the git-ignored `tmp/`), so the programs resolve the repository's
 * `node_modules` exactly as its own files do.
 *
 * @example
 * ```ts
 * const written = writePrograms(programs, join(ROOT, "tmp", "docs-test"));
 * ```
 */
export function writePrograms(programs: readonly Program[], dir: string): WrittenProgram[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tsconfig.json"), `${JSON.stringify(tsconfigFor(dir), null, 2)}\n`);
  return programs.map((program) => {
    const file = join(dir, `${program.name}.ts`);
    const source = generate(program.blocks);
    writeFileSync(file, source.text);
    if (program.runBlocks.length === 0) return { program, file, source, run: undefined };
    if (program.runBlocks.length === program.blocks.length) return { program, file, source, run: { file, source } };
    // Not a root of the compiler run: only the whole program is type-checked.
    const run = { file: join(dir, `${program.name}.run.ts`), source: generate(program.runBlocks) };
    writeFileSync(run.file, run.source.text);
    return { program, file, source, run };
  });
}

/**
 * Type-checks every program in one compiler run (under the repository's strict settings) and
 * returns each program's errors, with README line numbers.
 *
 * @example
 * ```ts
 * compilePrograms(written, dir).get(written[0]!.file); // [] when it compiles
 * ```
 */
export function compilePrograms(written: readonly WrittenProgram[], dir: string): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")); } });
  if (config === undefined) throw new Error("the docs tsconfig could not be read");
  const compiler = ts.createProgram({ rootNames: written.map((entry) => entry.file), options: config.options });
  const errors = new Map<string, string[]>(written.map((entry) => [entry.file, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(compiler)) {
    const file = diagnostic.file?.fileName;
    const entry = written.find((candidate) => candidate.file === file);
    if (entry === undefined || diagnostic.file === undefined || diagnostic.start === undefined) continue;
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const where = entry.source.readmeLine[line] === undefined ? `${entry.program.name}.ts:${line + 1} (merged imports)` : `README.md:${entry.source.readmeLine[line]}`;
    errors.get(entry.file)?.push(`${where}: TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
  }
  return errors;
}

/** How a program ended. */
export interface RunResult {
  code: number | null;
  output: string;
  timedOut: boolean;
}

/**
 * Runs one program with tsx, as `npx tsx file.ts` would (from its folder, so tsx reads the
 * tsconfig that maps the package names), and waits for the process to end by itself.
 *
 * @example
 * ```ts
 * const { code, output } = await runProgram(written[0]!, { DATABASE_URL: url }, 90_000);
 * ```
 */
export function runProgram(entry: WrittenProgram, env: Record<string, string>, timeoutMs: number): Promise<RunResult> {
  const run = entry.run;
  if (run === undefined) throw new Error(`${entry.program.name} has no block to run`);
  const { file } = run;
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", file], { cwd: join(file, ".."), env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      done({ code: null, output: toReadmeLines(output, basename(file), run.source), timedOut: true });
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, output: toReadmeLines(output, basename(file), run.source), timedOut: false });
    });
  });
}

/** Sample values for the environment variables README programs read (besides `DATABASE_URL`, a fresh database). */
export const SAMPLE_ENV: Readonly<Record<string, string>> = {
  HITL_SIGNING_KEY: "docs-test-signing-key-0123456789",
  POLICY_TOKEN: "docs-test-policy-token",
};

/** The names of the environment variables a program reads (`process.env.X`, `process.env["X"]`). */
export function envNames(program: Program): string[] {
  const names = new Set<string>();
  for (const block of program.blocks) {
    for (const match of block.code.matchAll(/process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[["']([A-Za-z_][A-Za-z0-9_]*)["']\])/g)) names.add(match[1] ?? match[2] ?? "");
  }
  return [...names];
}
