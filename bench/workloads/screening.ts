import { newThreadId, plainRun, screenedRun } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { interleave } from "../support/interleave.js";
import { comparison, type Comparison } from "../support/measurements.js";
import { callsLabel } from "./labels.js";
import { rounds, type BenchSettings } from "./settings.js";

/**
 * 1. Screening stays cheap: a batch with no asks (every call allowed by a hook) vs LangGraph's
 * plain ToolNode, both on our checkpointer, so the ratio is the node's own cost. Such a batch
 * claims nothing and commits what a plain run commits (figure 8).
 * 1b. What our checkpointer costs a run that never pauses, against the stock one (no target).
 *
 * @example
 * ```ts
 * const figure1 = await screening(memory, settings);
 * ```
 */
export async function screening(backend: Backend, settings: BenchSettings): Promise<Comparison[]> {
  const comparisons: Comparison[] = [];
  for (const calls of [1, 10]) {
    const ours = screenedRun(calls, backend.ours);
    const plain = plainRun(calls, backend.ours);
    const plainStock = plainRun(calls, backend.stock);
    const samples = await interleave(
      {
        ours: { run: () => ours(newThreadId("screen")) },
        plain: { run: () => plain(newThreadId("screen-plain")) },
        plainStock: { run: () => plainStock(newThreadId("screen-stock")) },
      },
      rounds(settings, backend, "fine"),
    );
    comparisons.push(
      comparison(
        { id: `screening/${backend.name}/${calls}`, figure: "1. Screening a batch with no asks (one run, every call allowed) — baseline: the same graph with LangGraph's ToolNode, same checkpointer", case: callsLabel(calls), backend: backend.name, unit: "ms" },
        {
          ours: `ours: ApprovalToolNode, every call allowed by a hook (${backend.oursName})`,
          plain: `plain: LangGraph's ToolNode (${backend.oursName})`,
          plainStock: `plain on ${backend.stockName}: LangGraph's ToolNode (${backend.stockName})`,
        },
        samples,
        [
          { ours: "ours", baseline: "plain", relation: "like for like: the same graph with LangGraph's ToolNode, same checkpointer" },
          { ours: "plain", baseline: "plainStock", relation: `1b. checkpointer overhead: ${backend.oursName} vs ${backend.stockName} on a run that never pauses` },
        ],
      ),
    );
  }
  return comparisons;
}
