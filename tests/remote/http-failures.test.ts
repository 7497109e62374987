import { isHITLError } from "../../src/errors/hitl-error.js";
import { findRemoteHookError, remoteHook, type RemoteFailure, type RemoteHook } from "../../src/remote/index.js";
import { ask, newThread, toolMessages } from "../support/fixtures.js";
import { graphWith } from "./support/graph.js";
import { startPolicyServer, type PolicyServer } from "./support/http-policy-server.js";
import { reasonOf } from "./support/wait.js";

let server: PolicyServer;
const hooks: RemoteHook[] = [];

function policyAt(url: string, options: { timeoutMs?: number; auth?: () => string } = {}): RemoteHook {
  const hook = remoteHook({ transport: { type: "http", url }, timeoutMs: options.timeoutMs ?? 5_000, ...(options.auth ? { auth: options.auth } : {}) });
  hooks.push(hook);
  return hook;
}

/** Runs one call through a fail-closed remote hook and returns what the model and onHookError saw. */
async function failOne(hook: RemoteHook, toolName: string) {
  const { graph, tool, reports } = graphWith([hook], [{ name: toolName, args: { path: "a" }, id: "f1" }]);
  const message = toolMessages(await graph.invoke(ask(), newThread()))[0]!;
  return { message, ran: tool(toolName).count, reports, remote: findRemoteHookError(reports[0]?.error) };
}

beforeEach(async () => {
  server = await startPolicyServer();
});

afterEach(async () => {
  await Promise.all(hooks.splice(0).map((hook) => hook.close()));
  await server.close();
});

describe("fail-closed: every failure denies the call with a reason naming the backend and the failure class", () => {
  test.each<[string, string, RemoteFailure]>([
    ["malformed", "an effect missing its required field", "protocol_rejection"],
    ["unadvertised", "an effect that was not advertised", "protocol_rejection"],
    ["two_decisions", "two decision effects in one answer", "protocol_rejection"],
    ["old_version", "another protocol version", "protocol_rejection"],
    ["wrong_id", "a response id that does not match the request", "protocol_rejection"],
    ["garbage", "a body that is not JSON", "protocol_rejection"],
    ["text_plain", "a JSON body that is not labelled application/json", "protocol_rejection"],
    ["rpc_error", "a JSON-RPC error", "remote_rpc"],
    ["server_error", "an HTTP 500", "transport"],
  ])("%s (%s) is classified %s", async (toolName, _what, failure) => {
    const { message, ran, reports, remote } = await failOne(policyAt(server.url), toolName);
    expect(ran).toBe(0);
    expect(message.status).toBe("error");
    expect(reasonOf(message.content)).toContain(`policy backend "${new URL(server.url).host}" failed: ${failure}`);
    expect(reasonOf(message.content)).not.toContain(toolName);
    expect(reports.map((report) => report.context)).toEqual([{ event: "PreToolUse", toolName, toolCallId: "f1" }]);
    expect(isHITLError(remote, "REMOTE_HOOK_FAILED")).toBe(true);
    expect(remote?.failure).toBe(failure);
  });

  test("a JSON-RPC error keeps its code on the error, and the backend's own message never reaches the model", async () => {
    const { message, remote } = await failOne(policyAt(server.url), "rpc_error");
    expect(remote?.rpcCode).toBe(-32003);
    expect(String(message.content)).not.toContain("backend_unavailable");
  });

  test("a server that hangs is abandoned at timeoutMs and classified deadline_exceeded", async () => {
    const { message, ran, remote } = await failOne(policyAt(server.url, { timeoutMs: 300 }), "hang");
    expect(ran).toBe(0);
    expect(remote?.failure).toBe("deadline_exceeded");
    expect(reasonOf(message.content)).toContain("deadline_exceeded (no valid answer within 300 ms)");
  });

  test("a server that is down is classified transport", async () => {
    const url = server.url;
    await server.close();
    server = await startPolicyServer();
    const { ran, remote } = await failOne(policyAt(url), "lookup");
    expect(ran).toBe(0);
    expect(remote?.failure).toBe("transport");
  });

  test("a redirect is never followed: the target receives nothing and the call is denied as transport", async () => {
    const target = await startPolicyServer();
    const redirecting = await startPolicyServer({ redirectTo: target.url });
    try {
      const { ran, remote } = await failOne(policyAt(redirecting.url, { auth: () => "tok-redirect" }), "redirect");
      expect(ran).toBe(0);
      expect([remote?.failure, remote?.httpStatus]).toEqual(["transport", 307]);
      expect(target.received).toHaveLength(0);
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  test("an auth callback that throws denies the call as transport; nothing is sent", async () => {
    const hook = policyAt(server.url, {
      auth: () => {
        throw new Error("vault sealed");
      },
    });
    const { ran, remote } = await failOne(hook, "lookup");
    expect([ran, remote?.failure, server.received.length]).toEqual([0, "transport", 0]);
  });

  test("the bearer token never appears in a reason, an error or its JSON", async () => {
    const token = "tok-9f8e7d6c5b4a";
    const { message, reports } = await failOne(policyAt(server.url, { auth: () => token }), "server_error");
    expect(server.received[0]?.headers.authorization).toBe(`Bearer ${token}`);
    const error = reports[0]?.error as Error & { cause?: Error };
    const seen = [String(message.content), error.message, error.cause?.message, JSON.stringify(findRemoteHookError(error))].join("\n");
    expect(seen).not.toContain(token);
  });
});

describe("the auth callback runs inside the call's deadline", () => {
  test("an auth callback that never answers is a deadline_exceeded failure at timeoutMs; nothing is sent", async () => {
    const hook = remoteHook({ transport: { type: "http", url: server.url }, timeoutMs: 300, auth: () => new Promise<string>(() => undefined) });
    hooks.push(hook);
    const { ran, remote, message } = await failOne(hook, "lookup");
    expect([ran, remote?.failure, server.received.length]).toEqual([0, "deadline_exceeded", 0]);
    expect(reasonOf(message.content)).toContain("deadline_exceeded");
  });
});
