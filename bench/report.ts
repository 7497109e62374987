/**
 * Re-judges a saved run from its raw samples and rewrites its results files — after a goal or
 * the report changed, without measuring again:
 *
 *   npx tsx bench/report.ts bench/results/latest.json
 *
 * The bootstrap is seeded from each comparison's id, so the same samples give the same intervals.
 */
import { readFile } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { failAndExit } from "../examples/support/fail.mjs";
import { writeResults, type SavedRun } from "./support/write-results.js";

async function main(): Promise<void> {
  const path = process.argv[2];
  if (path === undefined || !path.endsWith(".json")) throw new Error("usage: npx tsx bench/report.ts bench/results/<run>.json");
  const run = JSON.parse(await readFile(path, "utf8")) as SavedRun & { goals?: unknown };
  delete run.goals;
  console.log(await writeResults(dirname(path), basename(path, ".json"), run));
}

main().catch(failAndExit);
