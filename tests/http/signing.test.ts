import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt } from "../../src/index.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { serveOnLoopback } from "./server.js";

const KEY = "shared-secret-between-node-and-host";

async function pausedBehind(handlerKey: string) {
  const deploy = countingTool("deploy");
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true }, signingKey: KEY });
  const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], createMemoryCheckpointer());
  const config = newThread("signed");
  await graph.invoke(ask(), config);
  const pending = (await getInterrupt(graph, config))!;
  const server = await serveOnLoopback(createApprovalHandler({ graph, authenticate: () => ({ id: "u-ada", name: "Ada" }), signingKey: handlerKey }));
  const response = await fetch(`${server.url}/threads/${config.configurable.thread_id}/resume`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ interruptId: pending.interruptId, decisions: [{ type: "approve" }] }),
  });
  await server.close();
  return { response, deploy, graph, config };
}

describe("the approval handler signs what it submits", () => {
  test("with the node's signingKey the decision is applied and the reviewer recorded as verified", async () => {
    const { response, deploy } = await pausedBehind(KEY);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { outcomes: Array<{ hitl: Record<string, unknown> }> };
    expect(body.outcomes[0]?.hitl).toMatchObject({ reviewer: { id: "u-ada" }, reviewerVerified: true });
    expect(deploy.count).toBe(1);
  });

  test("with another key the node refuses it: 403 INVALID_SIGNATURE, nothing ran, the approval is pending again", async () => {
    const { response, deploy, graph, config } = await pausedBehind("a-different-secret-of-the-host!");
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "INVALID_SIGNATURE" });
    expect(deploy.count).toBe(0);
    expect(await getInterrupt(graph, config)).toBeDefined();
  });

  test("a signing key that is too short is refused at construction with INVALID_OPTIONS naming signingKey, and the error never contains the key", () => {
    const graph = agentGraph(new ApprovalToolNode([countingTool("deploy").tool], { interruptOn: { deploy: true } }), [], createMemoryCheckpointer()).graph;
    const secret = "hunter2";
    let thrown: unknown;
    try {
      createApprovalHandler({ graph, authenticate: () => ({ id: "u" }), signingKey: secret });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: "INVALID_OPTIONS", details: [{ path: ["signingKey"] }] });
    expect(JSON.stringify({ message: (thrown as Error).message, details: (thrown as { details?: unknown }).details })).not.toContain(secret);
  });
});
