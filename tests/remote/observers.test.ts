import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isRemoteHookError, remoteHook, type RemoteHook, type RemoteHookOptions } from "../../src/remote/index.js";
import { ask, newThread, toolMessages } from "../support/fixtures.js";
import { graphWith } from "./support/graph.js";
import { startPolicyServer, type PolicyServer, type ServerOptions } from "./support/http-policy-server.js";
import { policyChild } from "./support/stdio-child.js";
import { eventually } from "./support/wait.js";

let server: PolicyServer | undefined;
const hooks: RemoteHook[] = [];

async function observing(serverOptions: ServerOptions, options: Partial<RemoteHookOptions> = {}) {
  server = await startPolicyServer(serverOptions);
  const hook = remoteHook({ transport: { type: "http", url: server.url }, timeoutMs: 5_000, observe: ["PostToolUse", "PostToolBatch"], ...options });
  hooks.push(hook);
  return { server, hook };
}

afterEach(async () => {
  await Promise.all(hooks.splice(0).map((hook) => hook.close()));
  await server?.close();
  server = undefined;
});

describe("observers: tool.after and tool.batch.after as hooks/observe notifications", () => {
  test("a tool that ran is reported as tool.after with its output; the batch as tool.batch.after", async () => {
    const { server, hook } = await observing({});
    const { graph } = graphWith([hook], [
      { name: "lookup", args: { path: "a" }, id: "l1" },
      { name: "send_email", args: { path: "b" }, id: "s1" },
    ]);
    const config = newThread();
    await graph.invoke(ask(), config);
    const notes = (await server.notifications(2)).map((entry) => entry.body);
    expect(notes.every((note) => note.jsonrpc === "2.0" && note.method === "hooks/observe" && !("id" in note))).toBe(true);
    const events = notes.map((note) => note.params?.event);
    expect(events.find((event) => event?.type === "tool.after")).toMatchObject({
      session: { id: config.configurable.thread_id },
      tool: { callId: "l1", name: "lookup", input: { path: "a" }, output: expect.stringContaining("lookup ran") },
    });
    expect(events.find((event) => event?.type === "tool.batch.after")).toMatchObject({
      calls: [
        { call: { id: "l1" }, outcome: "ok", execution: { status: "executed" } },
        { call: { id: "s1" }, outcome: "error", execution: { status: "skipped", reason: "policy" } },
      ],
    });
  });

  test("a notification the backend refuses is reported as transport and changes no result", async () => {
    const { hook } = await observing({ observeStatus: 500 }, { observe: ["PostToolUse"] });
    const { graph, reports } = graphWith([hook], [{ name: "lookup", args: { path: "a" }, id: "l1" }]);
    const message = toolMessages(await graph.invoke(ask(), newThread()))[0]!;
    expect([message.status, String(message.content)]).toEqual(["success", 'lookup ran with {"path":"a"}']);
    const report = await eventually(() => reports.find((entry) => entry.context.event === "PostToolUse"));
    expect(isRemoteHookError(report.error, "transport")).toBe(true);
    expect(report.context).toEqual({ event: "PostToolUse", toolName: "lookup", toolCallId: "l1" });
  });

  test("a notification that is never acknowledged is abandoned at observeTimeoutMs as deadline_exceeded", async () => {
    const { hook } = await observing({ observeStatus: "hang" }, { observe: ["PostToolUse"], observeTimeoutMs: 200 });
    const { graph, reports } = graphWith([hook], [{ name: "lookup", args: { path: "a" } }]);
    await graph.invoke(ask(), newThread());
    const report = await eventually(() => reports.find((entry) => entry.context.event === "PostToolUse"));
    expect(isRemoteHookError(report.error, "deadline_exceeded")).toBe(true);
  });

  test(
    "delivery is fire-and-forget: the run finishes while the backend still holds the notification",
    async () => {
      const { server, hook } = await observing({ observeStatus: "hang" }, { observe: ["PostToolUse"], observeTimeoutMs: 60_000 });
      const { graph, reports } = graphWith([hook], [{ name: "lookup", args: { path: "a" } }]);
      const result = await graph.invoke(ask(), newThread());
      expect(toolMessages(result)[0]?.status).toBe("success");
      await server.notifications(1);
      await hook.close();
      expect(reports.map((entry) => isRemoteHookError(entry.error, "cancelled"))).toEqual([true]);
    },
    10_000,
  );

  test("over stdio, notifications are written to the child as lines", async () => {
    const dir = mkdtempSync(join(tmpdir(), "remote-observe-"));
    try {
      const log = join(dir, "observed.jsonl");
      const hook = remoteHook({ transport: policyChild(log), timeoutMs: 15_000, observe: ["PostToolUse"] });
      hooks.push(hook);
      const { graph } = graphWith([hook], [{ name: "lookup", args: { path: "a" }, id: "l9" }]);
      await graph.invoke(ask(), newThread());
      const line = await eventually(() => {
        try {
          return readFileSync(log, "utf8").split("\n")[0] || undefined;
        } catch {
          return undefined;
        }
      });
      expect(JSON.parse(line)).toMatchObject({ method: "hooks/observe", params: { event: { type: "tool.after", tool: { callId: "l9" } } } });
    } finally {
      await Promise.all(hooks.splice(0).map((hook) => hook.close()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
