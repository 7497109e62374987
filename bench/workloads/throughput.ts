import { approvalAgent, bareFloorCycle, newThreadId, plainRun, type Work } from "../support/agents.js";
import type { PostgresBackend } from "../support/backends.js";
import { interleave } from "../support/interleave.js";
import { comparison, type Comparison } from "../support/measurements.js";
import { runPool } from "../support/pool.js";
import type { BenchSettings } from "./settings.js";

/**
 * 4. Throughput: rounds of `throughputThreads` one-call threads, each paused then resumed, at
 * one at a time and at `concurrency` at once, against as many plain ToolNode runs on the same
 * checkpointer; the bare floor's rounds bound the goal. The variants take turns round by round
 * (one warm-up round), so each round's ratio compares runs that saw the same machine.
 *
 * @example
 * ```ts
 * const figure4 = await throughput(postgres, settings);
 * ```
 */
export async function throughput(backend: PostgresBackend, settings: BenchSettings): Promise<Comparison[]> {
  const work: Record<"ours" | "plain" | "bareFloor", Work> = {
    ours: approvalAgent(1, backend.ours).cycle,
    plain: plainRun(1, backend.ours),
    bareFloor: bareFloorCycle(1, backend.ours),
  };
  const comparisons: Comparison[] = [];
  for (const [pace, concurrency] of [["sequential", 1], ["concurrent", settings.concurrency]] as const) {
    const round = (name: keyof typeof work) => ({ run: () => runPool(settings.throughputThreads, concurrency, () => work[name](newThreadId(`tp-${name}`))) });
    const elapsed = await interleave({ ours: round("ours"), plain: round("plain"), bareFloor: round("bareFloor") }, { warmup: 1, samples: settings.throughputRounds });
    const rates = Object.fromEntries(Object.entries(elapsed).map(([name, ms]) => [name, ms.map((value) => (settings.throughputThreads / value) * 1000)]));
    comparisons.push(
      comparison(
        {
          id: `throughput/postgres/${pace}`,
          figure: `4. Throughput (rounds of ${settings.throughputThreads} one-call threads) — baseline: as many plain ToolNode runs, same checkpointer`,
          case: pace === "sequential" ? "sequential" : `concurrency ${concurrency}`,
          backend: "postgres",
          unit: "threads/s",
        },
        {
          ours: `ours: paused, then resume() (${backend.oursName})`,
          plain: `plain: LangGraph's ToolNode full runs, no pause (${backend.oursName})`,
          bareFloor: `bare floor: a bare interrupt() before ToolNode, paused and resumed (${backend.oursName})`,
        },
        rates,
        [
          { ours: "ours", baseline: "plain", relation: "plain runs, no pause, same checkpointer" },
          { ours: "bareFloor", baseline: "plain", relation: "the bare floor against the same plain runs (the most any approval layer can reach)" },
        ],
      ),
    );
  }
  return comparisons;
}
