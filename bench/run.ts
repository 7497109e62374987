/**
 * Benchmarks langgraph-hitl against what users would use instead — LangGraph's plain ToolNode,
 * a hand-built bare interrupt(), and LangChain's humanInTheLoopMiddleware — in paired,
 * interleaved rounds in one process, on MemorySaver and on a real (embedded) Postgres at its
 * default durability; judges every goal on its bootstrap interval.
 *
 *   npm run bench             builds the package, then a full run of it: bench/results/latest.{json,md,svg}
 *   npm run bench -- --quick  smoke run: every workload, few samples, writes bench/results/quick.*;
 *                             fails only on errors, never on a verdict
 */
import { setMaxListeners } from "node:events";
import { cpus, totalmem, type } from "node:os";
import { join } from "node:path";
import { failAndExit } from "../examples/support/fail.mjs";
import { memoryBackend, postgresBackend, type Backend } from "./support/backends.js";
import { onBackendOfItsOwn, settleHeap } from "./support/fresh-heap.js";
import { measuredLibrary } from "./support/library.js";
import type { Measurements } from "./support/measurements.js";
import { benchDatabase, serverFacts } from "./support/server.js";
import { writeResults, type StepFacts } from "./support/write-results.js";
import { cycleCounts } from "./workloads/counts.js";
import { createAgentApprovals } from "./workloads/create-agent.js";
import { grantedCalls } from "./workloads/grants.js";
import { inbox } from "./workloads/inbox.js";
import { notificationsAndSweeper } from "./workloads/notify-sweeper.js";
import { callsLabel } from "./workloads/labels.js";
import { pauseResume } from "./workloads/pause-resume.js";
import { resumeCost } from "./workloads/resume-cost.js";
import { screening } from "./workloads/screening.js";
import { settingsFor } from "./workloads/settings.js";
import { storage } from "./workloads/storage.js";
import { throughput } from "./workloads/throughput.js";

async function main(): Promise<void> {
  // LangGraph's plain ToolNode runs ten tools at once, each listening to the run's signal, which
  // trips Node's listener-leak warning on every baseline run; it is not a leak.
  setMaxListeners(0);
  const quick = process.argv.includes("--quick");
  const settings = settingsFor(quick);
  const started = Date.now();
  const measurements: Measurements = { comparisons: [], counts: [], values: [] };
  const steps: StepFacts[] = [];
  const step = async (name: string, run: () => Promise<Partial<Measurements>>) => {
    process.stdout.write(`• ${name} … `);
    // What earlier steps left is collected first: no step's samples pay for another's garbage.
    const { heapMiB, collected } = await settleHeap();
    const t = Date.now();
    const measured = await run();
    measurements.comparisons.push(...(measured.comparisons ?? []));
    measurements.counts.push(...(measured.counts ?? []));
    measurements.values.push(...(measured.values ?? []));
    const seconds = (Date.now() - t) / 1000;
    steps.push({ name, seconds, heapMiB, collected });
    process.stdout.write(`${seconds.toFixed(1)} s (live heap at its start: ${heapMiB} MiB)\n`);
  };

  const server = await benchDatabase();
  const postgres = await postgresBackend(server.url);
  // Each in-memory step gets checkpointers of its own, dropped when it ends: an in-memory
  // checkpointer keeps every thread it ran, so what one step made is garbage before the next
  // starts, and settleHeap collects it (see bench/support/fresh-heap.ts).
  const backends: Array<{ name: Backend["name"]; use: <T>(work: (backend: Backend) => Promise<T>) => Promise<T> }> = [
    { name: "memory", use: (work) => onBackendOfItsOwn(memoryBackend, work) },
    { name: "postgres", use: (work) => work(postgres) },
  ];
  try {
    for (const { name, use } of backends) {
      await step(`1. screening (${name})`, () => use(async (backend) => ({ comparisons: await screening(backend, settings) })));
      await step(`10. granted calls (${name})`, () => use(async (backend) => ({ comparisons: await grantedCalls(backend, settings) })));
      for (const calls of [1, 10]) await step(`2. pause + resume, ${callsLabel(calls)} (${name})`, () => use(async (backend) => ({ comparisons: [await pauseResume(backend, settings, calls)] })));
      await step(`3. resume() and the claim (${name})`, () => use((backend) => resumeCost(backend, settings)));
      for (const calls of [1, 10, 50]) await step(`9. createAgent, ${callsLabel(calls)} (${name})`, () => use(async (backend) => ({ comparisons: [await createAgentApprovals(backend, settings, calls)] })));
    }
    await step("7. scale curve, 50 calls (postgres)", async () => ({ comparisons: [await pauseResume(postgres, settings, 50)] }));
    await step("4. throughput (postgres)", async () => ({ comparisons: await throughput(postgres, settings) }));
    await step("5. storage (postgres)", async () => ({ values: await storage(postgres, settings) }));
    await step("8. counts per cycle (postgres)", () => cycleCounts(postgres, settings));
    // Last: its bulk insert of paused threads leaves WAL and vacuum work that would slow what follows.
    await step("6. inbox (postgres)", async () => ({ values: await inbox(postgres, settings) }));
    // After 6: the sweeper's query is measured on its paused threads.
    await step("10. notifications and the expiry sweeper (postgres)", async () => ({ values: await notificationsAndSweeper(postgres, settings) }));

    const postgresFacts = await serverFacts(server.url);
    const machine = { os: type(), cpus: `${cpus().length} × ${cpus()[0]?.model ?? "?"}`, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, postgres: postgresFacts, origin: server.origin };
    const run = { when: new Date().toISOString(), quick, seconds: (Date.now() - started) / 1000, settings, machine, library: measuredLibrary, steps, ...measurements };
    const base = quick ? "quick" : "latest";
    console.log(`\n${await writeResults(join(__dirname, "results"), base, run)}\n\nwritten: bench/results/${base}.{json,md,svg}`);
  } finally {
    await postgres.close();
    await server.stop();
  }
}

main().catch(failAndExit);
