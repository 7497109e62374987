/**
 * The policy both test backends (the loopback HTTP server and the stdio child) apply,
 * keyed on the tool name so each test picks a behaviour by naming its tool.
 */
type Message = { id: string; params: { event: { tool: { name: string; input: Record<string, unknown> }; extensions?: Record<string, unknown> } } };

const effectsByTool: Record<string, (input: Record<string, unknown>) => unknown[]> = {
  lookup: () => [],
  read_file: () => [{ type: "allow" }],
  send_email: () => [{ type: "deny", reason: "email is off today", code: "com.example.policy.email" }],
  delete_file: () => [{ type: "ask", reason: "deleting needs a person", allowedDecisions: ["approve", "reject"] }],
  write_file: (input) => {
    const path = String(input.path);
    return [{ type: "modify", target: "input", operation: "merge", value: { path: path.startsWith("/sandbox/") ? path : `/sandbox/${path}` } }];
  },
  malformed: () => [{ type: "deny" }],
  unadvertised: () => [{ type: "flow", operation: "stop", reason: "stop here" }],
  two_decisions: () => [{ type: "allow" }, { type: "deny", reason: "no" }],
};

/** The JSON-RPC response the backend sends for an intercept request. */
export function answer(message: Message): Record<string, unknown> {
  const { name, input } = message.params.event.tool;
  if (name === "rpc_error") return { jsonrpc: "2.0", id: message.id, error: { code: -32003, message: "backend_unavailable" } };
  if (name === "wrong_id") return { jsonrpc: "2.0", id: "evt_someone_else", result: { protocolVersion: "draft", effects: [] } };
  if (name === "old_version") return { jsonrpc: "2.0", id: message.id, result: { protocolVersion: "0.0", effects: [] } };
  if (name === "describe_tool") {
    // Echoes what the backend was told, so a test can read it from the ToolMessage over either transport.
    const { event } = message.params;
    const seen = { tool: event.tool, extensions: event.extensions };
    return { jsonrpc: "2.0", id: message.id, result: { protocolVersion: "draft", effects: [{ type: "deny", reason: `seen ${JSON.stringify(seen)}` }] } };
  }
  const effects = effectsByTool[name]?.(input) ?? [];
  return { jsonrpc: "2.0", id: message.id, result: { protocolVersion: "draft", effects } };
}
