import { createHash } from "node:crypto";
import { z } from "zod";
import { ApprovalToolNode, createAskUserQuestionTool, createMemoryCheckpointer, getInterrupt } from "../../src/index.js";
import { createApprovalHandler, type AuthResult } from "../../src/http/index.js";
import { PAGE_SCRIPT, PAGE_STYLE } from "../../src/http/page/assets.generated.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { serveOnLoopback } from "./server.js";

const checkpointer = createMemoryCheckpointer();
const deploy = countingTool("deploy", { schema: z.object({ path: z.string().min(1) }) });
const node = new ApprovalToolNode([deploy.tool, createAskUserQuestionTool()], { interruptOn: { deploy: true } });
const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer);

/** The app's own user record, as a careless `authenticate` might return it. */
const userRecord = { id: "u-alice", name: "Alice", email: "alice@example.com", sessionToken: "s3cr3t-session-token", roles: ["admin"] };
const tokens: Record<string, unknown> = { alice: userRecord, nobody: { name: "no id" } };
const authenticate = (request: Request): AuthResult => (tokens[request.headers.get("authorization")?.replace(/^Bearer /, "") ?? ""] ?? { status: 401 }) as AuthResult;

let base = "";
let close: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ url: base, close } = await serveOnLoopback(createApprovalHandler({ graph, authenticate, basePath: "/approvals", maxBodyBytes: 4 * 1024 * 1024 })));
});
afterAll(() => close());

function call(path: string, init: RequestInit & { token?: string } = {}) {
  const { token = "alice", ...rest } = init;
  return fetch(`${base}/approvals${path}`, { ...rest, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(rest.headers ?? {}) } });
}

async function pausedThread() {
  const config = newThread("hard");
  await graph.invoke(ask(), config);
  const pending = await getInterrupt(graph, config);
  return { threadId: config.configurable.thread_id, interruptId: pending!.interruptId };
}

function resumeWith(threadId: string, body: unknown) {
  return call(`/threads/${encodeURIComponent(threadId)}/resume`, { method: "POST", body: JSON.stringify(body) });
}

describe("bad input over HTTP gets a 4xx problem, never a 500", () => {
  test.each(["%E0%A4%A", "%", "a%zz", "%00", "a%00b"])("a thread id of %p in the path is a 400 INVALID_REQUEST naming threadId", async (raw) => {
    for (const [path, method] of [[`/threads/${raw}/interrupt`, "GET"], [`/threads/${raw}/resume`, "POST"]] as const) {
      const response = await call(path, { method, ...(method === "POST" ? { body: "{}" } : {}) });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; details: Array<{ path: string[] }> };
      expect(body.code).toBe("INVALID_REQUEST");
      expect(body.details[0]?.path).toEqual(["threadId"]);
    }
  });

  test.each([
    ["a NUL in threadId", "threadId=a%00b", "threadId"],
    ["a NUL in toolName", "toolName=de%00ploy", "toolName"],
    ["a cursor whose position is not a date", `cursor=${Buffer.from(JSON.stringify(["not-a-date", "t", "i"])).toString("base64url")}`, "cursor"],
    ["a cursor that is not one", "cursor=%00%01", "cursor"],
  ])("listing with %s is a 400 INVALID_OPTIONS naming the field", async (_label, query, field) => {
    const response = await call(`/interrupts?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; details: Array<{ path: string[] }> };
    expect(body.code).toBe("INVALID_OPTIONS");
    expect(body.details[0]?.path).toEqual([field]);
  });

  test("decisions nested 500 000 deep are a 400 INVALID_DECISION with a short detail; nothing ran", async () => {
    const { threadId, interruptId } = await pausedThread();
    const depth = 500_000;
    const body = `{"interruptId":${JSON.stringify(interruptId)},"decisions":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const response = await call(`/threads/${threadId}/resume`, { method: "POST", body });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(2_000);
    expect(JSON.parse(text)).toMatchObject({ code: "INVALID_DECISION" });
    expect(await getInterrupt(graph, { configurable: { thread_id: threadId } })).toMatchObject({ interruptId });
  });

  test("an edit whose arguments are huge is refused with a `received` cut short", async () => {
    const { threadId, interruptId } = await pausedThread();
    const response = await resumeWith(threadId, { interruptId, decisions: [{ type: "edit", updatedInput: { path: 7, blob: "x".repeat(100_000) } }] });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(5_000);
    expect(JSON.parse(text)).toMatchObject({ code: "INVALID_EDIT" });
  });
});

describe("authentication data stays out of decisions and errors", () => {
  test("authenticate() returning the app's user record: the resume succeeds with { id, name } and nothing else is echoed", async () => {
    const { threadId, interruptId } = await pausedThread();
    const response = await resumeWith(threadId, { interruptId, decisions: [{ type: "approve" }] });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ status: "completed", reviewer: { id: "u-alice", name: "Alice" } });
    expect(JSON.parse(text).reviewer).toEqual({ id: "u-alice", name: "Alice" });
    expect(text).not.toContain(userRecord.sessionToken);
    expect(text).not.toContain(userRecord.email);
  });

  test("a record without an id is a 401 that echoes nothing of it", async () => {
    const response = await call("/interrupts", { token: "nobody" });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("no id");
  });
});

describe("response headers", () => {
  test("JSON answers are nosniff and no-store; problems too; a 401 names its challenge", async () => {
    const ok = await call("/interrupts");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    for (const problem of [await call("/threads/nope/interrupt"), await call("/nowhere"), await call("/interrupts", { token: "stranger" })]) {
      expect(problem.headers.get("content-type")).toBe("application/problem+json");
      expect(problem.headers.get("x-content-type-options")).toBe("nosniff");
      expect(problem.headers.get("cache-control")).toBe("no-store");
    }
    const unauthorised = await call("/interrupts", { token: "stranger" });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  test("the page's CSP allows its own inline script and style by hash, and no other inline code", async () => {
    const page = await fetch(`${base}/approvals/`);
    // Read to the end: fetch keeps the socket of an unread body open after the server has closed.
    await page.text();
    const csp = page.headers.get("content-security-policy") ?? "";
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    expect(csp).toContain(`script-src ${hash(PAGE_SCRIPT)}`);
    expect(csp).toContain(`style-src ${hash(PAGE_STYLE)}`);
    expect(csp).not.toContain("unsafe-inline");
  });
});
