import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { build } from "esbuild";

/**
 * Bundles page.ts (React + `@langchain/langgraph-sdk/react`) for the browser and serves it on a
 * free loopback port. The page reads `apiUrl` and `assistantId` from its query string.
 *
 * @example
 * ```ts
 * const app = await serveUseStreamPage();
 * await page.goto(app.pageUrl(agentServer.url, "node"));
 * ```
 */
export async function serveUseStreamPage(): Promise<{ pageUrl(apiUrl: string, assistantId: string): string; close(): Promise<void> }> {
  const bundle = await build({
    entryPoints: [join(__dirname, "page.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: ["chrome109"],
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const script = bundle.outputFiles[0]!.text;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>useStream approvals</title></head><body><div id="root"></div><script src="/page.js"></script></body></html>`;
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith("/page.js")) response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(script);
    else response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    pageUrl: (apiUrl, assistantId) => `http://127.0.0.1:${port}/?${new URLSearchParams({ apiUrl, assistantId }).toString()}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
