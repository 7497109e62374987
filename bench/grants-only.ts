/**
 * Only figure 10 (standing grants) and its goals, for working on grants without the whole bench:
 *
 *   npx tsx bench/grants-only.ts [--quick]
 */
import { setMaxListeners } from "node:events";
import { failAndExit } from "../examples/support/fail.mjs";
import { ISSUE_25_GOALS } from "./goals/issue-25.js";
import { memoryBackend, postgresBackend } from "./support/backends.js";
import { judgeGoals } from "./support/judge-goals.js";
import { goalLine } from "./support/report.js";
import { benchDatabase } from "./support/server.js";
import { grantedCalls } from "./workloads/grants.js";
import { settingsFor } from "./workloads/settings.js";

async function main(): Promise<void> {
  setMaxListeners(0);
  const settings = settingsFor(process.argv.includes("--quick"));
  const memory = memoryBackend();
  const server = await benchDatabase();
  const postgres = await postgresBackend(server.url);
  try {
    const comparisons = [...(await grantedCalls(memory, settings)), ...(await grantedCalls(postgres, settings))];
    for (const result of judgeGoals(ISSUE_25_GOALS, { comparisons, counts: [], values: [] })) console.log(goalLine(result));
  } finally {
    await postgres.close();
    await memory.close();
    await server.stop();
  }
}

main().catch(failAndExit);
