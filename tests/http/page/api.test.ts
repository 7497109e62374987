import { z } from "zod";
import { createInboxApi } from "../../../src/http/page/logic/api.js";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt } from "../../../src/index.js";
import { createApprovalHandler } from "../../../src/http/index.js";
import { agentGraph, ask, countingTool, newThread } from "../../support/fixtures.js";
import { serveOnLoopback } from "../server.js";

const deploy = countingTool("deploy", { schema: z.object({ path: z.string().min(1) }) });
const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], createMemoryCheckpointer());

let base = "";
let close: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ url: base, close } = await serveOnLoopback(createApprovalHandler({ graph, authenticate: () => ({ id: "u-1", name: "Ann" }), basePath: "/approvals" })));
});
afterAll(() => close());

async function paused(): Promise<{ threadId: string; interruptId: string }> {
  const config = newThread("page-api");
  await graph.invoke(ask(), config);
  return { threadId: config.configurable.thread_id, interruptId: (await getInterrupt(graph, config))!.interruptId };
}

describe("the page's API client against the real handler", () => {
  test("listPending follows nextCursor across pages, up to maxItems", async () => {
    const threads = [await paused(), await paused(), await paused()];
    const api = createInboxApi(`${base}/approvals`);
    const all = await api.listPending();
    expect(all.ok && all.value.items.map((item) => item.threadId)).toEqual(expect.arrayContaining(threads.map((thread) => thread.threadId)));
    const capped = await api.listPending(2);
    expect(capped.ok && [capped.value.items.length, capped.value.truncated]).toEqual([2, true]);
  });

  test("threadInterrupt reads one thread; resume returns the reviewer and outcomes; a second resume is a 409 problem", async () => {
    const { threadId, interruptId } = await paused();
    const api = createInboxApi(`${base}/approvals`);
    expect(await api.threadInterrupt(threadId)).toMatchObject({ ok: true, value: { interruptId, payload: { type: "tool_approval" } } });
    const resumed = await api.resume(threadId, { interruptId, decisions: { d1: { type: "approve" } } });
    expect(resumed).toMatchObject({ ok: true, value: { status: "completed", reviewer: { id: "u-1", name: "Ann" }, outcomes: [{ tool_call_id: "d1", status: "success" }] } });
    expect(await api.resume(threadId, { interruptId, decisions: { d1: { type: "approve" } } })).toMatchObject({ ok: false, problem: { status: 409, code: "INTERRUPT_ALREADY_RESOLVED" } });
  });

  test("thread ids are sent encoded, so ids with slashes, spaces and ? reach their thread", async () => {
    const threadId = `ops team/ticket 7?x=${Date.now()}`;
    await graph.invoke(ask(), { configurable: { thread_id: threadId } });
    const api = createInboxApi(`${base}/approvals`);
    expect(await api.threadInterrupt(threadId)).toMatchObject({ ok: true, value: { threadId, payload: { type: "tool_approval" } } });
  });

  test("an unreachable server is a NETWORK problem, never a throw", async () => {
    const api = createInboxApi("http://127.0.0.1:9/approvals");
    expect(await api.listPending()).toMatchObject({ ok: false, problem: { status: 0, code: "NETWORK" } });
  });

  test("a non-JSON error response becomes an INTERNAL problem with its status", async () => {
    const api = createInboxApi("", async () => new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    expect(await api.listPending()).toEqual({ ok: false, problem: { status: 502, code: "INTERNAL", detail: "Bad Gateway" } });
  });
});
