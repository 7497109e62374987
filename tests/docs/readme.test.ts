import { rmSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { codeBlocks, readme, ROOT, strayMarkers } from "./support/readme-blocks.js";
import { programsOf, type Program } from "./support/programs.js";
import { compilePrograms, envNames, runProgram, SAMPLE_ENV, writePrograms, type WrittenProgram } from "./support/run-programs.js";

// Every `ts` block of README.md is a program (or part of one, see "continues"): compiled under
// the repository's strict tsconfig with `langgraph-hitl[/…]` mapped to src/, then run with tsx.
// Markers (HTML comments right above a fence) are described in ./support/readme-blocks.ts.

const markdown = readme();
const programs = programsOf(codeBlocks(markdown));
const dir = join(ROOT, "tmp", `docs-test-${process.pid}`);
const RUN_TIMEOUT_MS = 120_000;

const label = (program: Program): string => {
  const [first] = program.blocks;
  const more = program.blocks.length > 1 ? ` + ${program.blocks.length - 1} continuing block(s)` : "";
  return `README.md:${(first?.line ?? 1) - 1} (${first?.heading.replace(/^#+ /, "") ?? ""}${more})`;
};

let written: WrittenProgram[] = [];
let errors = new Map<string, string[]>();

beforeAll(() => {
  written = writePrograms(programs, dir);
  errors = compilePrograms(written, dir);
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entryOf = (program: Program): WrittenProgram => {
  const entry = written.find((candidate) => candidate.program === program);
  if (entry === undefined) throw new Error(`${program.name} was not written`);
  return entry;
};

describe("README.md code blocks", () => {
  test("the README has ts blocks, and every docs marker sits right above a code fence", () => {
    expect(programs.flatMap((program) => program.blocks).length).toBeGreaterThan(10);
    expect(strayMarkers(markdown)).toEqual([]);
  });

  test.each(programs.map((program) => [label(program), program] as const))("%s compiles under the repository's strict tsconfig", (_label, program) => {
    expect(errors.get(entryOf(program).file)).toEqual([]);
  });

  const runnable = programs.filter((program) => program.runBlocks.length > 0);
  test.each(runnable.map((program) => [label(program), program] as const))(
    "%s runs to completion, exits 0 and leaves nothing running",
    async (_label, program) => {
      const entry = entryOf(program);
      const env: Record<string, string> = {};
      let database: TestDatabase | undefined;
      for (const name of envNames(program)) {
        if (name === "DATABASE_URL") {
          database = await createTestDatabase();
          env[name] = database.url;
        } else {
          const sample = SAMPLE_ENV[name];
          if (sample === undefined) throw new Error(`${label(program)} reads process.env.${name}: give it a sample value in tests/docs/support/run-programs.ts`);
          env[name] = sample;
        }
      }
      try {
        const result = await runProgram(entry, env, RUN_TIMEOUT_MS);
        const verdict = result.timedOut ? `still running after ${RUN_TIMEOUT_MS} ms (something is left open: a pool, a server, a timer?)` : `exit code ${result.code}`;
        expect({ verdict, output: result.output }).toEqual({ verdict: "exit code 0", output: expect.any(String) });
      } finally {
        await database?.drop();
      }
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  const skipped = programs.flatMap((program) => (program.notRun === undefined ? [] : [program.notRun]));
  test(`${skipped.length} ts block(s) are type-checked but not run, each marked with its reason`, () => {
    const listed = skipped.map((notRun) => `README.md:${notRun.line} (and any block continuing it): ${notRun.reason}`);
    if (listed.length > 0) console.log(`README blocks type-checked but not run:\n  ${listed.join("\n  ")}`);
    for (const notRun of skipped) expect(notRun.reason.trim().length).toBeGreaterThan(10);
  });
});
