import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeListener, type ApprovalHandler } from "../../src/http/index.js";

/** Serves a handler on a free loopback port for one test file. */
export async function serveOnLoopback(handler: ApprovalHandler): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
