import type { IncomingMessage, ServerResponse } from "node:http";
import { once } from "node:events";
import { Readable } from "node:stream";
import type { ApprovalHandler } from "./create-approval-handler.js";
import { JSON_SAFETY_HEADERS } from "./problem.js";

/**
 * Mounts a web-standard handler on `node:http`: `http.createServer(toNodeListener(handler))`.
 * The request body is streamed to the handler (its size limit applies while reading), and the
 * response body is streamed to the client as the handler writes it (event streams included);
 * when the client goes away, `request.signal` aborts and the response body is cancelled.
 *
 * @example
 * ```ts
 * http.createServer(toNodeListener(createApprovalHandler({ graph, authenticate }))).listen(3000);
 * ```
 */
export function toNodeListener(handler: ApprovalHandler): (request: IncomingMessage, response: ServerResponse) => void {
  return function nodeListener(request, response) {
    void serve(handler, request, response);
  };
}

function webRequest(incoming: IncomingMessage, signal: AbortSignal): Request {
  const host = incoming.headers.host ?? "localhost";
  const url = new URL(incoming.url ?? "/", `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(url, {
    method: incoming.method ?? "GET",
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
}

/** Copies a web response body to the socket, at the pace the client reads it. */
async function pipeBody(body: ReadableStream<Uint8Array>, outgoing: ServerResponse): Promise<void> {
  const reader = body.getReader();
  outgoing.once("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done || outgoing.destroyed) break;
    if (!outgoing.write(chunk.value)) await Promise.race([once(outgoing, "drain"), once(outgoing, "close")]);
  }
}

async function serve(handler: ApprovalHandler, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const gone = new AbortController();
  // "close" on the response: finished, or the connection dropped before it was.
  outgoing.once("close", () => gone.abort());
  try {
    const response = await handler(webRequest(incoming, gone.signal));
    outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    if (response.body !== null) await pipeBody(response.body, outgoing);
    outgoing.end();
  } catch {
    if (!outgoing.headersSent) {
      outgoing.writeHead(500, { "content-type": "application/problem+json", ...JSON_SAFETY_HEADERS });
      outgoing.end(JSON.stringify({ title: "Internal Server Error", status: 500, code: "INTERNAL" }));
    } else outgoing.destroy();
  }
}
