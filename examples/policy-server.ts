/**
 * A minimal remote policy server for `remoteHook` (Agent Hooks Protocol over HTTP, loopback):
 * it denies `send_email`, asks a person before `delete_file`, forces `safeSearch` on `search`,
 * and has no objection to anything else.
 *
 *   npx tsx examples/policy-server.ts          # PORT=8787 by default
 *
 * Then: remoteHook({ transport: { type: "http", url: "http://127.0.0.1:8787/hooks" }, timeoutMs: 2_000 })
 *
 * The part between the region markers is the README's snippet, verbatim (a test keeps them equal).
 */
import type { AddressInfo } from "node:net";
// #region readme
import { createServer, type IncomingMessage } from "node:http";

/** The policy. An empty list means "no objection": it grants nothing, the agent's other rules still apply. */
function decide(tool: string, input: Record<string, unknown>): object[] {
  if (tool === "send_email") return [{ type: "deny", reason: "Email is disabled in this environment." }];
  if (tool === "delete_file") return [{ type: "ask", reason: `Delete ${String(input.path)}?`, allowedDecisions: ["approve", "reject"] }];
  if (tool === "search") return [{ type: "modify", target: "input", operation: "merge", value: { safeSearch: true } }];
  return [];
}

interface Message { id?: unknown; method?: unknown; params?: { event?: { tool?: { name?: unknown; input?: unknown } } } }

/** The JSON-RPC message of a request; `undefined` when the body is not JSON. */
async function readMessage(req: IncomingMessage): Promise<Message | undefined> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  try {
    return (JSON.parse(body) ?? {}) as Message;
  } catch {
    return undefined;
  }
}

const server = createServer((req, res) => {
  readMessage(req).then((message) => {
    // Observations (tool.after, tool.batch.after) are notifications: acknowledged, never answered.
    if (message?.method === "hooks/observe") return void res.writeHead(204).end();
    const tool = message?.params?.event?.tool;
    const input = tool?.input;
    const reply = message?.method === "hooks/intercept" && typeof tool?.name === "string" && typeof input === "object" && input !== null
      ? { jsonrpc: "2.0", id: message.id, result: { protocolVersion: "draft", effects: decide(tool.name, input as Record<string, unknown>) } }
      : { jsonrpc: "2.0", id: message?.id ?? null, error: message === undefined ? { code: -32700, message: "Parse error" } : { code: -32600, message: "Invalid request" } };
    res.writeHead("result" in reply ? 200 : 400, { "content-type": "application/json" }).end(JSON.stringify(reply));
  }).catch(() => res.destroy()); // the client went away mid-request: drop the connection, keep serving
});
// #endregion readme

server.listen(Number(process.env.PORT ?? 8787), "127.0.0.1", () => {
  console.log(`policy server listening on http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
});
