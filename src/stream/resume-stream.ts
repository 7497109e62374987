import type { RunnableConfig } from "@langchain/core/runnables";
import { requireThreadId, type HITLGraph } from "../host/graph-types.js";
import { isRemoteGraph, type RemoteGraphLike } from "../host/remote-graph.js";
import { prepareRemoteResume, settleRemoteResume } from "../host/resume-remote.js";
import { continueUnderLease, prepareResume } from "../host/resume.js";
import type { GraphValues, ResumeOptions, ResumeResult, ResumeValue } from "../host/resume-types.js";
import { chunkRequest, type ChunkRequest } from "./chunk-shape.js";
import { LazyRunStream, type RunStream } from "./run-stream.js";
import { streamAndSettle } from "./stream-and-settle.js";
import { callerSignals, checkStreamOptions, type StreamOptions } from "./stream-options.js";

/** Options of {@link resumeStream}: those of `resume()`, and how to stream. */
export type ResumeStreamOptions = ResumeOptions & StreamOptions;

function splitOptions(options: ResumeStreamOptions): { resumeOptions: ResumeOptions; streamOptions: StreamOptions } {
  const { streamMode, subgraphs, signal, ...resumeOptions } = options;
  const streamOptions: StreamOptions = { ...(streamMode === undefined ? {} : { streamMode }), ...(subgraphs === undefined ? {} : { subgraphs }), ...(signal === undefined ? {} : { signal }) };
  return { resumeOptions, streamOptions };
}

async function remoteStream<TValues>(graph: RemoteGraphLike, config: RunnableConfig, value: ResumeValue, resumeOptions: ResumeOptions, request: ChunkRequest, signals: AbortSignal[]) {
  const prepared = await prepareRemoteResume(graph, config, value, resumeOptions);
  return new LazyRunStream<ResumeResult<TValues>>(
    async (sink, control) => {
      control.throwIfStopped();
      control.started();
      const outcome = await streamAndSettle<TValues>(graph, prepared.command, { ...config, signal: control.signal }, prepared.threadId, request, sink);
      return settleRemoteResume(graph, config, prepared, outcome);
    },
    signals,
    prepared.threadId,
  );
}

/**
 * {@link resume}, streamed. Every check `resume()` makes — the options, that the interrupt is
 * pending, `value` against its payload, the signature — happens before this resolves: a refusal
 * rejects here, exactly as `resume()` throws, and nothing was submitted. Iterating the stream
 * then runs the graph as `resume()` does — under the thread's continuation lease, after
 * re-reading that the interrupt is still pending, with `durability: "sync"` unless `config`
 * chose one — and yields LangGraph's own chunks for `streamMode` / `subgraphs`, exactly as
 * `graph.stream` would (interrupts enriched, see `StreamedInterrupt`). Its `outcome` is what
 * `resume()` resolves to (`status`, `judgment`, the next `interrupt`), or the error it throws.
 *
 * Nothing is submitted until the first `next()`, so an un-iterated stream holds no lease. The run
 * does not wait for a slow consumer (chunks are buffered) and holds the lease for the run only.
 * Leaving the loop early or aborting `signal` stops the run (see README "Streaming" for what
 * happens to a tool call running then); `outcome` rejects with `RUN_ABORTED`.
 * A `RemoteGraph` is resumed as `resumeRemote()` does (no local lease).
 *
 * @param graph - The compiled graph, or a `RemoteGraph`.
 * @param config - `{ configurable: { thread_id } }`, plus any run options (not `streamMode`).
 * @param value - Any value `resume()` takes.
 * @param options - `resume()`'s options, plus `streamMode`, `subgraphs`, `signal`.
 * @returns The run's stream; iterate it to submit and run.
 * @throws {HITLError} every code `resume()` throws before submitting (`INVALID_DECISION`,
 * `UNKNOWN_INTERRUPT`, `INVALID_OPTIONS`, …); while iterating, the codes `resume()` throws once
 * submitted (`INTERRUPT_ALREADY_RESOLVED`, `THREAD_BUSY`, `INVALID_SIGNATURE`, `RUN_CANCELLED`, …) and `RUN_ABORTED`.
 * @example
 * ```ts
 * const run = await resumeStream(graph, config, [{ type: "approve" }], { interruptId, streamMode: "updates" });
 * for await (const update of run) console.log(update);
 * const { status, interrupt } = await run.outcome;
 * ```
 */
export async function resumeStream<G extends HITLGraph, TValues = GraphValues<G>>(
  graph: G,
  config: RunnableConfig,
  value: ResumeValue,
  options: ResumeStreamOptions = {},
): Promise<RunStream<unknown, ResumeResult<TValues>>> {
  const { resumeOptions, streamOptions } = splitOptions(options);
  // Refused here, so the message names the function the caller called (not resume() or resumeRemote()).
  requireThreadId(config, "resumeStream()");
  checkStreamOptions(streamOptions, config);
  const request = chunkRequest(graph, streamOptions.streamMode, streamOptions.subgraphs);
  const signals = callerSignals(streamOptions, config);
  if (isRemoteGraph(graph)) return remoteStream<TValues>(graph, config, value, resumeOptions, request, signals);
  const prepared = await prepareResume(graph, config, value, resumeOptions);
  return new LazyRunStream<ResumeResult<TValues>>(
    (sink, control) =>
      continueUnderLease<TValues>(prepared, { ...config, signal: control.signal }, (runConfig) => {
        control.throwIfStopped();
        control.started();
        return streamAndSettle<TValues>(graph, prepared.command, runConfig, prepared.threadId, request, sink);
      }),
    signals,
    prepared.threadId,
  );
}
