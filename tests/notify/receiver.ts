import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "../../src/index.js";

/** One request a receiver got, with both verdicts on its signature. */
export interface ReceivedWebhook {
  eventId: string | undefined;
  eventType: string | undefined;
  body: string;
  signature: string | undefined;
  /** What `verifyWebhookSignature` said. */
  verified: boolean;
  /** What the README's hand-written recipe (node:crypto only) said. */
  recipe: boolean;
  at: number;
}

/** How a receiver answers a request: a status, or `"hold"` (never answer). */
export type Answer = number | "hold";

/** The README's verification recipe, written out with node:crypto alone. */
export function recipeVerifies(secret: string, header: string | undefined, body: string, nowSeconds = Date.now() / 1000): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=") as [string, string]));
  const timestamp = Number(parts["t"]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300 || !/^[0-9a-f]{64}$/.test(parts["v1"] ?? "")) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts["v1"]!, "hex"));
}

/** A real HTTP server that records every webhook it receives and answers as `answer` says. */
export async function startReceiver(secret: string, answer: (request: ReceivedWebhook, index: number) => Answer = () => 200) {
  const received: ReceivedWebhook[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const signature = request.headers[WEBHOOK_SIGNATURE_HEADER] as string | undefined;
      const entry: ReceivedWebhook = {
        eventId: request.headers["x-hitl-event-id"] as string | undefined,
        eventType: request.headers["x-hitl-event-type"] as string | undefined,
        body,
        signature,
        verified: verifyWebhookSignature({ secret, signature, body }).ok,
        recipe: recipeVerifies(secret, signature, body),
        at: Date.now(),
      };
      received.push(entry);
      const reply = answer(entry, received.length - 1);
      if (reply === "hold") held.push(response);
      else response.writeHead(reply, { "content-type": "text/plain" }).end(reply < 300 ? "ok" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    async until(matches: (requests: ReceivedWebhook[]) => boolean, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!matches(received)) {
        if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(received.map((entry) => [entry.eventType, entry.eventId]))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close(): Promise<void> {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
