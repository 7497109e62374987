import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { getInterrupt } from "../../src/host/get-interrupt.js";
import { resume } from "../../src/host/resume.js";
import { HookRegistry } from "../../src/hooks/hook-registry.js";
import { ApprovalToolNode } from "../../src/node/approval-tool-node.js";
import { remoteHook, type RemoteHook } from "../../src/remote/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

const repoRoot = resolve(__dirname, "../..");
let server: ChildProcessWithoutNullStreams;
let policy: RemoteHook;
let url = "";

beforeAll(async () => {
  server = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "examples/policy-server.ts")], { cwd: repoRoot, env: { ...process.env, PORT: "0" } });
  const [line] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
  url = /http:\/\/\S+/.exec(line)?.[0] ?? "";
  policy = remoteHook({ transport: { type: "http", url }, timeoutMs: 5_000 });
});

afterAll(async () => {
  await policy.close();
  const exited = once(server, "exit");
  server.kill();
  await exited;
});

test("the README's example policy server denies, asks, rewrites and lets the rest through", async () => {
  const sendEmail = countingTool("send_email");
  const deleteFile = countingTool("delete_file");
  const lookup = countingTool("lookup");
  const search = countingTool("search", { schema: z.object({ query: z.string(), safeSearch: z.boolean().optional() }) });
  const node = new ApprovalToolNode([sendEmail, deleteFile, lookup, search].map((t) => t.tool), { hooks: new HookRegistry().use(policy) });
  const { graph } = agentGraph(node, [
    { name: "send_email", args: { path: "boss" }, id: "e" },
    { name: "delete_file", args: { path: "/tmp/old" }, id: "d" },
    { name: "lookup", args: { path: "x" }, id: "l" },
    { name: "search", args: { query: "cats" }, id: "s" },
  ]);
  const config = newThread();
  await graph.invoke(ask(), config);
  const pending = await getInterrupt(graph, config);
  expect(pending?.payload.type === "tool_approval" && pending.payload.action_requests.map((request) => request.description)).toEqual(["Delete /tmp/old?"]);
  const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
  expect([sendEmail.count, deleteFile.count, lookup.count]).toEqual([0, 1, 1]);
  expect(search.runs).toEqual([{ query: "cats", safeSearch: true }]);
  expect(toolMessages(values).find((message) => message.tool_call_id === "e")?.content).toContain("Email is disabled");
});

/** POSTs `body` to the policy server and returns its status and parsed answer. */
async function post(body: string): Promise<{ status: number; answer: { id?: unknown; error?: { code: number }; result?: unknown } }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
  return { status: response.status, answer: (await response.json()) as { id?: unknown; error?: { code: number } } };
}

const intercept = (tool: unknown) => JSON.stringify({ jsonrpc: "2.0", id: "evt_1", method: "hooks/intercept", params: { protocolVersion: "draft", event: { tool } } });

describe("the README's example policy server survives bad requests", () => {
  test.each([
    ["a body that is not JSON", "not json {", -32700],
    ["an empty body", "", -32700],
    ["JSON null", "null", -32600],
    ["a JSON number", "42", -32600],
    ["an unknown method", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "hooks/other" }), -32600],
    ["an intercept without a tool", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "hooks/intercept", params: null }), -32600],
    ["an intercept whose tool has no input", intercept({ name: "delete_file" }), -32600],
  ])("%s gets a 400 JSON-RPC error, and the server keeps answering", async (_name, body, code) => {
    const refused = await post(body);
    expect(refused.status).toBe(400);
    expect(refused.answer.error?.code).toBe(code);
    const next = await post(intercept({ name: "send_email", input: {} }));
    expect(next).toMatchObject({ status: 200, answer: { id: "evt_1", result: { effects: [{ type: "deny" }] } } });
  });

  test("a client that hangs up mid-body does not stop the server", async () => {
    const half = request(url, { method: "POST", headers: { "content-type": "application/json", "content-length": "1000" } });
    half.on("error", () => undefined);
    half.write('{"jsonrpc": "2.0", "id": ');
    await new Promise((resolve) => setTimeout(resolve, 50));
    half.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await post(intercept({ name: "lookup", input: {} }))).answer).toMatchObject({ result: { effects: [] } });
    expect(server.exitCode).toBeNull();
  });

  test("the README's snippet is the example's code, verbatim", () => {
    const example = readFileSync(join(repoRoot, "examples/policy-server.ts"), "utf8");
    const region = /\/\/ #region readme\n([\s\S]*?)\/\/ #endregion readme/.exec(example)?.[1] ?? "";
    expect(region.length).toBeGreaterThan(0);
    expect(readFileSync(join(repoRoot, "README.md"), "utf8")).toContain(region);
  });
});
