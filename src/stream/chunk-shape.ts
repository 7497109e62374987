import type { StreamMode } from "@langchain/langgraph";

/**
 * What the caller asked `graph.stream` for. The run itself is always streamed with `"values"`
 * added and the modes as an array (so every chunk says its mode); each chunk is then handed
 * back in the shape the caller's own request would have produced.
 */
export interface ChunkRequest {
  /** The modes the caller receives. */
  modes: readonly StreamMode[];
  /** A single mode (or none) was asked for: chunks are the bare payloads. */
  single: boolean;
  subgraphs: boolean;
}

/** One chunk of the run, whatever shape it was asked in. */
export interface ChunkPart {
  /** `[]` at the root graph; `["node:<task id>", …]` in a subgraph. */
  namespace: string[];
  mode: StreamMode;
  payload: unknown;
}

/**
 * The compiled graph behind `graph`: itself, or the one a LangChain `createAgent` agent wraps
 * (its `graph`), whose settings (`streamMode`, `outputChannels`) its `stream` and `invoke` use.
 *
 * @example
 * ```ts
 * compiledGraphOf(createAgent({ model, tools })) === agent.graph; // true
 * ```
 */
export function compiledGraphOf(graph: object): object {
  const inner = (graph as { graph?: unknown }).graph;
  return typeof inner === "object" && inner !== null && "outputChannels" in inner ? inner : graph;
}

/** The modes a graph streams when none is asked for (LangGraph: the graph's `streamMode`, "updates" for a `StateGraph`). */
function defaultModes(graph: object): StreamMode[] {
  const own = (compiledGraphOf(graph) as { streamMode?: unknown }).streamMode;
  if (typeof own === "string") return [own as StreamMode];
  return Array.isArray(own) && own.length > 0 ? (own as StreamMode[]) : ["updates"];
}

/**
 * The caller's request, with LangGraph's defaults filled in.
 *
 * @example
 * ```ts
 * chunkRequest(graph, "messages", false); // { modes: ["messages"], single: true, subgraphs: false }
 * ```
 */
export function chunkRequest(graph: object, streamMode: StreamMode | StreamMode[] | undefined, subgraphs: boolean | undefined): ChunkRequest {
  if (streamMode === undefined) return { modes: defaultModes(graph), single: true, subgraphs: subgraphs === true };
  if (typeof streamMode === "string") return { modes: [streamMode], single: true, subgraphs: subgraphs === true };
  return { modes: [...streamMode], single: false, subgraphs: subgraphs === true };
}

/**
 * The modes the run is streamed with: the caller's, and `"values"` (what `invoke` reads the
 * run's values and interrupts from).
 *
 * @example
 * ```ts
 * runModes({ modes: ["messages"], single: true, subgraphs: false }); // ["messages", "values"]
 * ```
 */
export function runModes(request: ChunkRequest): StreamMode[] {
  return [...new Set<StreamMode>([...request.modes, "values"])];
}

/**
 * Reads a chunk the run yielded (`[mode, payload]`, or `[namespace, mode, payload]` with subgraphs).
 *
 * @example
 * ```ts
 * splitChunk(["updates", { agent: {} }], false); // { namespace: [], mode: "updates", payload: { agent: {} } }
 * ```
 */
export function splitChunk(chunk: unknown, subgraphs: boolean): ChunkPart {
  const parts = chunk as unknown[];
  if (subgraphs) return { namespace: (parts[0] as string[] | undefined) ?? [], mode: parts[1] as StreamMode, payload: parts[2] };
  return { namespace: [], mode: parts[0] as StreamMode, payload: parts[1] };
}

/**
 * The chunk as `graph.stream` would have yielded it for the caller's request, or `undefined`
 * for a mode only the run asked for.
 *
 * @example
 * ```ts
 * callerChunk({ modes: ["updates"], single: true, subgraphs: false }, part); // { chunk: part.payload }
 * ```
 */
export function callerChunk(request: ChunkRequest, part: ChunkPart): { chunk: unknown } | undefined {
  if (!request.modes.includes(part.mode)) return undefined;
  if (request.single) return { chunk: request.subgraphs ? [part.namespace, part.payload] : part.payload };
  return { chunk: request.subgraphs ? [part.namespace, part.mode, part.payload] : [part.mode, part.payload] };
}
