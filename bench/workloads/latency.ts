import { claimStoreFor } from "../../src/claims/index.js";
import { approvalAgent, bareInterruptAgent, requirementsFloorAgent, middlewareAgent, newThreadId, plainAgent, screenedAgent } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { boundOf, callsLabel, figure, type Figure } from "../support/figures.js";
import { timeClaims } from "../support/claim-timer.js";
import { interleave } from "../support/interleave.js";
import { summarise } from "../support/stats.js";
import type { BenchSettings } from "./settings.js";

const timing = (settings: BenchSettings, backend: Backend) => ({
  warmup: settings.warmup,
  samples: backend.name === "memory" ? settings.memorySamples : settings.samples,
});

/**
 * 1. Screening stays cheap: a batch with no asks (every call allowed by a hook) vs LangGraph's
 * plain ToolNode — both on the same checkpointer, so the figure is the node's own cost (the
 * checkpointer's is figure 1b). Such a batch claims nothing and commits what a plain run commits.
 */
export async function screeningOverhead(backend: Backend, settings: BenchSettings): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const calls of [1, 10]) {
    const plain = plainAgent(calls, backend.ours);
    const ours = screenedAgent(calls, backend.ours);
    const stats = await interleave(
      {
        ours: { run: () => ours.fullRun(newThreadId("screen")) },
        plain: { run: () => plain.fullRun(newThreadId("screen-plain")) },
      },
      timing(settings, backend),
    );
    figures.push(
      figure({
        workload: "1. Screening stays cheap (a batch with no asks)",
        case: callsLabel(calls),
        backend: backend.name,
        unit: "ms",
        ours: stats["ours"]!,
        baselineName: "plain ToolNode",
        baseline: stats["plain"]!,
        target: { kind: "ratio-max", value: 1.05 },
      }),
    );
  }
  return figures;
}

/** 1b. What the inbox-keeping checkpointer costs a run that never pauses, vs LangGraph's own saver. */
export async function checkpointerOverhead(backend: Backend, settings: BenchSettings): Promise<Figure[]> {
  const ours = plainAgent(10, backend.ours);
  const plain = plainAgent(10, backend.plain);
  const stats = await interleave(
    {
      ours: { run: () => ours.fullRun(newThreadId("cp")) },
      plain: { run: () => plain.fullRun(newThreadId("cp-plain")) },
    },
    timing(settings, backend),
  );
  return [
    figure({
      workload: "1b. Checkpointer overhead (plain ToolNode run, 10 calls)",
      case: backend.name === "postgres" ? "createPostgresCheckpointer" : "createMemoryCheckpointer",
      backend: backend.name,
      unit: "ms",
      ours: stats["ours"]!,
      baselineName: backend.name === "postgres" ? "PostgresSaver" : "MemorySaver",
      baseline: stats["plain"]!,
      note: "the inbox triggers on LangGraph's writes: no target; reported so the node's figure stays honest",
    }),
  ];
}

/** The goals for a pause + resume of 10 calls on Postgres (issues 11 and 12). */
const GOALS = { calls: 10, middleware: 0.6, plain: 1.4 };

/**
 * 2 and 7. Pause + resume of an all-ask batch, vs the middleware, vs a plain full run, and vs the
 * floor (a bare `interrupt()` before LangGraph's ToolNode). `goals` puts the targets on figure 2.
 */
export async function pauseResume(backend: Backend, settings: BenchSettings, batchSizes: number[], workload: string, goals = false): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const calls of batchSizes) {
    const ours = approvalAgent(calls, backend.ours);
    const middleware = middlewareAgent(calls, backend.middleware);
    const plain = plainAgent(calls, backend.plain);
    const floor = bareInterruptAgent(calls, backend.plain);
    const requirementsFloor = requirementsFloorAgent(calls, backend.ours, claimStoreFor(backend.ours));
    const stats = await interleave(
      {
        ours: {
          run: async () => {
            const threadId = newThreadId("pr");
            await ours.resume(threadId, await ours.pause(threadId));
          },
        },
        middleware: {
          run: async () => {
            const threadId = newThreadId("pr-mw");
            await middleware.pause(threadId);
            await middleware.resume(threadId);
          },
        },
        plain: { run: () => plain.fullRun(newThreadId("pr-plain")) },
        floor: {
          run: async () => {
            const threadId = newThreadId("pr-floor");
            await floor.pause(threadId);
            await floor.resume(threadId);
          },
        },
        requirementsFloor: {
          run: async () => {
            const threadId = newThreadId("pr-req-floor");
            await requirementsFloor.pause(threadId);
            await requirementsFloor.resume(threadId);
          },
        },
      },
      timing(settings, backend),
    );
    const boundName = "requirements floor: the floor on our checkpointer + resume()'s read + the claim and results commits";
    const label = callsLabel(calls);
    const targeted = goals && backend.name === "postgres" && calls === GOALS.calls;
    const line = (baselineName: string, baseline: keyof typeof stats, target: number | undefined, note?: string) =>
      figure({
        workload,
        case: label,
        backend: backend.name,
        unit: "ms",
        ours: stats["ours"]!,
        baselineName,
        baseline: stats[baseline]!,
        ...(targeted && target !== undefined ? { target: { kind: "ratio-max" as const, value: target }, bound: boundOf(boundName, stats["requirementsFloor"]!, stats[baseline]!) } : {}),
        ...(note === undefined ? {} : { note }),
      });
    figures.push(
      line("humanInTheLoopMiddleware", "middleware", GOALS.middleware),
      line("plain ToolNode full run (no pause)", "plain", GOALS.plain),
      line("floor: bare interrupt() + ToolNode", "floor", undefined, "the least any approval layer on LangGraph's interrupt() costs: one interrupt, LangGraph's ToolNode, its own saver"),
      line(boundName, "requirementsFloor", undefined, "every database operation the promises require and none of the logic: the floor on our checkpointer (inbox triggers), resume()'s read before submitting, the claim committed before the tools and the results after them"),
    );
  }
  return figures;
}

/**
 * 3. What `resume()` adds to a raw Command resume (pre-validation, signing, reading the outcome),
 * and 3b. what the claim costs a resume: time inside the claim store (claiming, reading finished
 * results, committing results, `resume()` reading the outcome) against the whole resume.
 */
export async function resumeCost(backend: Backend, settings: BenchSettings): Promise<Figure[]> {
  const figures: Figure[] = [];
  const timer = timeClaims(claimStoreFor(backend.ours));
  try {
    for (const calls of [1, 10]) {
      const agent = approvalAgent(calls, backend.ours);
      const paused = async () => {
        const threadId = newThreadId("eo");
        return { threadId, interruptId: await agent.pause(threadId) };
      };
      const claimMs: number[] = [];
      const stats = await interleave(
        {
          resume: {
            prepare: paused,
            run: async ({ threadId, interruptId }: { threadId: string; interruptId: string }) => {
              timer.take();
              await agent.resume(threadId, interruptId);
              claimMs.push(timer.take());
            },
          },
          raw: { prepare: paused, run: ({ threadId, interruptId }: { threadId: string; interruptId: string }) => agent.rawResume(threadId, interruptId) },
        },
        timing(settings, backend),
      );
      const label = callsLabel(calls);
      figures.push(
        figure({
          workload: "3. resume() vs a raw Command (resume only)",
          case: label,
          backend: backend.name,
          unit: "ms",
          ours: stats["resume"]!,
          baselineName: "raw Command resume",
          baseline: stats["raw"]!,
          target: { kind: "ratio-max", value: 1.1 },
        }),
        figure({
          workload: "3b. The claim's share of a resume",
          case: label,
          backend: backend.name,
          unit: "ms",
          ours: summarise(claimMs.slice(-stats["resume"]!.samples)),
          baselineName: "the whole resume() it is part of",
          baseline: stats["resume"]!,
          note: "time inside the claim store: claim (INSERT … ON CONFLICT DO NOTHING), read finished results, commit results, resume() reads the outcome",
        }),
      );
    }
  } finally {
    timer.restore();
  }
  return figures;
}

/** One rung of the ladder: a pause + resume that adds one piece to the rung below. */
interface Rung {
  name: string;
  cycle: () => Promise<unknown>;
}

/**
 * 2b. Where a pause + resume's time goes: a ladder from LangGraph's floor to ours, each rung
 * adding one piece — our checkpointer (inbox triggers), our node driven by a raw Command
 * (screening, payload, claim, call results), then `resume()` (pre-validation, signing, reading
 * the outcome). Measured side by side; each figure is a rung against the one below it.
 */
export async function pauseResumeLadder(backend: Backend, settings: BenchSettings, calls = 10): Promise<Figure[]> {
  const floorStock = bareInterruptAgent(calls, backend.plain);
  const floorOurs = bareInterruptAgent(calls, backend.ours);
  const ours = approvalAgent(calls, backend.ours);
  const floorCycle = (agent: ReturnType<typeof bareInterruptAgent>) => async () => {
    const threadId = newThreadId("ladder");
    await agent.pause(threadId);
    await agent.resume(threadId);
  };
  const rungs: Rung[] = [
    { name: "floor: bare interrupt() + ToolNode, LangGraph's saver", cycle: floorCycle(floorStock) },
    { name: "floor on our checkpointer (inbox triggers)", cycle: floorCycle(floorOurs) },
    {
      name: "our node, resumed with a raw Command",
      cycle: async () => {
        const threadId = newThreadId("ladder");
        await ours.rawResume(threadId, await ours.pause(threadId));
      },
    },
    {
      name: "our node, resumed with resume()",
      cycle: async () => {
        const threadId = newThreadId("ladder");
        await ours.resume(threadId, await ours.pause(threadId));
      },
    },
  ];
  const stats = await interleave(Object.fromEntries(rungs.map((rung) => [rung.name, { run: rung.cycle }])), timing(settings, backend));
  return rungs.slice(1).map((rung, index) =>
    figure({
      workload: `2b. Where a pause + resume goes (${callsLabel(calls)})`,
      case: rung.name,
      backend: backend.name,
      unit: "ms",
      ours: stats[rung.name]!,
      baselineName: rungs[index]!.name,
      baseline: stats[rungs[index]!.name]!,
      note: "each rung adds one piece to the rung below it",
    }),
  );
}
