// Contract test for src/langgraph/remote-graph.ts: what this library reads of RemoteGraph and the
// LangGraph SDK beyond their public API, against the real classes and a real HTTP server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@langchain/langgraph-sdk";
import { RemoteGraph } from "@langchain/langgraph/remote";
import { looksLikeRemoteGraph, remoteGraphClient, remoteHttpStatus } from "../../src/langgraph/index.js";

let server: Server;
let apiUrl = "";

beforeAll(async () => {
  // Answers every request with the status named by the path's last segment (`/threads/404/state` → 404).
  server = createServer((request, response) => {
    const status = Number(/\/(\d{3})(?:\/|$|\?)/.exec(request.url ?? "")?.[1] ?? 500);
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ detail: `status ${status}` }));
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
});
