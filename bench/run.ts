/**
 * Benchmarks langgraph-hitl against what users would use instead — LangGraph's plain ToolNode
 * and LangChain's humanInTheLoopMiddleware — side by side in one process, on MemorySaver and on
 * a real (embedded) Postgres.
 *
 *   npm run bench             full run, writes bench/results/latest.{json,md,svg}
 *   npm run bench -- --quick  smoke run (< 1 min), writes bench/results/quick.*
 */
import { setMaxListeners } from "node:events";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, totalmem, type } from "node:os";
import { join } from "node:path";
import { memoryBackend, postgresBackend, type Backend } from "./support/backends.js";
import type { Figure } from "./support/figures.js";
import { ANALYSIS } from "./support/notes.js";
import { markdownTable, ratioChart } from "./support/report.js";
import { benchDatabase, describeServer, serverFacts } from "./support/server.js";
import { goalsSummary } from "./support/goals.js";
import { commitsPerCycle } from "./workloads/commits.js";
import { checkpointerOverhead, pauseResume, pauseResumeLadder, resumeCost, screeningOverhead } from "./workloads/latency.js";
import { inbox, storage, throughput } from "./workloads/postgres-only.js";
import { settingsFor } from "./workloads/settings.js";
import { failAndExit } from "../examples/support/fail.mjs";
import { createAgentApprovals } from "./workloads/create-agent.js";

async function main(): Promise<void> {
  // LangGraph's plain ToolNode runs ten tools at once, each listening to the run's signal, which
  // trips Node's listener-leak warning on every baseline run; it is not a leak.
  setMaxListeners(0);
  const quick = process.argv.includes("--quick");
  const settings = settingsFor(quick);
  const started = Date.now();
  const figures: Figure[] = [];
  const step = async (name: string, run: () => Promise<Figure[]>) => {
    process.stdout.write(`• ${name} … `);
    const t = Date.now();
    figures.push(...(await run()));
    process.stdout.write(`${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  };

  const memory = memoryBackend();
  const server = await benchDatabase();
  const postgres = await postgresBackend(server.url);
  try {
    for (const backend of [memory, postgres] as Backend[]) {
      await step(`screening overhead (${backend.name})`, () => screeningOverhead(backend, settings));
      await step(`checkpointer overhead (${backend.name})`, () => checkpointerOverhead(backend, settings));
      await step(`pause + resume (${backend.name})`, () => pauseResume(backend, settings, [1, 10], "2. Pause + resume (all ask, approved)", true));
      await step(`where a pause + resume goes (${backend.name})`, () => pauseResumeLadder(backend, settings));
      await step(`resume() and claim cost (${backend.name})`, () => resumeCost(backend, settings));
      await step(`createAgent approvals (${backend.name})`, () => createAgentApprovals(backend, settings));
    }
    await step("throughput (postgres)", () => throughput(postgres, settings));
    await step("storage (postgres)", () => storage(postgres, settings));
    await step("scale curve (postgres)", () => pauseResume(postgres, settings, [50], "7. Scale curve (pause + resume; 1 and 10 calls are figure 2)"));
    await step("commits per cycle (postgres)", () => commitsPerCycle(postgres));
    // Last: its bulk insert of paused threads leaves WAL and vacuum work that would slow what follows.
    await step("inbox (postgres)", () => inbox(postgres, settings));
    const machine = {
      os: type(),
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? "?"}`,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres: await serverFacts(server.url),
    };
    const result = { when: new Date().toISOString(), quick, settings, machine, seconds: (Date.now() - started) / 1000, figures, analysis: ANALYSIS };
    const base = quick ? "quick" : "latest";
    const dir = join(__dirname, "results");
    await mkdir(dir, { recursive: true });
    const table = markdownTable(figures);
    const goals = goalsSummary(figures);
    const header = `Measured ${result.when} on ${machine.os}, ${machine.cpus}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${describeServer(machine.postgres, server.origin)}.\n${quick ? "Quick smoke run: few samples, not for conclusions.\n" : ""}`;
    await writeFile(join(dir, `${base}.json`), JSON.stringify(result, null, 2) + "\n");
    await writeFile(join(dir, `${base}.md`), `${header}\n${goals}\n\n${table}\n\n${ANALYSIS}\n`);
    await writeFile(join(dir, `${base}.svg`), ratioChart(figures, `langgraph-hitl vs the alternatives${quick ? " (quick run)" : ""}`) + "\n");
    console.log(`\n${header}\n${table}\n\n${goals}\n\nwritten: bench/results/${base}.{json,md,svg} in ${result.seconds.toFixed(0)} s`);
  } finally {
    await postgres.close();
    await memory.close();
    await server.stop();
  }
}

main().catch(failAndExit);
