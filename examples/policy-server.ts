/**
 * A minimal remote policy server for `remoteHook` (Agent Hooks Protocol over HTTP, loopback):
 * it denies `send_email`, asks a person before `delete_file`, forces `safeSearch` on `search`,
 * and has no objection to anything else.
 *
 *   npx tsx examples/policy-server.ts          # PORT=8787 by default
 *
 * Then: remoteHook({ transport: { type: "http", url: "http://127.0.0.1:8787/hooks" }, timeoutMs: 2_000 })
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

interface Message {
  id?: string | number;
  method?: string;
  params?: { event?: { tool?: { name: string; input: Record<string, unknown> } } };
}

/** The policy. An empty list means "no objection": it grants nothing, the agent's other rules still apply. */
function decide(tool: string, input: Record<string, unknown>): object[] {
  if (tool === "send_email") return [{ type: "deny", reason: "Email is disabled in this environment." }];
  if (tool === "delete_file") return [{ type: "ask", reason: `Delete ${String(input.path)}?`, allowedDecisions: ["approve", "reject"] }];
  if (tool === "search") return [{ type: "modify", target: "input", operation: "merge", value: { safeSearch: true } }];
  return [];
}

async function readMessage(req: IncomingMessage): Promise<Message | undefined> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  try {
    return JSON.parse(body) as Message;
  } catch {
    return undefined;
  }
}

const server = createServer(async (req, res) => {
  const message = await readMessage(req);
  // Observations (tool.after, tool.batch.after) are notifications: acknowledged, never answered.
  if (message?.method === "hooks/observe") return void res.writeHead(204).end();
  const tool = message?.params?.event?.tool;
  const reply =
    message?.method === "hooks/intercept" && tool !== undefined
      ? { jsonrpc: "2.0", id: message.id, result: { protocolVersion: "draft", effects: decide(tool.name, tool.input) } }
      : { jsonrpc: "2.0", id: message?.id ?? null, error: { code: -32601, message: "unsupported method" } };
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
});

server.listen(Number(process.env.PORT ?? 8787), "127.0.0.1", () => {
  console.log(`policy server listening on http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
});
