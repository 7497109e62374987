/**
 * A reviewer service: an agent on Postgres, the approval handler with its inbox page, and a
 * route that starts runs — everything a person needs to review an agent's tool calls in a browser.
 * Approvals past their deadline expire by themselves (the handler's sweeper), and every approval's
 * events (requested, resolved) are printed as a notifier would send them; set WEBHOOK_URL (and
 * WEBHOOK_SECRET, 16 characters or more) to POST them, signed, to a receiver of yours instead.
 * Starts an embedded Postgres when DATABASE_URL is not set. Listens on 127.0.0.1, port PORT
 * (default 3000); a port in use or a PORT that is not a port number ends it at once with one line
 * saying so and exit code 1, before any database is started.
 *
 *   npm run demo:service              # prints the inbox URL; Ctrl-C stops it
 *   PORT=3001 npm run demo:service    # another port
 *   npm run demo:service -- --smoke   # starts, calls every route once, checks the answers, exits (CI)
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { HumanMessage } from "@langchain/core/messages";
import { anonymousReviewer, createApprovalHandler, toNodeListener, type ClosableApprovalHandler } from "../src/http/index.js";
import { createWebhookSender, start, type ApprovalEventHandler } from "../src/index.js";
import { createPostgresCheckpointer } from "../src/postgres/index.js";
import { executions, SAMPLE_REQUESTS, supportDeskGraph } from "./support/support-desk.js";
import { failAndExit } from "./support/fail.mjs";

type Graph = ReturnType<typeof supportDeskGraph>;

const LANDING = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>langgraph-hitl demo</title><link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}button{font:inherit;padding:.4rem 1rem;margin:.25rem 0}</style></head>
<body><h1>Support desk agent</h1>
<p>Start a run; the agent pauses for a person, and the run shows up in the <a href="/approvals">approvals inbox</a>.</p>
<form method="post" action="/runs"><input type="hidden" name="kind" value="refund"><button>Ask for a refund (an approval)</button></form>
<form method="post" action="/runs"><input type="hidden" name="kind" value="release"><button>Ask for a release (a question, then an approval)</button></form>
</body></html>`;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 10_000) throw new RangeError("body too large");
  }
  return body;
}

/** `POST /runs` with `{ "kind": "refund" | "release" }` (JSON or a form): starts a run on a new thread. */
async function startRunRoute(graph: Graph, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== "POST") return void response.writeHead(405, { allow: "POST" }).end();
  const form = (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
  const body = await readBody(request);
  const kind = form ? new URLSearchParams(body).get("kind") : (JSON.parse(body || "{}") as { kind?: string }).kind;
  const text = kind === "release" ? SAMPLE_REQUESTS.release : SAMPLE_REQUESTS.refund;
  const threadId = `${kind === "release" ? "release" : "refund"}-${randomUUID().slice(0, 8)}`;
  const outcome = await start(graph, { messages: [new HumanMessage(text)] }, { configurable: { thread_id: threadId } });
  if (form) return void response.writeHead(303, { location: "/approvals" }).end();
  response.writeHead(201, { "content-type": "application/json" }).end(
    JSON.stringify({ threadId, status: outcome.interrupt === undefined ? "completed" : "paused", interruptId: outcome.interrupt?.interruptId, inbox: "/approvals" }),
  );
}

/** Where approval events go: a signed webhook when WEBHOOK_URL is set, else one line each on stdout. */
function notificationSender(): ApprovalEventHandler {
  const url = process.env["WEBHOOK_URL"];
  if (url !== undefined && url !== "") return createWebhookSender({ url, ...(process.env["WEBHOOK_SECRET"] ? { secret: process.env["WEBHOOK_SECRET"] } : {}) });
  return (event) => console.log(`notification: ${event.type} ${event.threadId}${event.type === "ApprovalResolved" ? ` (${event.outcome})` : ""}`);
}

function routes(graph: Graph, handler: ClosableApprovalHandler): RequestListener {
  const approvals = toNodeListener(handler);
  return (request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    if (pathname === "/approvals" || pathname.startsWith("/approvals/")) return approvals(request, response);
    if (pathname === "/runs") {
      return void startRunRoute(graph, request, response).catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
        response.end("could not start the run");
      });
    }
    if (pathname === "/") return void response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(LANDING);
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  };
}

/** Ends the demo with one line on stderr and exit code 1 (no stack: the person can act on the line). */
function exitWith(message: string): never {
  console.error(`demo:service: ${message}`);
  process.exit(1);
}

/** The port from PORT (default 3000), or exit with one line when PORT is not a port number. */
function portFromEnv(value = process.env["PORT"]): number {
  if (value === undefined || value === "") return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) exitWith(`PORT must be a port number from 0 to 65535, but is "${value}"`);
  return port;
}

/** Listens on 127.0.0.1:`port`, or exits with one line when the port is taken or not allowed. */
async function listenOrExit(server: Server, port: number): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") exitWith(`port ${port} on 127.0.0.1 is already in use; stop what listens there, or choose another port: PORT=${port + 1} npm run demo:service`);
    if (code === "EACCES") exitWith(`port ${port} needs privileges this process does not have; choose a port above 1023: PORT=3000 npm run demo:service`);
    throw error;
  }
}

async function expectStatus(response: Response, status: number, route: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${route}: expected ${status}, got ${response.status}: ${text.slice(0, 300)}`);
  return (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text;
}

/** Calls every route once, the way the inbox page and a person would, and checks what ran. */
async function smoke(base: string, approvals: ClosableApprovalHandler): Promise<void> {
  const json = { "content-type": "application/json" };
  await expectStatus(await fetch(`${base}/`), 200, "GET /");
  const refund = (await expectStatus(await fetch(`${base}/runs`, { method: "POST", headers: json, body: '{"kind":"refund"}' }), 201, "POST /runs")) as { threadId: string; status: string };
  const release = (await expectStatus(await fetch(`${base}/runs`, { method: "POST", headers: json, body: '{"kind":"release"}' }), 201, "POST /runs")) as { threadId: string };
  const page = (await expectStatus(await fetch(`${base}/approvals`), 200, "GET /approvals")) as string;
  if (!page.includes("data-base-path=\"/approvals\"")) throw new Error("GET /approvals did not serve the inbox page");
  const inbox = (await expectStatus(await fetch(`${base}/approvals/interrupts?limit=50`), 200, "GET /approvals/interrupts")) as { items: Array<{ threadId: string }> };
  const listed = inbox.items.map((item) => item.threadId);
  if (!listed.includes(refund.threadId) || !listed.includes(release.threadId)) throw new Error(`the inbox lists ${listed.join(", ")}`);

  const resume = async (threadId: string, value: object): Promise<{ status: string }> => {
    const pending = (await expectStatus(await fetch(`${base}/approvals/threads/${threadId}/interrupt`), 200, "GET /approvals/threads/:id/interrupt")) as { interruptId: string };
    const body = JSON.stringify({ interruptId: pending.interruptId, ...value });
    return (await expectStatus(await fetch(`${base}/approvals/threads/${threadId}/resume`, { method: "POST", headers: json, body }), 200, "POST /approvals/threads/:id/resume")) as { status: string };
  };
  const approveAll = { decisions: { call_1: { type: "approve" }, call_2: { type: "approve" } } };
  if ((await resume(refund.threadId, approveAll)).status !== "completed") throw new Error("the refund run did not complete");
  if ((await resume(release.threadId, { answer: "staging" })).status !== "paused") throw new Error("the release run did not ask to deploy");
  if ((await resume(release.threadId, { decisions: { call_deploy: { type: "approve" } } })).status !== "completed") throw new Error("the release run did not complete");
  const ran = executions.map((execution) => execution.tool).join(", ");
  if (ran !== "refund_payment, send_email, deploy") throw new Error(`unexpected executions: ${ran}`);
  // Two approvals (the refund, the deploy), each requested and resolved.
  const notified = async (): Promise<number> => approvals.notifier?.stats().delivered ?? 0;
  for (const deadline = Date.now() + 20_000; (await notified()) < 4 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 100));
  if ((await notified()) < 4) throw new Error(`the notifier delivered ${await notified()} of 4 events`);
  console.log(`smoke: every route answered; ran ${ran}; sent ${await notified()} notifications`);
}

async function main(): Promise<void> {
  const smokeTest = process.argv.includes("--smoke");
  // Take the port first: a busy one must not cost an embedded Postgres start (and stop).
  let handle: RequestListener = (_request, response) => void response.writeHead(503, { "content-type": "text/plain", "retry-after": "1" }).end("starting");
  const server = createServer((request, response) => handle(request, response));
  await listenOrExit(server, smokeTest ? 0 : portFromEnv());
  let url = process.env["DATABASE_URL"];
  let stopPostgres = async (): Promise<void> => undefined;
  if (url === undefined || url === "") {
    console.log("(no DATABASE_URL: starting an embedded Postgres)");
    const { startEmbeddedPostgres } = await import("./support/embedded-postgres.mjs");
    const embedded = await startEmbeddedPostgres();
    url = embedded.url;
    stopPostgres = embedded.stop;
  }
  const checkpointer = await createPostgresCheckpointer(url);
  const graph = supportDeskGraph(checkpointer);
  // Anyone who can reach this port reviews as "demo": fine on loopback, not beyond.
  const approvals = createApprovalHandler({
    graph,
    authenticate: anonymousReviewer("demo", "Demo reviewer"),
    basePath: "/approvals",
    notifications: { send: notificationSender(), link: ({ threadId }) => `/approvals#${encodeURIComponent(threadId)}` },
  });
  handle = routes(graph, approvals);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = async (): Promise<void> => {
    // First the handler's streams, notifier and sweeper, then the server and the pool they use.
    await approvals.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await checkpointer.end();
    await stopPostgres();
  };

  if (smokeTest) {
    try {
      await smoke(base, approvals);
    } finally {
      await stop();
    }
    return;
  }
  console.log(`\nReviewer inbox:  ${base}/approvals`);
  console.log(`Start a run:     open ${base}/ and press a button, or`);
  console.log(`                 curl -X POST ${base}/runs -H 'content-type: application/json' -d '{"kind":"refund"}'`);
  console.log("Ctrl-C stops the service.\n");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.log("\nstopping…");
      void stop().then(() => process.exit(0));
    });
  }
}

main().catch(failAndExit);
