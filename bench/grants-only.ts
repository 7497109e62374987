/**
 * Only figure 10 (standing grants) and its goals, for working on grants without the whole bench:
 *
 *   npm run build && npx tsx bench/grants-only.ts [--quick]
 *
 * It measures the built package, as `npm run bench` does (`BENCH_LIBRARY=source`: the source, no build).
 */
import { failAndExit } from "../examples/support/fail.mjs";
import { ISSUE_25_GOALS } from "./goals/issue-25.js";
import { memoryBackend, postgresBackend } from "./support/backends.js";
import { judgeGoals } from "./support/judge-goals.js";
import { silenceListenerLeakWarnings } from "./support/listener-warnings.js";
import { goalLine } from "./support/report.js";
import { benchDatabase } from "./support/server.js";
import { grantedCalls } from "./workloads/grants.js";
import { settingsFor } from "./workloads/settings.js";

async function main(): Promise<void> {
  silenceListenerLeakWarnings();
  const settings = settingsFor(process.argv.includes("--quick"));
  const memory = memoryBackend();
  const server = await benchDatabase();
  const postgres = await postgresBackend(server.url);
  try {
    const comparisons = [...(await grantedCalls(memory, settings)), ...(await grantedCalls(postgres, settings))];
    // Only the goals of figure 10's comparisons: the outbox's and the sweeper's need the whole bench.
    const measured = new Set(comparisons.map((comparison) => comparison.id));
    const goals = ISSUE_25_GOALS.filter((goal) => goal.kind === "ratio" && measured.has(goal.comparison));
    for (const result of judgeGoals(goals, { comparisons, counts: [], values: [] })) console.log(goalLine(result));
  } finally {
    await postgres.close();
    await memory.close();
    await server.stop();
  }
}

main().catch(failAndExit);
