import type { HITLGraph } from "./graph-types.js";

/** The part of the LangGraph SDK client the remote helpers use (`client.threads`). */
export interface RemoteThreadsClient {
  threads: {
    search(query?: Record<string, unknown>): Promise<RemoteThread[]>;
  };
}

/** A thread as the Agent Server's `threads.search` lists it. */
export interface RemoteThread {
  thread_id: string;
  created_at: string;
  updated_at: string;
  status: string;
  metadata?: Record<string, unknown> | null;
  /** Pending interrupts by task id. */
  interrupts?: Record<string, Array<{ id?: string; value?: unknown }>> | null;
}

/**
 * A graph deployed on LangGraph Agent Server, held as `RemoteGraph` from
 * `@langchain/langgraph/remote`: its tools are not loaded here and its checkpointer is the
 * server's. (Its SDK `client` is a protected field, read by {@link threadsClientOf}.)
 */
export interface RemoteGraphLike extends HITLGraph {
  graphId: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Whether `graph` is a `RemoteGraph` (recognised by its LangChain class name, or by its
 * `graphId` + SDK `client`, so it holds when two copies of `@langchain/langgraph` are loaded).
 *
 * @param graph - Any value.
 * @returns Whether the host helpers must treat it as a deployed graph.
 * @example
 * ```ts
 * const graph = new RemoteGraph({ graphId: "agent", url: "http://127.0.0.1:2024" });
 * isRemoteGraph(graph); // true
 * ```
 */
export function isRemoteGraph(graph: unknown): graph is RemoteGraphLike {
  if (!isObject(graph) || typeof graph["getState"] !== "function" || typeof graph["invoke"] !== "function") return false;
  const named = (graph.constructor as { lc_name?: () => string } | undefined)?.lc_name?.() === "RemoteGraph";
  const client = graph["client"];
  return named || (typeof graph["graphId"] === "string" && isObject(client) && isObject(client["threads"]));
}

/** The SDK client a `RemoteGraph` talks to its server through. */
export function threadsClientOf(graph: RemoteGraphLike): RemoteThreadsClient {
  return (graph as unknown as { client: RemoteThreadsClient }).client;
}

/** The HTTP status of an error the LangGraph SDK raised for a failed request, if it is one. */
export function remoteHttpStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && /^HTTP \d{3}/.test(error.message) ? status : undefined;
}
