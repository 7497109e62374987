import type { RunnableConfig } from "@langchain/core/runnables";
import { isGraphInterrupt } from "@langchain/langgraph";
import { runnerFor } from "../langgraph/index.js";
import { HITLError } from "../errors/hitl-error.js";
import type { HITLGraph } from "../host/graph-types.js";
import { isRemoteGraph } from "../host/remote-graph.js";
import { settleRun, type RunOutcome } from "../host/run-outcome.js";
import { callerChunk, runModes, splitChunk, type ChunkPart, type ChunkRequest } from "./chunk-shape.js";
import { RunRecord } from "./run-record.js";
import { enrichInterrupts } from "./streamed-interrupts.js";

/** A graph that can stream: any compiled graph, or a `RemoteGraph`. */
type StreamingGraph = HITLGraph & { stream(input: unknown, options?: unknown): Promise<AsyncIterable<unknown>> };

function streamingGraph(graph: HITLGraph): StreamingGraph {
  if (typeof (graph as Partial<StreamingGraph>).stream === "function") return graph as StreamingGraph;
  const message = "the graph has no `stream()` method: pass a compiled LangGraph graph or a RemoteGraph";
  throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["graph"], message }] });
}

/** Where a streamed run hands each chunk, in the caller's shape. */
export type ChunkSink = (chunk: unknown) => void;

function emit(part: ChunkPart, request: ChunkRequest, threadId: string | undefined, sink: ChunkSink): void {
  const shaped = callerChunk(request, { ...part, payload: enrichInterrupts(part.mode, part.payload, threadId) });
  if (shaped !== undefined) sink(shaped.chunk);
}

/**
 * A `RemoteGraph` ends a paused run by throwing `GraphInterrupt` where a compiled graph yields
 * its `{ __interrupt__ }` chunks (`"updates"`, then `"values"`): the caller gets those chunks too.
 */
function emitRemotePause(error: unknown, request: ChunkRequest, threadId: string | undefined, sink: ChunkSink): void {
  const payload = { __interrupt__: (error as { interrupts?: unknown[] }).interrupts ?? [] };
  for (const mode of ["updates", "values"] as const) emit({ namespace: [], mode, payload }, request, threadId, sink);
}

async function drain(graph: StreamingGraph, input: unknown, config: RunnableConfig, threadId: string | undefined, request: ChunkRequest, sink: ChunkSink): Promise<unknown> {
  const record = new RunRecord(graph);
  try {
    const stream = await runnerFor(graph, input).stream(input, { ...config, streamMode: runModes(request), subgraphs: request.subgraphs });
    for await (const chunk of stream) {
      const part = splitChunk(chunk, request.subgraphs);
      record.observe(part);
      emit(part, request, threadId, sink);
    }
  } catch (error) {
    if (isGraphInterrupt(error) && isRemoteGraph(graph)) emitRemotePause(error, request, threadId, sink);
    throw error;
  }
  return record.result();
}

/**
 * Streams the graph, handing `sink` every chunk in the shape the caller asked for (interrupts
 * enriched), and settles how the run ended exactly as {@link settleRun} does for `invoke`: the
 * same values, `interrupt`, `halted`, and the same `RUN_CANCELLED`.
 *
 * @param graph - A compiled graph or a `RemoteGraph`.
 * @param input - The graph input, or a `Command`.
 * @param config - The run config (with the signal that stops the run).
 * @param threadId - Put on the outcome's interrupts.
 * @param request - What the caller asked for.
 * @param sink - Receives each chunk as it arrives.
 * @returns The run's outcome.
 * @example
 * ```ts
 * const outcome = await streamAndSettle(graph, input, config, "t1", chunkRequest(graph, "updates", false), (chunk) => queue.push(chunk));
 * ```
 */
export async function streamAndSettle<TValues>(graph: HITLGraph, input: unknown, config: RunnableConfig, threadId: string | undefined, request: ChunkRequest, sink: ChunkSink): Promise<RunOutcome<TValues>> {
  const streaming = streamingGraph(graph);
  return settleRun<TValues>(graph, () => drain(streaming, input, config, threadId, request, sink), config, threadId);
}
