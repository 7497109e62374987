import { looksLikeRemoteGraph, remoteGraphClient, remoteHttpStatus, remoteThreadBusy } from "../langgraph/index.js";
import type { HITLGraph } from "./graph-types.js";

/** The part of the LangGraph SDK client the remote helpers use (`client.threads`). */
interface RemoteThreadsClient {
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
 * server's. (Its SDK client is a protected field, read by {@link threadsClientOf}.)
 */
export interface RemoteGraphLike extends HITLGraph {
  graphId: string;
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
  return looksLikeRemoteGraph(graph);
}

/** The SDK client a `RemoteGraph` talks to its server through. */
export function threadsClientOf(graph: RemoteGraphLike): RemoteThreadsClient {
  return remoteGraphClient(graph) as RemoteThreadsClient;
}

/**
 * Whether `error` is the Agent Server saying a thread does not exist: it answers 404 for an
 * unknown thread, and 400 or 422 for a thread id that is not a UUID.
 *
 * @example
 * ```ts
 * if (isUnknownRemoteThread(error)) throw unknownThreadError(threadId, "read", error);
 * ```
 */
export function isUnknownRemoteThread(error: unknown): boolean {
  const status = remoteHttpStatus(error);
  return (status === 404 || status === 400 || status === 422) && !remoteThreadBusy(error);
}
