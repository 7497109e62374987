import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
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

beforeAll(async () => {
  server = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "examples/policy-server.ts")], { cwd: repoRoot, env: { ...process.env, PORT: "0" } });
  const [line] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
  const url = /http:\/\/\S+/.exec(line)?.[0] ?? "";
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
