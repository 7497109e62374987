import type { RunnableConfig } from "@langchain/core/runnables";
import { checkedThreadIdOf, type HITLGraph } from "./graph-types.js";
import { invokeAndSettle, type RunOutcome } from "./run-outcome.js";
import type { GraphValues } from "./resume.js";

/**
 * Starts (or continues) a run and tells how it ended, the same way {@link resume} does:
 * `values`, the pending `interrupt` when it paused, `halted` when a hook stopped it with
 * `preventContinuation`. A hook's `cancelRun` rejects with `RUN_CANCELLED`.
 *
 * A plain `graph.invoke` works too; it reports a hook's halt as LangGraph's `GraphDrained`.
 *
 * @param graph - The compiled graph.
 * @param input - The graph input, e.g. `{ messages: [...] }`.
 * @param config - `{ configurable: { thread_id } }`, plus any run options.
 * @returns `{ values, interrupt?, interrupts, halted? }`.
 * @throws {HITLError} `RUN_CANCELLED` when a hook cancelled the run; `INVALID_OPTIONS` for a thread id with the NUL character (nothing runs);
 * for a `RemoteGraph`, `THREAD_BUSY` (its server refused the run: the thread is running another) and `AGENT_SERVER_FAILED`.
 * @example
 * ```ts
 * const { interrupt, halted } = await start(graph, { messages: [["user", "tidy up"]] }, config);
 * if (interrupt) notifyReviewer(interrupt);
 * if (halted) console.log("stopped:", halted.reason);
 * ```
 */
export async function start<G extends HITLGraph, TValues = GraphValues<G>>(graph: G, input: unknown, config: RunnableConfig): Promise<RunOutcome<TValues>> {
  return invokeAndSettle<TValues>(graph, input, config, checkedThreadIdOf(config, "start()"));
}
