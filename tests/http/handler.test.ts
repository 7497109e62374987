import { END, MessagesAnnotation, START, StateGraph, interrupt } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, createAskUserQuestionTool, createMemoryCheckpointer, getInterrupt } from "../../src/index.js";
import { createApprovalHandler, type AuthResult } from "../../src/http/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { serveOnLoopback } from "./server.js";

const checkpointer = createMemoryCheckpointer();
const deploy = countingTool("deploy", { schema: z.object({ path: z.string().min(1) }) });
const node = new ApprovalToolNode([deploy.tool, createAskUserQuestionTool()], { interruptOn: { deploy: { allowedDecisions: ["approve", "edit", "reject"] } } });
const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer);
const questionAgent = agentGraph(new ApprovalToolNode([createAskUserQuestionTool()]), [{ name: "ask_user_question", args: { question: "Which region?" }, id: "q1" }], checkpointer);

const tokens: Record<string, AuthResult> = { alice: { id: "u-alice", name: "Alice" }, mallory: { status: 403, message: "not a reviewer" } };
const authenticate = (request: Request): AuthResult => tokens[request.headers.get("authorization")?.replace(/^Bearer /, "") ?? ""] ?? { status: 401 };

let base = "";
let close: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ url: base, close } = await serveOnLoopback(createApprovalHandler({ graph, authenticate, basePath: "/approvals", maxBodyBytes: 2_000, expirySweeper: false })));
});
afterAll(() => close());

function call(path: string, init: RequestInit & { token?: string } = {}) {
  const { token = "alice", ...rest } = init;
  return fetch(`${base}/approvals${path}`, { ...rest, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(rest.headers ?? {}) } });
}

async function pausedThread() {
  const config = newThread("http");
  await graph.invoke(ask(), config);
  const pending = await getInterrupt(graph, config);
  return { threadId: config.configurable.thread_id, interruptId: pending!.interruptId };
}

describe("the approval handler over HTTP", () => {
  test("GET /interrupts lists pending approvals, paginated", async () => {
    const first = await pausedThread();
    const second = await pausedThread();
    const page = await call("/interrupts?limit=1");
    expect(page.status).toBe(200);
    const body = (await page.json()) as { items: Array<{ threadId: string }>; nextCursor?: string };
    expect(body.items).toHaveLength(1);
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const next = (await (await call(`/interrupts?limit=1${cursor ? `&cursor=${cursor}` : ""}`)).json()) as typeof body;
      all.push(...next.items.map((item) => item.threadId));
      cursor = next.nextCursor;
    } while (cursor);
    expect(all).toEqual(expect.arrayContaining([first.threadId, second.threadId]));
  });

  test("GET /threads/:id/interrupt returns the pending interrupt, and 404 for an unknown thread", async () => {
    const { threadId, interruptId } = await pausedThread();
    const found = await call(`/threads/${threadId}/interrupt`);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ interruptId, threadId, payload: { type: "tool_approval" } });
    const missing = await call("/threads/nope/interrupt");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    expect(await missing.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  test.each(["constructor", "__proto__", "prototype"])("404 NOT_FOUND, never a 500, for thread %s, an id the in-memory checkpointer refuses to store under", async (threadId) => {
    const read = await call(`/threads/${threadId}/interrupt`);
    expect([read.status, (await read.json()).code]).toEqual([404, "NOT_FOUND"]);
    const resumed = await call(`/threads/${threadId}/resume`, { method: "POST", body: JSON.stringify({ interruptId: "0123456789abcdef0123456789abcdef", decisions: [{ type: "approve" }] }) });
    expect([resumed.status, (await resumed.json()).code]).toEqual([404, "NOT_FOUND"]);
  });

  test("POST /threads/:id/resume applies the decisions and records the authenticated reviewer, never one from the body", async () => {
    const { threadId, interruptId } = await pausedThread();
    const before = deploy.count;
    const response = await call(`/threads/${threadId}/resume`, { method: "POST", body: JSON.stringify({ interruptId, decisions: [{ type: "approve" }], comment: "lgtm" }) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; outcomes: Array<{ hitl: { reviewer: unknown; comment: string } }> };
    expect(body.status).toBe("completed");
    expect(body.outcomes[0]?.hitl).toMatchObject({ reviewer: { id: "u-alice", name: "Alice" }, comment: "lgtm" });
    expect(deploy.count).toBe(before + 1);

    const { threadId: other, interruptId: otherId } = await pausedThread();
    const forged = await call(`/threads/${other}/resume`, { method: "POST", body: JSON.stringify({ interruptId: otherId, decisions: [{ type: "approve" }], reviewer: { id: "ceo" } }) });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: "INVALID_REQUEST" });
  });

  test("answers a question through the same route", async () => {
    const config = newThread("http-q");
    await questionAgent.graph.invoke(ask(), config);
    const pending = await getInterrupt(questionAgent.graph, config);
    const response = await call(`/threads/${config.configurable.thread_id}/resume`, { method: "POST", body: JSON.stringify({ interruptId: pending!.interruptId, answer: "eu" }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { outcomes: Array<{ content: string }> }).outcomes[0]?.content).toBe("eu");
  });

  test.each([
    ["a disallowed decision", 400, "INVALID_DECISION", { decisions: [{ type: "respond", responseText: "x" }] }],
    ["an edit that fails the schema", 400, "INVALID_EDIT", { decisions: [{ type: "edit", updatedInput: { path: "" } }] }],
    ["neither decisions nor an answer", 400, "INVALID_REQUEST", {}],
  ])("%s → %i %s, and nothing runs", async (_label, status, code, extra) => {
    const { threadId, interruptId } = await pausedThread();
    const before = deploy.count;
    const response = await call(`/threads/${threadId}/resume`, { method: "POST", body: JSON.stringify({ interruptId, ...extra }) });
    expect(response.status).toBe(status);
    const body = (await response.json()) as { code: string; details?: Array<{ toolCallId?: string }> };
    expect(body.code).toBe(code);
    if (code !== "INVALID_REQUEST") expect(body.details?.[0]?.toolCallId).toBe("d1");
    expect(deploy.count).toBe(before);
  });

  test("an edit holding an object a checkpoint would revive (a LangChain serialization record) → 400 INVALID_DECISION naming where; nothing runs and the pause stays readable", async () => {
    const { threadId, interruptId } = await pausedThread();
    const before = deploy.count;
    const record = { lc: 1, type: "constructor", id: ["not_a_module", "Nope"], kwargs: {} };
    const response = await call(`/threads/${threadId}/resume`, { method: "POST", body: JSON.stringify({ interruptId, decisions: [{ type: "edit", updatedInput: { path: record } }] }) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; details?: Array<{ path?: unknown[] }> };
    expect(body.code).toBe("INVALID_DECISION");
    expect(body.details?.[0]?.path).toEqual(expect.arrayContaining(["updatedInput", "path"]));
    expect(deploy.count).toBe(before);
    expect((await getInterrupt(graph, { configurable: { thread_id: threadId } }))?.interruptId).toBe(interruptId);
  });

  test("401 without credentials, 403 for a refused reviewer", async () => {
    expect((await call("/interrupts", { token: "" })).status).toBe(401);
    const forbidden = await call("/interrupts", { token: "mallory" });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: "FORBIDDEN", detail: "not a reviewer" });
  });

  test("404 for an unknown thread, 409 for a resolved or mismatched interrupt, 413 for a large body, 415 for non-JSON", async () => {
    expect((await call("/threads/ghost/resume", { method: "POST", body: JSON.stringify({ interruptId: "x", decisions: [] }) })).status).toBe(404);
    const { threadId, interruptId } = await pausedThread();
    await call(`/threads/${threadId}/resume`, { method: "POST", body: JSON.stringify({ interruptId, decisions: [{ type: "reject" }] }) });
    const again = await call(`/threads/${threadId}/resume`, { method: "POST", body: JSON.stringify({ interruptId, decisions: [{ type: "approve" }] }) });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
    const big = await call(`/threads/${threadId}/resume`, { method: "POST", body: JSON.stringify({ interruptId, comment: "x".repeat(5_000), decisions: [] }) });
    expect(big.status).toBe(413);
    const text = await call(`/threads/${threadId}/resume`, { method: "POST", body: "approve", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
  });

  test("an interruptId the thread never raised answers 404 UNKNOWN_INTERRUPT and applies nothing", async () => {
    const { threadId, interruptId } = await pausedThread();
    const before = deploy.count;
    const wrong = await call(`/threads/${threadId}/resume`, { method: "POST", body: JSON.stringify({ interruptId: "d1", decisions: [{ type: "approve" }] }) });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ code: "UNKNOWN_INTERRUPT", details: [{ path: ["interruptId"], received: "d1", allowed: [interruptId] }] });
    expect(deploy.count).toBe(before);
  });

  test("a double click: two concurrent resumes give one 200 and one 409, and the tool runs once", async () => {
    const { threadId, interruptId } = await pausedThread();
    const before = deploy.count;
    const body = JSON.stringify({ interruptId, decisions: [{ type: "approve" }] });
    const responses = await Promise.all([1, 2].map(() => call(`/threads/${threadId}/resume`, { method: "POST", body })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(deploy.count).toBe(before + 1);
  });

  test("200 with submission \"expired\" for an approval whose deadline passed; its call is rejected as expired", async () => {
    const expiring = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 50 } } }), [{ name: "deploy", args: { path: "x" }, id: "d9" }], checkpointer);
    // No sweeper: this test is about a decision that arrives late, before anything expired the approval.
    const handler = createApprovalHandler({ graph: expiring.graph, authenticate, expirySweeper: false });
    const config = newThread("http-exp");
    await expiring.graph.invoke(ask(), config);
    const pending = await getInterrupt(expiring.graph, config);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const before = deploy.count;
    const response = await handler(
      new Request(`http://local/threads/${config.configurable.thread_id}/resume`, {
        method: "POST",
        headers: { authorization: "Bearer alice", "content-type": "application/json" },
        body: JSON.stringify({ interruptId: pending!.interruptId, decisions: [{ type: "approve" }] }),
      }),
    );
    // The node judged the deadline passed: the run went on with every call rejected as expired.
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ submission: "expired", judgment: { own: true, expired: true } });
    expect(deploy.count).toBe(before);
  });

  test("422 UNSUPPORTED_INTERRUPT for an interrupt this library did not raise", async () => {
    const custom = new StateGraph(MessagesAnnotation)
      .addNode("confirm", () => {
        interrupt({ custom: "are you sure?" });
        return {};
      })
      .addEdge(START, "confirm")
      .addEdge("confirm", END)
      .compile({ checkpointer });
    const handler = createApprovalHandler({ graph: custom, authenticate });
    const config = newThread("http-custom");
    await custom.invoke({ messages: [] }, config);
    const pending = await getInterrupt(custom, config);
    const response = await handler(
      new Request(`http://local/threads/${config.configurable.thread_id}/resume`, {
        method: "POST",
        headers: { authorization: "Bearer alice", "content-type": "application/json" },
        body: JSON.stringify({ interruptId: pending!.interruptId, answer: "yes" }),
      }),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: "UNSUPPORTED_INTERRUPT",
      // Named for every way of resuming, not resume() alone; the details name what was found and what is taken.
      detail: expect.stringContaining("resume(), resumeRemote(), resumeStream(), the HTTP handler"),
      details: [{ path: ["payload", "type"], received: { custom: "are you sure?" }, allowed: ["tool_approval", "ask_user_question"] }],
    });
  });

  test("405 for a wrong method, 404 for an unknown route", async () => {
    const wrong = await call("/interrupts", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
    expect((await call("/nothing-here")).status).toBe(404);
  });
});
