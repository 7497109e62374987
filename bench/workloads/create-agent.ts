import { claimStoreFor } from "../support/library.js";
import { newThreadId, type NamedWork } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { approvalMiddlewareCycle, createAgentDesignFloorCycle, createAgentFloorCycle, createAgentRun, humanInTheLoopCycle } from "../support/create-agent-agents.js";
import { interleave } from "../support/interleave.js";
import { comparison, type Comparison } from "../support/measurements.js";
import { callsLabel } from "./labels.js";
import { rounds, type BenchSettings } from "./settings.js";

/** The variants of figure 9. */
export type CreateAgentVariant = "ours" | "theirs" | "theirsStock" | "plain" | "floor" | "designFloor";

/**
 * Every variant of figure 9 at one batch size (figure 8 counts the same ones).
 *
 * @example
 * ```ts
 * const { ours, theirs } = createAgentVariants(backend, 10);
 * ```
 */
export function createAgentVariants(backend: Backend, calls: number): Record<CreateAgentVariant, NamedWork> {
  return {
    ours: { label: `ours: createAgent + approvalMiddleware, resume() (${backend.oursName})`, work: approvalMiddlewareCycle(calls, backend.ours) },
    theirs: { label: `middleware: createAgent + humanInTheLoopMiddleware (${backend.oursName})`, work: humanInTheLoopCycle(calls, backend.ours) },
    theirsStock: { label: `middleware on ${backend.stockName}: createAgent + humanInTheLoopMiddleware (${backend.stockName})`, work: humanInTheLoopCycle(calls, backend.stock) },
    plain: { label: `createAgent alone: no approvals, one run, no pause (${backend.oursName})`, work: createAgentRun(calls, backend.ours) },
    floor: { label: `createAgent floor: a bare interrupt() middleware, the turn as one task (${backend.oursName})`, work: createAgentFloorCycle(calls, backend.ours) },
    designFloor: {
      label: `createAgent design floor: the floor + resume()'s own read + a separate claim and results commit (${backend.oursName})`,
      work: createAgentDesignFloorCycle(calls, backend.ours, claimStoreFor(backend.ours)),
    },
  };
}

/**
 * 9. createAgent on both sides — the like-for-like middleware comparison: pause + resume of an
 * all-ask model turn, `approvalMiddleware` vs LangChain's `humanInTheLoopMiddleware` on the same
 * checkpointer, with the createAgent floor (the bound of its goals), the stock checkpointer's
 * run of the middleware, and createAgent without approvals.
 *
 * @example
 * ```ts
 * const figure9 = await createAgentApprovals(postgres, settings, 10);
 * ```
 */
export async function createAgentApprovals(backend: Backend, settings: BenchSettings, calls: number): Promise<Comparison> {
  const all = createAgentVariants(backend, calls);
  const names = Object.keys(all) as CreateAgentVariant[];
  const samples = await interleave(Object.fromEntries(names.map((name) => [name, { run: () => all[name].work(newThreadId(`ca-${name}`)) }])), rounds(settings, backend));
  return comparison(
    { id: `create-agent/${backend.name}/${calls}`, figure: "9. createAgent on both sides — the like-for-like middleware comparison: approvalMiddleware vs humanInTheLoopMiddleware, pause + resume (all ask, approved)", case: callsLabel(calls), backend: backend.name, unit: "ms" },
    Object.fromEntries(names.map((name) => [name, all[name].label])),
    samples,
    [
      { ours: "ours", baseline: "theirs", relation: "like for like: createAgent + humanInTheLoopMiddleware, same checkpointer" },
      { ours: "ours", baseline: "theirsStock", relation: `what you would run instead: the middleware on ${backend.stockName}` },
      { ours: "ours", baseline: "plain", relation: "createAgent without approvals (one run, no pause)" },
      { ours: "ours", baseline: "floor", relation: "the createAgent floor: what our logic and storage add to pausing the turn once" },
      { ours: "ours", baseline: "designFloor", relation: "today's design with none of its logic" },
      { ours: "floor", baseline: "theirs", relation: "the createAgent floor against the middleware (the least any createAgent approval middleware can reach)" },
    ],
  );
}
