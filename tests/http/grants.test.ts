import { createMemoryCheckpointer, getInterrupt, listGrants } from "../../src/index.js";
import { createApprovalHandler, type AuthResult } from "../../src/http/index.js";
import { turnAgent } from "../behaviour/grant-agents.js";
import { nodeAdapter } from "../behaviour/harness.js";
import { ask, countingTool, newThread } from "../support/fixtures.js";
import { serveOnLoopback } from "./server.js";

const checkpointer = createMemoryCheckpointer();
const deploy = countingTool("deploy");
const turns = [[{ name: "deploy", args: { path: "app" } }], [{ name: "deploy", args: { path: "app" } }], [{ name: "deploy", args: { path: "app" } }]];
const { graph } = turnAgent(nodeAdapter, [deploy.tool], { interruptOn: { deploy: true }, grants: { maxDurationMs: 3_600_000 } }, turns, checkpointer);

const tokens: Record<string, AuthResult> = { alice: { id: "u-alice", name: "Alice" }, bob: { id: "u-bob" } };
const authenticate = (request: Request): AuthResult => tokens[request.headers.get("authorization")?.replace(/^Bearer /, "") ?? ""] ?? { status: 401 };

let base = "";
let close: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ url: base, close } = await serveOnLoopback(createApprovalHandler({ graph, authenticate, basePath: "/approvals" })));
});
afterAll(() => close());

function call(path: string, init: RequestInit & { token?: string } = {}) {
  const { token = "alice", ...rest } = init;
  return fetch(`${base}/approvals${path}`, { ...rest, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(rest.headers ?? {}) } });
}

/** A thread whose first batch was approved over HTTP with a one-hour thread grant. */
async function grantedThread() {
  const config = newThread("http-grant");
  await graph.invoke(ask(), config);
  const pending = (await getInterrupt(graph, config))!;
  const threadId = config.configurable.thread_id;
  const response = await call(`/threads/${threadId}/resume`, {
    method: "POST",
    body: JSON.stringify({ interruptId: pending.interruptId, decisions: { turn0_0: { type: "approve", grant: { scope: "thread", match: { kind: "tool" }, expiresInMs: 3_600_000 } } } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { outcomes: Array<{ hitl: { createdGrantId?: string } }> };
  return { config, threadId, grantId: body.outcomes[0]!.hitl.createdGrantId! };
}

describe("standing grants over HTTP", () => {
  test("a grant made through the resume route is made by the authenticated (verified) reviewer; GET /grants lists it", async () => {
    const { threadId, grantId } = await grantedThread();
    const listed = await call(`/grants?threadId=${encodeURIComponent(threadId)}`);
    expect(listed.status).toBe(200);
    const page = (await listed.json()) as { items: Array<Record<string, unknown>> };
    expect(page.items).toEqual([expect.objectContaining({ id: grantId, toolName: "deploy", reviewer: { id: "u-alice", name: "Alice" }, reviewerVerified: true, status: "active", expiresAt: expect.any(String) })]);
  });

  test("POST /grants/:id/revoke revokes it (recording who did), the next batch asks again; unknown ids are 404, other methods 405", async () => {
    const { config, grantId } = await grantedThread();
    await graph.invoke(ask("again"), config);
    expect(await getInterrupt(graph, config)).toBeUndefined();
    const revoked = await call(`/grants/${grantId}/revoke`, { method: "POST", token: "bob" });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id: grantId, status: "revoked", revokedBy: { id: "u-bob" } });
    await graph.invoke(ask("and again"), config);
    expect(await getInterrupt(graph, config)).toBeDefined();
    expect(await (await call("/grants/no-such-grant/revoke", { method: "POST" })).json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect((await call(`/grants/${grantId}/revoke`)).status).toBe(405);
    expect((await call("/grants", { method: "POST", body: "{}" })).status).toBe(405);
  });

  test.each([
    ["a limit that is not a number", "/grants?limit=abc", "INVALID_OPTIONS"],
    ["threadId together with scope", "/grants?threadId=t&scope=user", "INVALID_OPTIONS"],
    ["a cursor listGrants did not make", "/grants?cursor=bogus", "INVALID_OPTIONS"],
    ["includeInactive that is not a boolean", "/grants?includeInactive=maybe", "INVALID_REQUEST"],
  ])("GET /grants with %s is a 400 problem", async (_label, path, code) => {
    const response = await call(path);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ code });
  });

  test.each([
    ["an id that is not valid percent-encoding", "/grants/%E0%A4%A/revoke", "INVALID_REQUEST"],
    ["an id longer than any grant's", `/grants/${"g".repeat(201)}/revoke`, "INVALID_OPTIONS"],
    ["an id with a NUL character", "/grants/a%00b/revoke", "INVALID_OPTIONS"],
  ])("POST /grants/:id/revoke with %s is a 400 problem, never a 500", async (_label, path, code) => {
    const response = await call(path, { method: "POST" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code, details: [expect.objectContaining({ path: ["grantId"] })] });
  });

  test("the grants routes need authentication, and a revoke from another origin is refused before authenticate runs", async () => {
    const { grantId } = await grantedThread();
    expect((await call("/grants", { token: "nobody" })).status).toBe(401);
    const crossSite = await call(`/grants/${grantId}/revoke`, { method: "POST", headers: { origin: "http://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: "CROSS_SITE_REQUEST" });
    expect((await listGrants(checkpointer, { limit: 100 })).items.find((grant) => grant.id === grantId)?.status).toBe("active");
  });

  test("a grant the approval does not allow is a 400 with details on the call, and nothing runs", async () => {
    const config = newThread("http-refused");
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt(graph, config))!;
    const before = deploy.count;
    const response = await call(`/threads/${config.configurable.thread_id}/resume`, {
      method: "POST",
      body: JSON.stringify({ interruptId: pending.interruptId, decisions: { turn0_0: { type: "approve", grant: { scope: "thread" } } } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "INVALID_DECISION", details: [{ toolCallId: "turn0_0", path: ["grant", "expiresInMs"] }] });
    expect(deploy.count).toBe(before);
  });
});
