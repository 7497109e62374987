import { claimStoreFor } from "../support/library.js";
import { approvalAgent, bareFloorCycle, designFloorCycle, newThreadId, plainRun, type NamedWork } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { humanInTheLoopCycle } from "../support/create-agent-agents.js";
import { interleave } from "../support/interleave.js";
import { comparison, type Comparison, type ComparisonRow } from "../support/measurements.js";
import { callsLabel } from "./labels.js";
import { rounds, type BenchSettings } from "./settings.js";

/** The variants of figure 2 (and, for 50 calls, the subset of figure 7). */
export type VariantName = "ours" | "oursRaw" | "bareFloor" | "bareFloorStock" | "designFloor" | "plainStock" | "middleware" | "middlewareStock";

/**
 * Every variant of figure 2 at one batch size (figure 8 counts the same ones).
 *
 * @example
 * ```ts
 * const { ours, bareFloor } = handBuiltVariants(backend, 10);
 * await ours.work(newThreadId("x"));
 * ```
 */
export function handBuiltVariants(backend: Backend, calls: number): Record<VariantName, NamedWork> {
  const ours = approvalAgent(calls, backend.ours);
  return {
    ours: { label: `ours: ApprovalToolNode + resume() (${backend.oursName})`, work: ours.cycle },
    oursRaw: { label: `ours, raw Command: ApprovalToolNode resumed with graph.invoke(new Command({ resume })) (${backend.oursName})`, work: ours.rawCycle },
    bareFloor: { label: `bare floor: hand-built graph, a bare interrupt() before ToolNode (${backend.oursName})`, work: bareFloorCycle(calls, backend.ours) },
    bareFloorStock: { label: `bare floor on ${backend.stockName}: the same hand-built graph (${backend.stockName})`, work: bareFloorCycle(calls, backend.stock) },
    designFloor: {
      label: `design floor: bare floor + resume()'s own read + a separate claim and results commit (${backend.oursName})`,
      work: designFloorCycle(calls, backend.ours, claimStoreFor(backend.ours)),
    },
    plainStock: { label: `plain on ${backend.stockName}: LangGraph's ToolNode, one run, no pause (${backend.stockName})`, work: plainRun(calls, backend.stock) },
    middleware: { label: `middleware: createAgent + humanInTheLoopMiddleware (${backend.oursName})`, work: humanInTheLoopCycle(calls, backend.ours) },
    middlewareStock: { label: `middleware on ${backend.stockName}: createAgent + humanInTheLoopMiddleware (${backend.stockName})`, work: humanInTheLoopCycle(calls, backend.stock) },
  };
}

function rowsFor(backend: Backend): ComparisonRow[] {
  return [
    { ours: "ours", baseline: "bareFloor", relation: "like for like: a hand-built graph pausing with a bare interrupt(), same checkpointer" },
    { ours: "ours", baseline: "middleware", relation: "createAgent baseline, same checkpointer — not like for like: createAgent's own overhead is in it (figure 9 is the like-for-like middleware comparison)" },
    { ours: "ours", baseline: "middlewareStock", relation: `what you would run instead: createAgent + humanInTheLoopMiddleware on ${backend.stockName}` },
    { ours: "ours", baseline: "plainStock", relation: `no approvals at all, ${backend.stockName}` },
    { ours: "ours", baseline: "designFloor", relation: "today's design with none of its logic: what our logic costs" },
    { ours: "bareFloor", baseline: "middleware", relation: "the bare floor against the createAgent baseline (the least any hand-built approval layer can reach)" },
    { ours: "bareFloor", baseline: "plainStock", relation: "the bare floor against a plain run: what pausing at all costs" },
    { ours: "bareFloor", baseline: "bareFloorStock", relation: `2b. our checkpointer (inbox triggers) vs ${backend.stockName}, same graph` },
    { ours: "oursRaw", baseline: "bareFloor", relation: "2b. our node (screening, payload, claim, results) driven by a raw Command vs the bare floor" },
    { ours: "ours", baseline: "oursRaw", relation: "2b. resume() (validation, signing, reading the outcome) vs a raw Command" },
  ];
}

const SCALE_VARIANTS: readonly VariantName[] = ["ours", "bareFloor", "plainStock", "middleware"];

/**
 * 2. Pause + resume of an all-ask batch on a hand-built graph: ours against the like-for-like
 * hand-built baseline (the bare floor, on the same checkpointer), the createAgent middleware
 * baseline, a plain run, and the floors; 2b (rows of the same rounds) where the time goes, one
 * piece at a time. 7. The same at 50 calls (Postgres), fewer variants.
 *
 * @example
 * ```ts
 * const figure2 = await pauseResume(postgres, settings, 10);
 * ```
 */
export async function pauseResume(backend: Backend, settings: BenchSettings, calls: number): Promise<Comparison> {
  const all = handBuiltVariants(backend, calls);
  const names = calls > 10 ? SCALE_VARIANTS : (Object.keys(all) as VariantName[]);
  const variants = Object.fromEntries(names.map((name) => [name, { run: () => all[name].work(newThreadId(`pr-${name}`)) }]));
  const samples = await interleave(variants, rounds(settings, backend));
  const figure = calls > 10 ? "7. Scale curve: pause + resume, hand-built graph — the baselines of figure 2" : "2. Pause + resume, hand-built graph (all ask, approved) — like-for-like baseline: the bare floor on the same checkpointer; also vs the createAgent middleware baseline and a plain run";
  return comparison(
    { id: `pause-resume/${backend.name}/${calls}`, figure, case: callsLabel(calls), backend: backend.name, unit: "ms" },
    Object.fromEntries(names.map((name) => [name, all[name].label])),
    samples,
    rowsFor(backend).filter((row) => names.includes(row.ours as VariantName) && names.includes(row.baseline as VariantName)),
  );
}
