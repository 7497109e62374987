import { claimStoreFor } from "../support/library.js";
import { approvalAgent, newThreadId } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { timeClaims } from "../support/claim-timer.js";
import { interleave } from "../support/interleave.js";
import { comparison, type Comparison, type ValueFigure } from "../support/measurements.js";
import { callsLabel } from "./labels.js";
import { rounds, type BenchSettings } from "./settings.js";

interface Paused {
  threadId: string;
  interruptId: string;
}

/**
 * 3. What `resume()` adds to a raw Command resume (pre-validation, signing, reading the outcome),
 * the resume alone (the pause is prepared untimed); 3a. that cost split in two by a third variant,
 * the same raw Command run as the thread's one continuation (`withThreadContinuation`): the lease's
 * share, and what `resume()` does under it; 3b. the claim's share of a resume: time inside
 * the claim store against the whole `resume()` it is part of (not paired: no ratio interval).
 *
 * @example
 * ```ts
 * const { comparisons, values } = await resumeCost(memory, settings);
 * ```
 */
export async function resumeCost(backend: Backend, settings: BenchSettings): Promise<{ comparisons: Comparison[]; values: ValueFigure[] }> {
  const comparisons: Comparison[] = [];
  const values: ValueFigure[] = [];
  const timer = timeClaims(claimStoreFor(backend.ours));
  try {
    for (const calls of [1, 10]) {
      const agent = approvalAgent(calls, backend.ours);
      const paused = async (): Promise<Paused> => {
        const threadId = newThreadId("rc");
        return { threadId, interruptId: await agent.pause(threadId) };
      };
      const claimMs: number[] = [];
      const timing = rounds(settings, backend, "fine");
      const samples = await interleave(
        {
          resume: {
            prepare: paused,
            run: async ({ threadId, interruptId }: Paused) => {
              timer.take();
              await agent.resume(threadId, interruptId);
              claimMs.push(timer.take());
            },
          },
          raw: { prepare: paused, run: ({ threadId, interruptId }: Paused) => agent.rawResume(threadId, interruptId) },
          leased: { prepare: paused, run: ({ threadId, interruptId }: Paused) => agent.leasedRawResume(threadId, interruptId) },
        },
        timing,
      );
      const label = callsLabel(calls);
      comparisons.push(
        comparison(
          { id: `resume-cost/${backend.name}/${calls}`, figure: "3. resume() vs a raw Command (the resume alone) — baseline: the same paused thread resumed with graph.invoke(new Command(…))", case: label, backend: backend.name, unit: "ms" },
          {
            resume: `resume(): the library's resume (${backend.oursName})`,
            raw: `raw Command: graph.invoke(new Command({ resume })) (${backend.oursName})`,
            leased: `raw Command under the lease: the same Command inside withThreadContinuation, as resume() runs it (${backend.oursName})`,
          },
          samples,
          [
            { ours: "resume", baseline: "raw", relation: "like for like: the same paused thread resumed with a raw Command" },
            { ours: "leased", baseline: "raw", relation: "3a. the continuation lease alone: taken, carried by the run's writes, released (no checks)" },
            { ours: "resume", baseline: "leased", relation: "3a. resume()'s own work under that lease: reading the head it hands over, validating, signing, reporting" },
          ],
        ),
      );
      values.push({
        id: `claim-share/${backend.name}/${calls}`,
        figure: "3b. The claim's share of a resume",
        case: label,
        backend: backend.name,
        unit: "ms",
        label: "time inside the claim store: claim, read finished results, commit results, resume() reads the outcome",
        samples: claimMs.slice(-timing.samples),
        beside: { label: "the whole resume() it is part of", samples: samples["resume"]! },
      });
    }
  } finally {
    timer.restore();
  }
  return { comparisons, values };
}
