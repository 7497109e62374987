// Contract test for src/langgraph/remote-graph.ts: what this library reads of RemoteGraph and the
// LangGraph SDK beyond their public API, against the real classes and a real HTTP server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@langchain/langgraph-sdk";
import { RemoteGraph } from "@langchain/langgraph/remote";
import { GraphDrained, RemoteException } from "@langchain/langgraph";
import { looksLikeRemoteGraph, remoteConnectionFailed, remoteDrainReason, remoteGraphClient, remoteHttpStatus, remoteRunRolledBack, remoteThreadBusy } from "../../src/langgraph/index.js";

let server: Server;
let apiUrl = "";

beforeAll(async () => {
  // Answers every request with the status named in its path (`/threads/404/state` → 404; `/threads/busy-409/…` → 409, as a busy thread).
  server = createServer((request, response) => {
    const status = Number(/(\d{3})(?:\/|$|\?)/.exec(request.url ?? "")?.[1] ?? 500);
    response.writeHead(status, { "content-type": "application/json" });
    // How the Agent Server refuses a run on a thread that is running one (the JS server: 422; the Python one: 409).
    const busy = (request.url ?? "").includes("busy-");
    response.end(JSON.stringify({ detail: busy ? "Thread is already running a task. Wait for it to finish or choose a different multitask strategy." : `status ${status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (): Client => new Client({ apiUrl, callerOptions: { maxRetries: 0 } });

describe("RemoteGraph and the LangGraph SDK, as src/langgraph/remote-graph.ts reads them", () => {
  test("a RemoteGraph keeps the SDK client it was given in its (protected) client field", () => {
    const given = client();
    const graph = new RemoteGraph({ graphId: "agent", client: given });
    expect(remoteGraphClient(graph)).toBe(given);
    expect(typeof (remoteGraphClient(new RemoteGraph({ graphId: "agent", url: apiUrl })) as Client).threads.search).toBe("function");
  });

  test("a RemoteGraph is recognised by its LangChain class name; a compiled-graph lookalike is not", () => {
    expect(RemoteGraph.lc_name()).toBe("RemoteGraph");
    expect(looksLikeRemoteGraph(new RemoteGraph({ graphId: "agent", url: apiUrl }))).toBe(true);
    expect(looksLikeRemoteGraph({ getState: () => undefined, invoke: () => undefined })).toBe(false);
  });

  test.each([404, 409, 422])("the SDK reports a failed request (HTTP %i) with an error whose status reads back", async (status) => {
    const error = await client().threads.getState(String(status)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(new RegExp(`^HTTP ${status}`));
    expect(remoteHttpStatus(error)).toBe(status);
  });

  test("errors that are not the SDK's report of a response have no status", async () => {
    const refused = await new Client({ apiUrl: "http://127.0.0.1:1", callerOptions: { maxRetries: 0 } }).threads.getState("t").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(remoteHttpStatus(refused)).toBeUndefined();
    expect(remoteHttpStatus(Object.assign(new Error("a tool failed"), { status: 404 }))).toBeUndefined();
    expect(remoteHttpStatus({ status: 404, message: "HTTP 404" })).toBeUndefined();
  });

  test("a server that cannot be reached is reported as the SDK's ConnectionError; an HTTP answer is not", async () => {
    const refused = await new Client({ apiUrl: "http://127.0.0.1:1", callerOptions: { maxRetries: 0 } }).threads.getState("t").catch((e: unknown) => e);
    expect((refused as Error).name).toBe("ConnectionError");
    expect(remoteConnectionFailed(refused)).toBe(true);
    expect(remoteConnectionFailed(await client().threads.getState("500").catch((e: unknown) => e))).toBe(false);
    expect(remoteConnectionFailed({ name: "ConnectionError" })).toBe(false);
  });

  test.each([409, 422])("a run refused with HTTP %i for a thread already running a task reads as busy; the same status for anything else does not", async (status) => {
    const busy = await client().runs.wait(`busy-${status}`, "agent", { input: {} }).catch((e: unknown) => e);
    expect(remoteThreadBusy(busy)).toBe(true);
    expect(remoteThreadBusy(await client().runs.wait(String(status), "agent", { input: {} }).catch((e: unknown) => e))).toBe(false);
  });

  test("a run the server drained is a RemoteException carrying the server's error event, from which the drain reason reads back", () => {
    // The Agent Server's error event for a drained run: the error's name and its message (tests/host/remote-graph.test.ts drives a real one).
    const drained = new GraphDrained("langgraph-hitl:{}");
    const thrown = new RemoteException(JSON.stringify({ error: drained.name, message: drained.message }));
    expect(remoteDrainReason(thrown)).toBe("langgraph-hitl:{}");
    expect(remoteDrainReason(new RemoteException(JSON.stringify({ error: "ValueError", message: "Graph drained: x" })))).toBeUndefined();
    expect(remoteDrainReason(new RemoteException("not json"))).toBeUndefined();
    expect(remoteDrainReason(new Error(thrown.message))).toBeUndefined();
  });

  test("a run the Agent Server rolled back while it streamed is a RemoteException carrying the abort reason as a plain error", () => {
    // What `langgraphjs dev` sends (tests/host/remote-run-stopped.test.ts drives a real one).
    expect(remoteRunRolledBack(new RemoteException(JSON.stringify({ error: "Error", message: "rollback" })))).toBe(true);
    expect(remoteRunRolledBack(new RemoteException(JSON.stringify({ error: "Error", message: "interrupt" })))).toBe(false);
    expect(remoteRunRolledBack(new RemoteException(JSON.stringify({ error: "GraphDrained", message: "rollback" })))).toBe(false);
    expect(remoteRunRolledBack(new RemoteException("rollback"))).toBe(false);
    expect(remoteRunRolledBack(new Error(JSON.stringify({ error: "Error", message: "rollback" })))).toBe(false);
  });
});
