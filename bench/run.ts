/**
 * Benchmarks langgraph-hitl against what users would use instead — LangGraph's plain ToolNode,
 * a hand-built bare interrupt(), and LangChain's humanInTheLoopMiddleware — in paired,
 * interleaved rounds, each comparison in fresh processes of its own (bench/fork.ts), on
 * MemorySaver and on a real (embedded) Postgres at its default durability; judges every goal on
 * its bootstrap interval.
 *
 *   npm run bench             builds the package, then a full run of it: bench/results/latest.{json,md,svg}
 *   npm run bench -- --quick  smoke run: every workload, few samples, writes bench/results/quick.*;
 *                             fails only on errors, never on a verdict
 */
import { cpus, totalmem, type } from "node:os";
import { join } from "node:path";
import { failAndExit } from "../examples/support/fail.mjs";
import { postgresBackend } from "./support/backends.js";
import { settleHeap, type HeapAtStart } from "./support/fresh-heap.js";
import { inForks } from "./support/forks.js";
import { silenceListenerLeakWarnings } from "./support/listener-warnings.js";
import { measuredLibrary } from "./support/library.js";
import type { Measurements } from "./support/measurements.js";
import { benchDatabase, serverFacts } from "./support/server.js";
import { writeResults, type StepFacts } from "./support/write-results.js";
import { cycleCounts } from "./workloads/counts.js";
import { stepName, type ForkedStep } from "./workloads/forked-steps.js";
import { inbox } from "./workloads/inbox.js";
import { notificationsAndSweeper } from "./workloads/notify-sweeper.js";
import { settingsFor } from "./workloads/settings.js";
import { storage } from "./workloads/storage.js";

async function main(): Promise<void> {
  // Left on, Node's listener-leak warning is a cost only LangGraph's ToolNode baseline pays (see there).
  silenceListenerLeakWarnings();
  const quick = process.argv.includes("--quick");
  const settings = settingsFor(quick);
  const started = Date.now();
  const measurements: Measurements = { comparisons: [], counts: [], values: [] };
  const steps: StepFacts[] = [];
  const step = async (name: string, run: () => Promise<Partial<Measurements> & { heaps?: HeapAtStart[] }>) => {
    process.stdout.write(`• ${name} … `);
    // What earlier steps left is collected first: no step's samples pay for another's garbage.
    const here = await settleHeap();
    const t = Date.now();
    const { heaps, ...measured } = await run();
    measurements.comparisons.push(...(measured.comparisons ?? []));
    measurements.counts.push(...(measured.counts ?? []));
    measurements.values.push(...(measured.values ?? []));
    const seconds = (Date.now() - t) / 1000;
    // A forked step started on its processes' heaps, not on this one's.
    const started = heaps ?? [here];
    const heapMiB = Math.max(...started.map((heap) => heap.heapMiB));
    const processes = heaps === undefined ? {} : { processes: heaps.length };
    steps.push({ name, seconds, heapMiB, collected: started.every((heap) => heap.collected), ...processes });
    process.stdout.write(`${seconds.toFixed(1)} s (live heap at its start: ${heapMiB} MiB${heaps === undefined ? "" : `, the most of its ${heaps.length} processes`})\n`);
  };

  const server = await benchDatabase();
  const postgres = await postgresBackend(server.url);
  // Every timed comparison runs in fresh processes of its own, its rounds shared out among them
  // (bench/support/forks.ts); what is counted or read once (storage, counts, inbox, sweeper) runs here.
  const forked = (name: string, measured: ForkedStep) =>
    step(name, async () => {
      const { measured: merged, heaps } = await inForks(measured, settings, server.url);
      return { ...merged, heaps };
    });
  try {
    for (const backend of ["memory", "postgres"] as const) {
      const timed: ForkedStep[] = [
        { kind: "screening", backend },
        { kind: "granted calls", backend },
        ...[1, 10].map((calls): ForkedStep => ({ kind: "pause + resume", backend, calls })),
        { kind: "resume() and the claim", backend },
        ...[1, 10, 50].map((calls): ForkedStep => ({ kind: "createAgent", backend, calls })),
      ];
      for (const measured of timed) await forked(stepName(measured), measured);
    }
    await forked("7. scale curve, 50 calls (postgres)", { kind: "pause + resume", backend: "postgres", calls: 50 });
    await forked("4. throughput (postgres)", { kind: "throughput", backend: "postgres" });
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
