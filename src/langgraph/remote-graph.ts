// What this library reads of `RemoteGraph` (@langchain/langgraph/remote) and the LangGraph SDK
// beyond their public API: the graph's protected SDK `client` (the inbox searches the server's
// threads through it), its LangChain class name, how the SDK reports a failed request (an
// `HTTPError` it does not export: `status`, and a message starting `HTTP <status>`) and a failed
// connection (`ConnectionError`), how the Agent Server refuses a run on a busy thread, and how a
// RemoteGraph reports a run the server drained or rolled back (a `RemoteException` holding its
// error event).
// tests/langgraph/remote-graph.test.ts fails if a release changes any of them.
const REMOTE_GRAPH_CLASS = "RemoteGraph";
const CLIENT_FIELD = "client";
const SDK_HTTP_ERROR_MESSAGE = /^HTTP \d{3}/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * The SDK client a `RemoteGraph` talks to its server through (a protected field).
 *
 * @example
 * ```ts
 * await (remoteGraphClient(graph) as Client).threads.search({ status: "interrupted" });
 * ```
 */
export function remoteGraphClient(graph: object): unknown {
  return (graph as Record<string, unknown>)[CLIENT_FIELD];
}

/**
 * Whether `value` is a `RemoteGraph`: by its LangChain class name, or by its `graphId` and SDK
 * client, so it holds when two copies of `@langchain/langgraph` are loaded.
 *
 * @example
 * ```ts
 * looksLikeRemoteGraph(new RemoteGraph({ graphId: "agent", url })); // true
 * ```
 */
export function looksLikeRemoteGraph(value: unknown): boolean {
  if (!isObject(value) || typeof value["getState"] !== "function" || typeof value["invoke"] !== "function") return false;
  const named = (value.constructor as { lc_name?: () => string } | undefined)?.lc_name?.() === REMOTE_GRAPH_CLASS;
  const client = remoteGraphClient(value);
  return named || (typeof value["graphId"] === "string" && isObject(client) && isObject(client["threads"]));
}

/**
 * The HTTP status of a failed request, when `error` is the LangGraph SDK's report of one.
 *
 * @returns The status, or `undefined` for any other error (a refused connection, a bug).
 * @example
 * ```ts
 * remoteHttpStatus(await client.threads.getState("no-such-thread").catch((e) => e)); // 404
 * ```
 */
export function remoteHttpStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && SDK_HTTP_ERROR_MESSAGE.test(error.message) ? status : undefined;
}

// How the SDK reports a server it could not reach (after its own retries), and how the Agent
// Server refuses a run on a thread that is running one (multitask strategy "reject", its default:
// 422 from the JS server, 409 from the Python one).
const SDK_CONNECTION_ERROR = "ConnectionError";
const BUSY_THREAD_MESSAGE = /already running a task/i;

/**
 * Whether `error` is the LangGraph SDK saying it could not reach the server at all.
 *
 * @example
 * ```ts
 * remoteConnectionFailed(await new Client({ apiUrl: "http://127.0.0.1:1" }).threads.getState("t").catch((e) => e)); // true
 * ```
 */
export function remoteConnectionFailed(error: unknown): boolean {
  return error instanceof Error && error.name === SDK_CONNECTION_ERROR;
}

/**
 * Whether `error` is the Agent Server refusing a run because the thread is running another one.
 *
 * @example
 * ```ts
 * remoteThreadBusy(await client.runs.wait(threadId, "agent", { command }).catch((e) => e)); // true while another run holds the thread
 * ```
 */
export function remoteThreadBusy(error: unknown): boolean {
  const status = remoteHttpStatus(error);
  return (status === 409 || status === 422) && BUSY_THREAD_MESSAGE.test((error as Error).message);
}

// How a RemoteGraph reports a run the server's graph drained (a hook's halt or cancel, raised as
// LangGraph's GraphDrained there): a RemoteException whose message is the server's error event,
// `{ "error": "GraphDrained", "message": "Graph drained: <reason>" }`.
const REMOTE_EXCEPTION = "RemoteException";
const DRAINED_ERROR = "GraphDrained";
const DRAINED_MESSAGE_PREFIX = "Graph drained: ";

/**
 * The drain reason of a run the Agent Server reports as drained, read from the `RemoteException`
 * a `RemoteGraph` throws for it; `undefined` for any other error.
 *
 * @example
 * ```ts
 * remoteDrainReason(await remoteGraph.invoke(command, config).catch((e) => e)); // "langgraph-hitl:{...}" after a hook halted the run
 * ```
 */
export function remoteDrainReason(error: unknown): string | undefined {
  const event = remoteErrorEvent(error);
  if (event?.["error"] !== DRAINED_ERROR) return undefined;
  const message = event["message"];
  return typeof message === "string" && message.startsWith(DRAINED_MESSAGE_PREFIX) ? message.slice(DRAINED_MESSAGE_PREFIX.length) : undefined;
}

/** The server's error event a `RemoteException` carries as its message (JSON); `undefined` for any other error. */
function remoteErrorEvent(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error) || error.name !== REMOTE_EXCEPTION) return undefined;
  try {
    const event: unknown = JSON.parse(error.message);
    return isObject(event) ? event : undefined;
  } catch {
    return undefined;
  }
}

// How `langgraphjs dev`'s server ends the stream of a run it rolled back (`runs.cancel` with
// action "rollback", or another run sent with `multitask_strategy: "rollback"`): the abort
// reason, serialised as a plain error, `{ "error": "Error", "message": "rollback" }`.
const ROLLBACK_EVENT = { error: "Error", message: "rollback" } as const;

/**
 * Whether `error` is how a `RemoteGraph` reports a run the Agent Server rolled back while it
 * streamed: stopped, and its checkpoints deleted, by a cancel or by another client's run.
 *
 * @example
 * ```ts
 * remoteRunRolledBack(await remoteGraph.invoke(command, config).catch((e) => e)); // true when another client's run rolled it back
 * ```
 */
export function remoteRunRolledBack(error: unknown): boolean {
  const event = remoteErrorEvent(error);
  return event?.["error"] === ROLLBACK_EVENT.error && event["message"] === ROLLBACK_EVENT.message;
}
