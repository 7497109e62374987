import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request an attacking page makes, as `fetch(target, init)` would. */
export interface ForgedRequest {
  target: string;
  contentType: string;
  body: string;
}

/**
 * The page a hostile site serves: it fires each forged request at once, the way a CSRF page
 * does — `mode: "no-cors"` (no preflight; the response is opaque, but the request is sent) and
 * `credentials: "include"` (the browser attaches whatever cookies it holds for the target) — and
 * sets `window.__sent` when the browser has sent them all.
 */
function attackPage(requests: readonly ForgedRequest[]): string {
  const script = `
    const requests = ${JSON.stringify(requests)};
    (async () => {
      for (const { target, contentType, body } of requests) {
        await fetch(target, { method: "POST", mode: "no-cors", credentials: "include", headers: { "Content-Type": contentType }, body }).catch(() => undefined);
      }
      window.__sent = true;
    })();`;
  return `<!doctype html><html><head><title>Win a prize</title></head><body><p>Congratulations!</p><script>${script}</script></body></html>`;
}

/**
 * Serves an attacking page on a free loopback port; its URL uses `host` (e.g. `localhost`,
 * to be same-site with a handler on `localhost` at another port).
 *
 * @example
 * ```ts
 * const site = await serveAttackerSite("localhost", [{ target, contentType: "text/plain", body }]);
 * await page.goto(site.url);
 * ```
 */
export async function serveAttackerSite(host: string, requests: readonly ForgedRequest[]): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(attackPage(requests));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
