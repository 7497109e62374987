import { ApprovalToolNode, HookRegistry, createMemoryCheckpointer, getInterrupt } from "../../src/index.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { serveOnLoopback } from "./server.js";

test("POST /threads/:id/resume reports each call's shadow verdicts (hitl_shadow) beside its audit record, as its ToolMessage keeps them", async () => {
  const deploy = countingTool("deploy");
  const hooks = new HookRegistry().register("PreToolUse", { name: "strict-v2", shadow: true, hooks: [() => ({ decision: "deny", reason: "v2 says no" })] });
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true }, hooks });
  const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], createMemoryCheckpointer());
  const server = await serveOnLoopback(createApprovalHandler({ graph, authenticate: () => ({ id: "u-alice" }), expirySweeper: false }));
  try {
    const config = newThread("shadow-http");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    const response = await fetch(`${server.url}/threads/${config.configurable.thread_id}/resume`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ interruptId: pending!.interruptId, decisions: [{ type: "approve" }] }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { outcomes: Array<{ tool_call_id: string; hitl: { decision: string }; hitl_shadow?: unknown }> };
    expect(deploy.count).toBe(1);
    expect(body.outcomes).toHaveLength(1);
    expect(body.outcomes[0]).toMatchObject({ tool_call_id: "d1", hitl: { decision: "approve" }, hitl_shadow: [{ hook: "strict-v2", decision: "deny", reason: "v2 says no", differs: true }] });
  } finally {
    await server.close();
  }
});

test("a call no shadow hook saw has no hitl_shadow in the answer", async () => {
  const deploy = countingTool("deploy");
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], createMemoryCheckpointer());
  const server = await serveOnLoopback(createApprovalHandler({ graph, authenticate: () => ({ id: "u-alice" }), expirySweeper: false }));
  try {
    const config = newThread("no-shadow-http");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    const response = await fetch(`${server.url}/threads/${config.configurable.thread_id}/resume`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ interruptId: pending!.interruptId, decisions: [{ type: "approve" }] }),
    });
    const body = (await response.json()) as { outcomes: Array<Record<string, unknown>> };
    expect(Object.keys(body.outcomes[0] ?? {})).not.toContain("hitl_shadow");
  } finally {
    await server.close();
  }
});
