// A loopback HTTP proxy in front of a server that cuts the client's connection of chosen
// requests as soon as the first bytes of their answer arrive, the way a dropped network or a
// restarted load balancer does while a run streams. Everything else is forwarded as it is.
import { createServer, request as forward, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A running proxy. */
export interface CuttingProxy {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  /** How many answers were cut so far. */
  cuts(): number;
  close(): Promise<void>;
}

/**
 * Starts a proxy to `target` cutting the requests `shouldCut` picks.
 *
 * @example
 * ```ts
 * const proxy = await startCuttingProxy(server.url, (request) => request.method === "POST" && request.url!.endsWith("/runs/stream"));
 * ```
 */
export async function startCuttingProxy(target: string, shouldCut: (request: IncomingMessage) => boolean): Promise<CuttingProxy> {
  const upstreamUrl = new URL(target);
  let cut = 0;
  const server = createServer((request, response) => {
    const upstream = forward({ host: upstreamUrl.hostname, port: upstreamUrl.port, path: request.url, method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      if (!shouldCut(request)) {
        answer.pipe(response);
        return;
      }
      answer.once("data", (chunk: Buffer) => {
        response.write(chunk);
        cut += 1;
        // Both sides are cut, as a dropped network would: the server sees its client go away too.
        response.socket?.destroy();
        answer.destroy();
      });
    });
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cuts: () => cut,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
