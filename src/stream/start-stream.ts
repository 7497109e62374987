import type { RunnableConfig } from "@langchain/core/runnables";
import { checkedThreadIdOf, type HITLGraph } from "../host/graph-types.js";
import type { GraphValues } from "../host/resume-types.js";
import type { RunOutcome } from "../host/run-outcome.js";
import { chunkRequest } from "./chunk-shape.js";
import { LazyRunStream, type RunStream } from "./run-stream.js";
import { streamAndSettle } from "./stream-and-settle.js";
import { callerSignals, checkStreamOptions, type StreamOptions } from "./stream-options.js";

/**
 * {@link start}, streamed: starts (or continues) a run and yields LangGraph's own chunks for the
 * `streamMode` and `subgraphs` you pass, exactly as `graph.stream` would, with the interrupts in
 * `"updates"` / `"values"` chunks enriched (see `StreamedInterrupt`). Its `outcome` is what
 * `start()` resolves to: `values`, the pending `interrupt`, `halted`; it rejects with
 * `RUN_CANCELLED` when a hook cancelled the run, or `RUN_ABORTED` when you stopped it.
 *
 * The run starts on the first `next()`; leaving the loop early or aborting `signal` stops it.
 *
 * @param graph - A compiled graph, or a `RemoteGraph`.
 * @param input - The graph input, e.g. `{ messages: [...] }`.
 * @param config - `{ configurable: { thread_id } }`, plus any run options (not `streamMode`: that is an option here).
 * @param options - `streamMode`, `subgraphs`, `signal`.
 * @returns The run's stream; iterate it to run the graph.
 * @throws {HITLError} `INVALID_OPTIONS` for malformed options or a thread id with the NUL character, before anything runs;
 * from the stream, for a `RemoteGraph`, `THREAD_BUSY` and `AGENT_SERVER_FAILED` as {@link start} throws them.
 * @example
 * ```ts
 * const run = await startStream(graph, { messages: [["user", "tidy up"]] }, config, { streamMode: ["updates", "messages"] });
 * for await (const [mode, chunk] of run) render(mode, chunk);
 * const { interrupt } = await run.outcome;
 * ```
 */
export async function startStream<G extends HITLGraph, TValues = GraphValues<G>>(graph: G, input: unknown, config: RunnableConfig, options: StreamOptions = {}): Promise<RunStream<unknown, RunOutcome<TValues>>> {
  checkStreamOptions(options, config);
  const request = chunkRequest(graph, options.streamMode, options.subgraphs);
  const threadId = checkedThreadIdOf(config, "startStream()");
  return new LazyRunStream<RunOutcome<TValues>>(
    async (sink, control) => {
      control.started();
      return streamAndSettle<TValues>(graph, input, { ...config, signal: control.signal }, threadId, request, sink);
    },
    callerSignals(options, config),
    threadId,
  );
}
