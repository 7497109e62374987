import { z } from "zod";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt } from "../../src/index.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

const deploy = countingTool("deploy", { schema: z.object({ path: z.string().min(1) }) });
const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], createMemoryCheckpointer());
const handler = createApprovalHandler({ graph, authenticate: () => ({ id: "u-alice" }) });

async function pausedThread() {
  const config = newThread("http-body");
  await graph.invoke(ask(), config);
  return { threadId: config.configurable.thread_id, interruptId: (await getInterrupt(graph, config))!.interruptId };
}

async function post(threadId: string, body: unknown) {
  const response = await handler(new Request(`http://localhost/threads/${threadId}/resume`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
  const text = await response.text();
  return { status: response.status, size: text.length, problem: JSON.parse(text) as { code: string; detail: string; details?: Array<{ path?: unknown[]; received?: unknown; allowed?: unknown; message: string }> } };
}

describe("a malformed resume body is a 400 naming each field, what was received and what is allowed", () => {
  test('"decisions": "yes" names decisions, the string received, and the array or object it must be', async () => {
    const { threadId, interruptId } = await pausedThread();
    const { status, problem } = await post(threadId, { interruptId, decisions: "yes" });
    expect(status).toBe(400);
    expect(problem.code).toBe("INVALID_REQUEST");
    expect(problem.details).toEqual([expect.objectContaining({ path: ["decisions"], received: "yes", allowed: ["array", "object"] })]);
    expect(problem.detail).toContain('`decisions`: expected an array of decisions (one per action request, in order) or an object of decisions keyed by tool_call_id, but received a string ("yes")');
    expect(problem.detail).not.toContain("Invalid input");
    expect(deploy.count).toBe(0);
  });

  const cases: Array<[string, (interruptId: string) => unknown, Array<{ path: string[]; received?: unknown; allowed: string[] }>, string]> = [
    ["a body that is not an object", () => ["approve"], [{ path: [], received: ["approve"], allowed: ["object"] }], "the body: expected a JSON object"],
    ["no interruptId", () => ({ decisions: [] }), [{ path: ["interruptId"], allowed: ["string"] }], "`interruptId`: expected the id of the pending interrupt being answered (a non-empty string), but received nothing"],
    ["an empty interruptId and a numeric answer", () => ({ interruptId: "", answer: 3 }), [{ path: ["interruptId"], received: "", allowed: ["string"] }, { path: ["answer"], received: 3, allowed: ["string", "array of strings"] }], "(+1 more; see `details`)"],
    ["answers that are an array", (id) => ({ interruptId: id, answers: ["eu"] }), [{ path: ["answers"], received: ["eu"], allowed: ["object"] }], "`answers`: expected an object of answers keyed by question text, but received an array of 1"],
    ["a comment that is a number", (id) => ({ interruptId: id, decisions: [{ type: "approve" }], comment: 5 }), [{ path: ["comment"], received: 5, allowed: ["string"] }], "`comment`: expected a string of at most 10000 characters, but received a number (5)"],
    ["unknown fields", (id) => ({ interruptId: id, decisions: [{ type: "approve" }], approve: true, why: "x" }), [{ path: ["approve"], received: ["approve", "why"], allowed: ["interruptId", "decisions", "answer", "answers", "comment"] }], "unknown fields `approve`, `why`; allowed: interruptId, decisions, answer, answers, comment"],
    ["both decisions and an answer", (id) => ({ interruptId: id, decisions: [{ type: "approve" }], answer: "eu" }), [{ path: [], received: ["decisions", "answer"], allowed: ["decisions", "answer", "answers"] }], "but the body has `decisions` and `answer`"],
    ["neither decisions nor an answer", (id) => ({ interruptId: id }), [{ path: [], received: [], allowed: ["decisions", "answer", "answers"] }], "but the body has none of them"],
  ];
  test.each(cases)("%s", async (_label, body, details, phrase) => {
    const { threadId, interruptId } = await pausedThread();
    const { status, problem } = await post(threadId, body(interruptId));
    expect(status).toBe(400);
    expect(problem.code).toBe("INVALID_REQUEST");
    expect(problem.details).toEqual(details.map((detail) => expect.objectContaining(detail)));
    expect(problem.detail).toContain(phrase);
    expect(deploy.count).toBe(0);
  });
});

describe("a 400 for a huge body stays small: it names what was sent, bounded", () => {
  test.each([
    ["50 000 unknown fields", (id: string) => ({ interruptId: id, decisions: [{ type: "approve" }], ...Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`k${index}`, 1])) }), "unknown fields `k0`, `k1`, `k2`, `k3`, `k4`, `k5`, `k6`, `k7`, `k8`, `k9` and 49990 more"],
    ["an answer of 50 000 numbers", (id: string) => ({ interruptId: id, answer: Array.from({ length: 50_000 }, () => 1) }), "but received an array of 50000"],
  ])("%s: a 400 INVALID_REQUEST of under 2 KB", async (_label, body, phrase) => {
    const { threadId, interruptId } = await pausedThread();
    const { status, problem, size } = await post(threadId, body(interruptId));
    expect(status).toBe(400);
    expect(problem.code).toBe("INVALID_REQUEST");
    expect(problem.detail).toContain(phrase);
    expect(size).toBeLessThan(2_000);
    expect(deploy.count).toBe(0);
  });
});

describe("a malformed GET /interrupts query is a 400 naming the query parameter and the text sent", () => {
  test.each([
    ["limit=abc", "limit", "abc", "the query parameter `limit` must be an integer from 1 to 1000, but received \"abc\""],
    ["limit=0", "limit", "0", "the query parameter `limit` must be an integer from 1 to 1000"],
    ["olderThan=yesterday", "olderThan", "yesterday", "the query parameter `olderThan`"],
  ])("?%s", async (query, field, sent, phrase) => {
    const response = await handler(new Request(`http://localhost/interrupts?${query}`));
    const problem = (await response.json()) as { code: string; detail: string; details: unknown[] };
    expect(response.status).toBe(400);
    expect(problem.code).toBe("INVALID_OPTIONS");
    expect(problem.details).toEqual([expect.objectContaining({ path: [field], received: sent })]);
    expect(problem.detail).toContain(phrase);
    expect(problem.detail).not.toContain("listPendingInterrupts options");
  });
});

describe("a thread nothing was checkpointed under is a 404 saying there is no such thread", () => {
  test.each([
    ["GET /threads/:id/interrupt", () => handler(new Request("http://localhost/threads/t-mistyped/interrupt"))],
    ["POST /threads/:id/resume", () => post("t-mistyped", { interruptId: "0123456789abcdef0123456789abcdef", decisions: [{ type: "approve" }] }).then((result) => new Response(JSON.stringify(result.problem), { status: result.status }))],
  ])("%s", async (_label, send) => {
    const response = await send();
    const problem = (await response.json()) as { code: string; detail: string; details: unknown[] };
    expect(response.status).toBe(404);
    expect(problem.code).toBe("NOT_FOUND");
    expect(problem.detail).toContain('No such thread: no thread "t-mistyped"');
    expect(problem.details).toEqual([expect.objectContaining({ path: ["threadId"], received: "t-mistyped" })]);
  });

  test("a thread that exists but is not paused is 404 NO_PENDING_INTERRUPT, told apart", async () => {
    const { threadId, interruptId } = await pausedThread();
    expect((await post(threadId, { interruptId, decisions: [{ type: "approve" }] })).status).toBe(200);
    const response = await handler(new Request(`http://localhost/threads/${threadId}/interrupt`));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NO_PENDING_INTERRUPT", detail: expect.stringContaining("exists but has no pending interrupt") });
  });
});
