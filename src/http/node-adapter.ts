import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ApprovalHandler } from "./create-approval-handler.js";
import { JSON_SAFETY_HEADERS } from "./problem.js";

/**
 * Mounts a web-standard handler on `node:http`: `http.createServer(toNodeListener(handler))`.
 * The request body is streamed to the handler (its size limit applies while reading).
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

async function serve(handler: ApprovalHandler, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  try {
    const host = incoming.headers.host ?? "localhost";
    const url = new URL(incoming.url ?? "/", `http://${host}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
      else if (value !== undefined) headers.set(name, value);
    }
    const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
    const request = new Request(url, {
      method: incoming.method ?? "GET",
      headers,
      ...(hasBody ? { body: Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>, duplex: "half" } : {}),
    } as RequestInit);
    const response = await handler(request);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  } catch {
    if (!outgoing.headersSent) outgoing.writeHead(500, { "content-type": "application/problem+json", ...JSON_SAFETY_HEADERS });
    outgoing.end(JSON.stringify({ title: "Internal Server Error", status: 500, code: "INTERNAL" }));
  }
}
