import { ApprovalToolNode, HookRegistry, createMemoryCheckpointer, getInterrupt, type ApprovalToolNodeOptions } from "../../src/index.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { serveOnLoopback } from "./server.js";

/** Pauses one deploy call under `options`, approves it over HTTP, and returns the answer's outcomes and how often deploy ran. */
async function approveOverHttp(options: Omit<ApprovalToolNodeOptions, "interruptOn">) {
  const deploy = countingTool("deploy");
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true }, ...options });
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
    const body = (await response.json()) as { outcomes: Array<Record<string, unknown>> };
    return { status: response.status, outcomes: body.outcomes, runs: deploy.count };
  } finally {
    await server.close();
  }
}

test("POST /threads/:id/resume reports each call's shadow verdicts (hitl_shadow) beside its audit record, as its ToolMessage keeps them", async () => {
  const hooks = new HookRegistry().register("PreToolUse", { name: "strict-v2", shadow: true, hooks: [() => ({ decision: "deny", reason: "v2 says no" })] });
  const { status, outcomes, runs } = await approveOverHttp({ hooks });
  expect(status).toBe(200);
  expect(runs).toBe(1);
  expect(outcomes).toHaveLength(1);
  expect(outcomes[0]).toMatchObject({ tool_call_id: "d1", hitl: { decision: "approve" }, hitl_shadow: [{ hook: "strict-v2", decision: "deny", reason: "v2 says no", differs: true }] });
});

test("a call no shadow hook saw has no hitl_shadow in the answer", async () => {
  const { status, outcomes } = await approveOverHttp({});
  expect(status).toBe(200);
  expect(Object.keys(outcomes[0] ?? {})).not.toContain("hitl_shadow");
});
