import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answer } from "./policy-rules.js";

/** One request the server received. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: { method?: string; id?: string; params?: { event?: Record<string, unknown> & { tool?: { name?: string } } } } & Record<string, unknown>;
}

/** A real HTTP policy backend on loopback. */
export interface PolicyServer {
  url: string;
  received: Received[];
  /** Resolves once `count` observe notifications have arrived. */
  notifications(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** How the server answers notifications (default 204). `hang` never answers. */
export interface ServerOptions {
  observeStatus?: number | "hang";
  /** Where a tool named `redirect` is sent. */
  redirectTo?: string;
}

function reply(res: ServerResponse, status: number, body?: string, type = "application/json"): void {
  res.writeHead(status, body === undefined ? {} : { "content-type": type }).end(body);
}

function intercept(res: ServerResponse, message: Received["body"], options: ServerOptions): void {
  const name = message.params?.event?.tool?.name;
  if (name === "hang") return;
  if (name === "server_error") return reply(res, 500, JSON.stringify({ oops: true }));
  if (name === "redirect") return void res.writeHead(307, { location: options.redirectTo ?? "https://example.invalid/" }).end();
  if (name === "text_plain") return reply(res, 200, JSON.stringify(answer(message as never)), "text/plain");
  if (name === "garbage") return reply(res, 200, "{ not json");
  reply(res, 200, JSON.stringify(answer(message as never)));
}

/** Starts the server on 127.0.0.1 with a free port. Every request is recorded, whatever its fate. */
export async function startPolicyServer(options: ServerOptions = {}): Promise<PolicyServer> {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Received["body"];
      received.push({ headers: req.headers, body });
      waiters.splice(0).forEach((wake) => wake());
      if (body.method !== "hooks/observe") return intercept(res, body, options);
      if (options.observeStatus === "hang") return;
      reply(res, options.observeStatus ?? 204);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const observed = (): Received[] => received.filter((entry) => entry.body.method === "hooks/observe");
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    notifications: async (count) => {
      while (observed().length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return observed();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
