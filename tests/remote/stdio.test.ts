import { getInterrupt } from "../../src/host/get-interrupt.js";
import { resume } from "../../src/host/resume.js";
import { findRemoteHookError, remoteHook, type RemoteHook } from "../../src/remote/index.js";
import { ask, newThread, toolMessages } from "../support/fixtures.js";
import { graphWith } from "./support/graph.js";
import { alive, policyChild } from "./support/stdio-child.js";
import { eventually, reasonOf } from "./support/wait.js";

// Generous: the first call also starts the child (node + tsx).
const TIMEOUT_MS = 15_000;
const hooks: RemoteHook[] = [];

function stdioPolicy(timeoutMs = TIMEOUT_MS): RemoteHook {
  const hook = remoteHook({ transport: policyChild(), timeoutMs, name: "policy-child" });
  hooks.push(hook);
  return hook;
}

/** Runs one call; returns what the model saw and the classified failure, if any. */
async function callOnce(hook: RemoteHook, name: string) {
  const { graph, tool, reports } = graphWith([hook], [{ name, args: { path: "a" } }]);
  const message = toolMessages(await graph.invoke(ask(), newThread()))[0]!;
  return { message, ran: tool(name).count, failure: findRemoteHookError(reports[0]?.error)?.failure };
}

/** The pid of the child currently serving `hook` (the `whoami` rule denies with it). */
async function childPid(hook: RemoteHook): Promise<number> {
  const { message } = await callOnce(hook, "whoami");
  return Number(/pid (\d+)/.exec(String(message.content))?.[1]);
}

afterEach(async () => {
  await Promise.all(hooks.splice(0).map((hook) => hook.close()));
});

describe("remoteHook over stdio: a long-lived child speaking newline-delimited JSON-RPC", () => {
  test("one child answers a whole batch, one request at a time: no objection, allow, deny and modify", async () => {
    const policy = stdioPolicy();
    const { graph, tool } = graphWith([policy], [
      { name: "lookup", args: { path: "a" } },
      { name: "read_file", args: { path: "b" } },
      { name: "send_email", args: { path: "c" } },
      { name: "write_file", args: { path: "d.txt" } },
    ]);
    const messages = toolMessages(await graph.invoke(ask(), newThread()));
    expect([tool("lookup").count, tool("read_file").count, tool("send_email").count]).toEqual([1, 1, 0]);
    expect(messages.find((m) => m.name === "send_email")?.content).toContain("email is off today");
    expect(tool("write_file").runs).toEqual([{ path: "/sandbox/d.txt" }]);
  });

  test("ask pauses the run; after approval the tool runs once", async () => {
    const policy = stdioPolicy();
    const { graph, tool } = graphWith([policy], [{ name: "delete_file", args: { path: "/tmp/y" } }]);
    const config = newThread();
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    expect(pending?.payload.type === "tool_approval" && pending.payload.review_configs[0]?.allowed_decisions).toEqual(["approve", "reject"]);
    await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect(tool("delete_file").count).toBe(1);
  });

  test("a child that crashes fails its call as transport, and the next call is served by a new child", async () => {
    const policy = stdioPolicy();
    const before = await childPid(policy);
    const crashed = await callOnce(policy, "crash");
    expect([crashed.ran, crashed.failure]).toEqual([0, "transport"]);
    expect(reasonOf(crashed.message.content)).toContain('policy backend "policy-child" failed: transport (the policy process exited (code 3))');
    const after = await childPid(policy);
    expect(after).not.toBe(before);
    expect((await callOnce(policy, "read_file")).ran).toBe(1);
  });

  test("a child that hangs is abandoned at the deadline and killed; a new child answers the next call", async () => {
    const policy = stdioPolicy(5_000);
    const before = await childPid(policy);
    const hung = await callOnce(policy, "hang");
    expect([hung.ran, hung.failure]).toEqual([0, "deadline_exceeded"]);
    await eventually(() => (alive(before) ? undefined : true));
    expect(await childPid(policy)).not.toBe(before);
  });

  test("a child that writes anything but a correlated answer is rejected and replaced", async () => {
    const policy = stdioPolicy();
    const before = await childPid(policy);
    expect(await callOnce(policy, "garbage")).toMatchObject({ ran: 0, failure: "protocol_rejection" });
    expect(await callOnce(policy, "wrong_id")).toMatchObject({ ran: 0, failure: "protocol_rejection" });
    expect(await childPid(policy)).not.toBe(before);
  });

  test("a JSON-RPC error from the child is classified remote_rpc", async () => {
    expect(await callOnce(stdioPolicy(), "rpc_error")).toMatchObject({ ran: 0, failure: "remote_rpc" });
  });

  test("a command that cannot be started fails the call as transport", async () => {
    const hook = remoteHook({ transport: { type: "stdio", command: "/nonexistent/policy-binary" }, timeoutMs: 5_000 });
    hooks.push(hook);
    expect(await callOnce(hook, "lookup")).toMatchObject({ ran: 0, failure: "transport" });
    expect(hook.backend).toBe("policy-binary");
  });

  test("close() stops the child; later calls fail as cancelled", async () => {
    const policy = stdioPolicy();
    const pid = await childPid(policy);
    await policy.close();
    expect(alive(pid)).toBe(false);
    expect(await callOnce(policy, "read_file")).toMatchObject({ ran: 0, failure: "cancelled" });
  });
});
