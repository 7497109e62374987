import { approvalAgent, middlewareAgent, newThreadId, plainAgent, screenedAgent } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { callsLabel, figure, type Figure } from "../support/figures.js";
import { interleave } from "../support/interleave.js";
import type { BenchSettings } from "./settings.js";

const timing = (settings: BenchSettings, backend: Backend) => ({
  warmup: settings.warmup,
  samples: backend.name === "memory" ? settings.memorySamples : settings.samples,
});

/**
 * 1. Screening overhead: every call allowed by a hook, vs LangGraph's plain ToolNode — both on
 * the same checkpointer, so the figure is the node's own cost (the checkpointer's is figure 1b).
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
        workload: "1. Screening overhead (all allowed)",
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
      note: "the approvals inbox and locks: no target in the issue; reported so the node's figure stays honest",
    }),
  ];
}

/** 2 and 7. Pause + resume of an all-ask batch, vs the middleware and vs a plain full run. */
export async function pauseResume(backend: Backend, settings: BenchSettings, batchSizes: number[], workload: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const calls of batchSizes) {
    const ours = approvalAgent(calls, backend.ours);
    const middleware = middlewareAgent(calls, backend.middleware);
    const plain = plainAgent(calls, backend.plain);
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
      },
      timing(settings, backend),
    );
    const label = callsLabel(calls);
    const onPostgres = backend.name === "postgres";
    const middlewareTarget = onPostgres && calls === 1 ? 0.7 : onPostgres && calls === 10 ? 0.5 : undefined;
    figures.push(
      figure({
        workload,
        case: label,
        backend: backend.name,
        unit: "ms",
        ours: stats["ours"]!,
        baselineName: "humanInTheLoopMiddleware",
        baseline: stats["middleware"]!,
        ...(middlewareTarget === undefined ? {} : { target: { kind: "ratio-max" as const, value: middlewareTarget } }),
      }),
      figure({
        workload,
        case: label,
        backend: backend.name,
        unit: "ms",
        ours: stats["ours"]!,
        baselineName: "plain ToolNode full run (no pause)",
        baseline: stats["plain"]!,
        ...(onPostgres && calls === 10 ? { target: { kind: "ratio-max" as const, value: 1.3 } } : {}),
      }),
    );
  }
  return figures;
}

/** 3. Exactly-once cost: `resume()` (lock + pending check + validation) vs a raw Command resume. */
export async function exactlyOnceCost(backend: Backend, settings: BenchSettings): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const calls of [1, 10]) {
    const agent = approvalAgent(calls, backend.ours);
    const paused = async () => {
      const threadId = newThreadId("eo");
      return { threadId, interruptId: await agent.pause(threadId) };
    };
    const stats = await interleave(
      {
        resume: { prepare: paused, run: ({ threadId, interruptId }: { threadId: string; interruptId: string }) => agent.resume(threadId, interruptId) },
        raw: { prepare: paused, run: ({ threadId, interruptId }: { threadId: string; interruptId: string }) => agent.rawResume(threadId, interruptId) },
      },
      timing(settings, backend),
    );
    figures.push(
      figure({
        workload: "3. Exactly-once cost (resume only)",
        case: callsLabel(calls),
        backend: backend.name,
        unit: "ms",
        ours: stats["resume"]!,
        baselineName: "raw Command resume",
        baseline: stats["raw"]!,
        target: { kind: "ratio-max", value: 1.1 },
      }),
    );
  }
  return figures;
}
