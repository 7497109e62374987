import { getInterrupt } from "../../src/host/get-interrupt.js";
import { findRemoteHookError, isRemoteHookError, remoteHook, type FailurePolicy, type RemoteHook } from "../../src/remote/index.js";
import { ask, interruptsOf, newThread, toolMessages } from "../support/fixtures.js";
import { graphWith } from "./support/graph.js";
import { startPolicyServer, type PolicyServer } from "./support/http-policy-server.js";
import { reasonOf } from "./support/wait.js";

let server: PolicyServer;
let downUrl: string;
const hooks: RemoteHook[] = [];

function policy(url: string, failurePolicy?: FailurePolicy): RemoteHook {
  const hook = remoteHook({ transport: { type: "http", url }, timeoutMs: 5_000, ...(failurePolicy === undefined ? {} : { failurePolicy }) });
  hooks.push(hook);
  return hook;
}

beforeAll(async () => {
  const gone = await startPolicyServer();
  downUrl = gone.url;
  await gone.close();
});

beforeEach(async () => {
  server = await startPolicyServer();
});

afterEach(async () => {
  await Promise.all(hooks.splice(0).map((hook) => hook.close()));
  await server.close();
});

describe("failurePolicy", () => {
  test("fail-closed is the default: an unreachable backend denies the call", async () => {
    const { graph, tool, reports } = graphWith([policy(downUrl)], [{ name: "lookup", args: { path: "a" } }]);
    const message = toolMessages(await graph.invoke(ask(), newThread()))[0]!;
    expect(tool("lookup").count).toBe(0);
    expect(message.additional_kwargs.hitl).toMatchObject({ decision: "deny", source: "policy_failure" });
    expect(reasonOf(message.content)).toContain(`policy backend "${new URL(downUrl).host}" failed: transport`);
    expect(findRemoteHookError(reports[0]?.error)?.failure).toBe("transport");
  });

  test("fail-open: an unreachable backend gives no decision, the tool runs, and the failure is reported as is", async () => {
    const { graph, tool, reports } = graphWith([policy(downUrl, "fail-open")], [{ name: "lookup", args: { path: "a" }, id: "o1" }]);
    const message = toolMessages(await graph.invoke(ask(), newThread()))[0]!;
    expect([tool("lookup").count, message.status]).toEqual([1, "success"]);
    expect(reports).toHaveLength(1);
    expect(isRemoteHookError(reports[0]?.error, "transport")).toBe(true);
    expect(reports[0]?.context).toEqual({ event: "PreToolUse", toolName: "lookup", toolCallId: "o1" });
  });

  test("fail-open: the other hooks still apply when the backend fails", async () => {
    const { graph, tool } = graphWith([policy(downUrl, "fail-open")], [{ name: "lookup", args: { path: "a" } }], (registry) =>
      registry.register("PreToolUse", { hooks: [() => ({ decision: "ask", reason: "local policy asks" })] }),
    );
    const config = newThread();
    expect(interruptsOf(await graph.invoke(ask(), config))).toHaveLength(1);
    expect(tool("lookup").count).toBe(0);
    const pending = await getInterrupt(graph, config);
    expect(pending?.payload.type === "tool_approval" && pending.payload.action_requests[0]?.description).toBe("local policy asks");
  });

  test("fail-open: a malformed answer is a failure, not a decision: none of its effects apply and it is reported", async () => {
    const { graph, tool, reports } = graphWith([policy(server.url, "fail-open")], [{ name: "two_decisions", args: { path: "a" } }]);
    await graph.invoke(ask(), newThread());
    expect(tool("two_decisions").count).toBe(1);
    expect(isRemoteHookError(reports[0]?.error, "protocol_rejection")).toBe(true);
  });

  test("an explicit deny denies under fail-open too: it is a decision, not a failure", async () => {
    const { graph, tool, reports } = graphWith([policy(server.url, "fail-open")], [{ name: "send_email", args: { path: "a" } }]);
    const message = toolMessages(await graph.invoke(ask(), newThread()))[0]!;
    expect(tool("send_email").count).toBe(0);
    expect(message.content).toContain("email is off today");
    expect(reports).toHaveLength(0);
  });

  test("after close(), calls fail as cancelled: denied under fail-closed, reported under fail-open", async () => {
    const closed = policy(server.url);
    const open = policy(server.url, "fail-open");
    await Promise.all([closed.close(), open.close()]);
    const first = graphWith([closed], [{ name: "lookup", args: { path: "a" } }]);
    await first.graph.invoke(ask(), newThread());
    expect(first.tool("lookup").count).toBe(0);
    expect(findRemoteHookError(first.reports[0]?.error)?.failure).toBe("cancelled");
    const second = graphWith([open], [{ name: "lookup", args: { path: "a" } }]);
    await second.graph.invoke(ask(), newThread());
    expect(second.tool("lookup").count).toBe(1);
    expect(isRemoteHookError(second.reports[0]?.error, "cancelled")).toBe(true);
    expect(server.received).toHaveLength(0);
  });
});
