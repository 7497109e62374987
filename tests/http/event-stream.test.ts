import { createMemoryCheckpointer, getInterrupt, type ApprovalsInbox } from "../../src/index.js";
import { createApprovalHandler, type AuthResult, type ClosableApprovalHandler } from "../../src/http/index.js";
import type { WatchableInbox } from "../../src/inbox/change-feed.js";
import { deployAgent, pause } from "../inbox/watch-support.js";
import { serveOnLoopback } from "./server.js";
import { openEventStream } from "./sse-client.js";

const authenticate = (request: Request): AuthResult => (request.headers.get("cookie") === "session=alice" ? { id: "u-alice", name: "Alice" } : { status: 401 });
const signedIn = { cookie: "session=alice" };

/** A handler on a fresh memory checkpointer, served over real HTTP on loopback. */
async function served(options: { inbox?: ApprovalsInbox; eventStream?: Record<string, number> } = {}) {
  const saver = createMemoryCheckpointer();
  const agent = deployAgent(saver);
  const handler: ClosableApprovalHandler = createApprovalHandler({ graph: agent.graph, authenticate, basePath: "/approvals", ...options });
  const server = await serveOnLoopback(handler);
  return { saver, ...agent, handler, url: `${server.url}/approvals`, close: async () => (await handler.close(), await server.close()) };
}

/** An inbox that counts its open watches, around a real one. */
function countingWatches(inner: ReturnType<typeof createMemoryCheckpointer>) {
  const counter = { open: 0 };
  const inbox: WatchableInbox = {
    listPendingInterrupts: (options) => inner.listPendingInterrupts(options),
    expirePendingInterrupts: (graph) => inner.expirePendingInterrupts(graph),
    async *watchPendingInterrupts(options) {
      counter.open += 1;
      try {
        yield* inner.watchPendingInterrupts(options);
      } finally {
        counter.open -= 1;
      }
    },
  };
  return { inbox, counter };
}

async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition never held");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("GET /interrupts as an event stream", () => {
  test("answers with text/event-stream headers, a retry, then a numbered snapshot of what is pending", async () => {
    const app = await served();
    const paused = await pause(app.graph, "sse");
    const { response, reader, abort } = await openEventStream(`${app.url}/interrupts`, signedIn);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const snapshot = await reader.next();
    expect(snapshot).toMatchObject({ id: "1", event: "snapshot", json: { type: "snapshot", truncated: false, items: [{ threadId: paused.threadId, interruptId: paused.interruptId }] } });
    expect(reader.retry).toBe(2_000);
    abort();
    await app.close();
  });

  test("pushes a pause, a resolve through the resume route, and an expiry as they happen", async () => {
    const app = await served();
    const { reader, abort } = await openEventStream(`${app.url}/interrupts`, signedIn);
    await reader.next((event) => event.event === "snapshot");
    const paused = await pause(app.graph, "sse-live");
    const raised = await reader.next((event) => event.event === "raised");
    expect(raised).toMatchObject({ id: "2", json: { interrupt: { threadId: paused.threadId, interruptId: paused.interruptId, payload: { type: "tool_approval" } } } });

    const resumed = await fetch(`${app.url}/threads/${paused.threadId}/resume`, {
      method: "POST",
      headers: { ...signedIn, "content-type": "application/json" },
      body: JSON.stringify({ interruptId: paused.interruptId, decisions: { d1: { type: "approve" } } }),
    });
    expect(resumed.status).toBe(200);
    expect(await reader.next((event) => event.event === "resolved")).toMatchObject({ json: { threadId: paused.threadId, interruptId: paused.interruptId } });
    expect(app.deploy.count).toBe(1);

    const bounded = deployAgent(app.saver, 150);
    const expiring = await pause(bounded.graph, "sse-expiring");
    await reader.next((event) => event.event === "raised" && event.json.interrupt.threadId === expiring.threadId);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await app.saver.expirePendingInterrupts(bounded.graph);
    expect(await reader.next((event) => event.event === "expired")).toMatchObject({ json: { threadId: expiring.threadId, interruptId: expiring.interruptId } });
    abort();
    await app.close();
  });

  test("sends heartbeat comments while nothing happens", async () => {
    const app = await served({ eventStream: { heartbeatMs: 150 } });
    const { reader, abort } = await openEventStream(`${app.url}/interrupts`, signedIn);
    await reader.next();
    await reader.heartbeat(3_000);
    abort();
    await app.close();
  });

  test("a reconnecting client sending Last-Event-ID starts again from a snapshot (the documented resync)", async () => {
    const app = await served();
    const paused = await pause(app.graph, "sse-resync");
    const { reader, abort } = await openEventStream(`${app.url}/interrupts`, { ...signedIn, "last-event-id": "41" });
    expect(await reader.next()).toMatchObject({ id: "1", event: "snapshot", json: { items: [{ interruptId: paused.interruptId }] } });
    abort();
    await app.close();
  });

  test("the stream and its inbox watch end when the client hangs up", async () => {
    const saver = createMemoryCheckpointer();
    const { inbox, counter } = countingWatches(saver);
    const { graph } = deployAgent(saver);
    const handler = createApprovalHandler({ graph, authenticate, inbox });
    const server = await serveOnLoopback(handler);
    const { reader, abort } = await openEventStream(`${server.url}/interrupts`, signedIn);
    await reader.next();
    expect(counter.open).toBe(1);
    abort();
    await eventually(() => counter.open === 0);
    await server.close();
  });

  test("close() ends every open stream, refuses new ones with 503 SHUTTING_DOWN, and lets the server close", async () => {
    const app = await served();
    const streams = await Promise.all([openEventStream(`${app.url}/interrupts`, signedIn), openEventStream(`${app.url}/interrupts`, signedIn)]);
    await Promise.all(streams.map(({ reader }) => reader.next()));
    await app.handler.close();
    await Promise.all(streams.map(({ reader }) => reader.end()));
    const late = await fetch(`${app.url}/interrupts`, { headers: { accept: "text/event-stream", ...signedIn } });
    expect(late.status).toBe(503);
    expect(await late.json()).toMatchObject({ code: "SHUTTING_DOWN" });
    // JSON routes still answer.
    expect((await fetch(`${app.url}/interrupts`, { headers: signedIn })).status).toBe(200);
    await app.close();
  });

  test("ends after maxDurationMs, so the client reconnects and is authenticated again", async () => {
    const app = await served({ eventStream: { maxDurationMs: 1_000 } });
    const { reader } = await openEventStream(`${app.url}/interrupts`, signedIn);
    await reader.next();
    await reader.end(5_000);
    await app.close();
  });

  test("is authenticated like the JSON routes: without a session it is a 401 problem, not a stream", async () => {
    const app = await served();
    const refused = await fetch(`${app.url}/interrupts`, { headers: { accept: "text/event-stream" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await refused.json()).toMatchObject({ code: "UNAUTHORIZED" });
    await app.close();
  });

  test.each([
    ["an Origin of another site", { origin: "https://evil.example" }, "origin"],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }, "sec-fetch-site"],
    ["Origin: null", { origin: "null" }, "origin"],
  ])("refuses a stream asked for from %s with 403 CROSS_SITE_REQUEST, even with the reviewer's cookie", async (_label, headers, header) => {
    const app = await served();
    const refused = await fetch(`${app.url}/interrupts`, { headers: { accept: "text/event-stream", ...signedIn, ...headers } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(await refused.json()).toMatchObject({ code: "CROSS_SITE_REQUEST", details: [{ path: ["headers", header] }] });
    await app.close();
  });

  test("a page of the handler's own origin may open it", async () => {
    const app = await served();
    const { response, abort } = await openEventStream(`${app.url}/interrupts`, { ...signedIn, origin: new URL(app.url).origin, "sec-fetch-site": "same-origin" });
    expect(response.status).toBe(200);
    abort();
    await app.close();
  });

  test("an inbox that cannot be read answers with a problem before any stream begins", async () => {
    const saver = createMemoryCheckpointer();
    const failing: ApprovalsInbox = {
      listPendingInterrupts: async () => {
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      },
      expirePendingInterrupts: async () => [],
    };
    const { graph } = deployAgent(saver);
    const server = await serveOnLoopback(createApprovalHandler({ graph, authenticate, inbox: failing }));
    const refused = await fetch(`${server.url}/interrupts`, { headers: { accept: "text/event-stream", ...signedIn } });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: "DATABASE_UNAVAILABLE" });
    await server.close();
  });

  test("an inbox that cannot push (like a RemoteGraph's) is re-read every pollMs and its changes are streamed", async () => {
    const saver = createMemoryCheckpointer();
    const pollOnly: ApprovalsInbox = { listPendingInterrupts: (options) => saver.listPendingInterrupts(options), expirePendingInterrupts: (graph) => saver.expirePendingInterrupts(graph) };
    const { graph } = deployAgent(saver);
    const handler = createApprovalHandler({ graph, authenticate, inbox: pollOnly, eventStream: { pollMs: 150 } });
    const server = await serveOnLoopback(handler);
    const { reader, abort } = await openEventStream(`${server.url}/interrupts`, signedIn);
    await reader.next();
    const paused = await pause(graph, "sse-poll");
    expect(await reader.next((event) => event.event === "raised")).toMatchObject({ json: { interrupt: { interruptId: paused.interruptId } } });
    await getInterrupt(graph, paused.config);
    abort();
    await handler.close();
    await server.close();
  });

  test("a plain GET /interrupts still answers JSON", async () => {
    const app = await served();
    const listed = await fetch(`${app.url}/interrupts`, { headers: { ...signedIn, accept: "application/json" } });
    expect(listed.headers.get("content-type")).toBe("application/json; charset=utf-8");
    await app.close();
  });

  test.each([
    [{ heartbeatMs: 0 }, "eventStream.heartbeatMs"],
    [{ maxDurationMs: 10 }, "eventStream.maxDurationMs"],
    [{ pollMs: "fast" }, "eventStream.pollMs"],
    [{ every: 1 }, "eventStream"],
  ])("refuses eventStream %j with INVALID_OPTIONS naming %s", (eventStream, path) => {
    const saver = createMemoryCheckpointer();
    const { graph } = deployAgent(saver);
    expect(() => createApprovalHandler({ graph, authenticate, eventStream: eventStream as never })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS", details: [expect.objectContaining({ path: path.split(".") })] }));
  });
});
