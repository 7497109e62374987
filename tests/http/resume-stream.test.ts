import { AIMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt } from "../../src/index.js";
import { createApprovalHandler, type AuthResult } from "../../src/http/index.js";
import { aiCalls, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { serveOnLoopback } from "./server.js";
import { EventStreamReader } from "./sse-client.js";

const authenticate = (request: Request): AuthResult => (request.headers.get("cookie") === "session=alice" ? { id: "u-alice", name: "Alice" } : { status: 401 });

/** A latch the test opens: the graph's last node waits on it, so the run is provably still going while events arrive. */
function latch() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** model (one deploy call) → tools (deploy needs approval) → note → wrap-up (waits on the latch) → sign-off → end. */
async function served() {
  const saver = createMemoryCheckpointer();
  const deploy = countingTool("deploy");
  const gate = latch();
  let wrapped = 0;
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("agent", () => ({ messages: [aiCalls([{ name: "deploy", args: { path: "app" }, id: "d1" }])] }))
    .addNode("tools", new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }))
    .addNode("note", () => ({ messages: [new AIMessage("Noted.")] }))
    .addNode("wrap_up", async () => {
      await gate.opened;
      wrapped += 1;
      return { messages: [new AIMessage("Deployed.")] };
    })
    .addEdge(START, "agent")
    .addEdge("agent", "tools")
    .addEdge("tools", "note")
    .addNode("sign_off", () => ({ messages: [new AIMessage("Signed off.")] }))
    .addEdge("note", "wrap_up")
    .addEdge("wrap_up", "sign_off")
    .addEdge("sign_off", END)
    .compile({ checkpointer: saver });
  const handler = createApprovalHandler({ graph, authenticate, basePath: "/approvals" });
  const server = await serveOnLoopback(handler);
  const url = `${server.url}/approvals`;
  async function paused(prefix: string) {
    const config = newThread(prefix);
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt(graph, config))!;
    return { config, threadId: config.configurable.thread_id, interruptId: pending.interruptId };
  }
  function post(threadId: string, body: unknown, options: { stream?: boolean; query?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}) {
    return fetch(`${url}/threads/${threadId}/resume${options.query ?? ""}`, {
      method: "POST",
      headers: { cookie: "session=alice", "content-type": "application/json", ...(options.stream === false ? {} : { accept: "text/event-stream" }), ...options.headers },
      body: JSON.stringify(body),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  }
  return { graph, deploy, gate, get wrapped() { return wrapped; }, handler, paused, post, close: async () => (gate.open(), await handler.close(), await server.close()) };
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition never held");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("POST /threads/:threadId/resume as an event stream", () => {
  test("streams the resumed run's steps while it runs, then an outcome equal to the JSON route's answer", async () => {
    const app = await served();
    const streamed = await app.paused("resume-sse");
    const response = await app.post(streamed.threadId, { interruptId: streamed.interruptId, decisions: [{ type: "approve" }] });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = new EventStreamReader(response);
    const tools = await reader.next((event) => event.event === "updates" && "tools" in event.json);
    expect(tools.json.tools.messages[0].kwargs.tool_call_id).toBe("d1");
    // The run is still going: its last node waits on the latch.
    expect(app.wrapped).toBe(0);
    app.gate.open();
    const outcome = (await reader.next((event) => event.event === "outcome")).json;
    await reader.end();

    const twin = await app.paused("resume-json");
    const json = (await (await app.post(twin.threadId, { interruptId: twin.interruptId, decisions: [{ type: "approve" }] }, { stream: false })).json()) as Record<string, unknown>;
    const comparable = ({ threadId: _t, interruptId: _i, outcomes, judgment: { decidedAt: _jd, judgedAt: _jj, interruptId: _ji, ...judgment }, ...rest }: Record<string, any>) => ({ ...rest, judgment, outcomes: outcomes.map(({ hitl: { decidedAt: _d, submission: _s, interruptId: _hi, ...hitl }, ...call }: any) => ({ ...call, hitl })) });
    expect(comparable(outcome)).toEqual(comparable(json));
    expect(outcome).toMatchObject({ submission: "applied", status: "completed", outcomes: [{ tool_call_id: "d1", status: "success" }] });
    expect(app.deploy.count).toBe(2);
    await app.close();
  });

  test("a refused value is a 400 problem response, before anything streams; the thread stays resumable", async () => {
    const app = await served();
    const paused = await app.paused("resume-sse-refused");
    const refused = await app.post(paused.threadId, { interruptId: paused.interruptId, decisions: [{ type: "aprove" }] });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(((await refused.json()) as { code: string }).code).toBe("INVALID_DECISION");
    expect(app.deploy.count).toBe(0);
    app.gate.open();
    const later = await app.post(paused.threadId, { interruptId: paused.interruptId, decisions: [{ type: "approve" }] }, { stream: false });
    expect(((await later.json()) as { submission: string }).submission).toBe("applied");
    expect(app.deploy.count).toBe(1);
    await app.close();
  });

  test("an interrupt resolved by another submission is a 409 problem response, and nothing runs twice", async () => {
    const app = await served();
    const paused = await app.paused("resume-sse-late");
    app.gate.open();
    await app.post(paused.threadId, { interruptId: paused.interruptId, decisions: [{ type: "approve" }] }, { stream: false });
    const late = await app.post(paused.threadId, { interruptId: paused.interruptId, decisions: [{ type: "approve" }] });
    expect([late.status, ((await late.json()) as { code: string }).code]).toEqual([409, "INTERRUPT_ALREADY_RESOLVED"]);
    expect(app.deploy.count).toBe(1);
    await app.close();
  });

  test("a client that hangs up mid-run stops receiving events, and the run still goes on to its end", async () => {
    const app = await served();
    const paused = await app.paused("resume-sse-hangup");
    const hangUp = new AbortController();
    const reader = new EventStreamReader(await app.post(paused.threadId, { interruptId: paused.interruptId, decisions: [{ type: "approve" }] }, { signal: hangUp.signal }));
    await reader.next((event) => event.event === "updates" && "tools" in event.json);
    hangUp.abort();
    await reader.end();
    // Give the server time to see the socket close (a stream that stopped the run would stop it now),
    // then let the last step finish: steps after the hang-up still run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.wrapped).toBe(0);
    app.gate.open();
    await eventually(async () => (await app.graph.getState(paused.config)).next.length === 0);
    const state = await app.graph.getState(paused.config);
    expect(app.wrapped).toBe(1);
    expect(app.deploy.count).toBe(1);
    expect(toolMessages(state.values).map((message) => [message.tool_call_id, message.status])).toEqual([["d1", "success"]]);
    // A step that starts after the hang-up ran too.
    expect(state.values.messages.at(-1)?.content).toBe("Signed off.");
    await app.close();
  });

  test("?streamMode= chooses LangGraph's stream modes; one it does not have is a 400 naming the field", async () => {
    const app = await served();
    app.gate.open();
    const paused = await app.paused("resume-sse-values");
    const reader = new EventStreamReader(await app.post(paused.threadId, { interruptId: paused.interruptId, decisions: [{ type: "approve" }] }, { query: "?streamMode=values" }));
    const values = await reader.next((event) => event.event === "values");
    expect(Array.isArray(values.json.messages)).toBe(true);
    await reader.next((event) => event.event === "outcome");
    expect(reader.events.every((event) => event.event === "values" || event.event === "outcome")).toBe(true);

    const other = await app.paused("resume-sse-bad-mode");
    const bad = await app.post(other.threadId, { interruptId: other.interruptId, decisions: [{ type: "approve" }] }, { query: "?streamMode=everything" });
    const problem = (await bad.json()) as { code: string; details: Array<{ path: string[]; received: unknown }> };
    expect([bad.status, problem.code, problem.details[0]?.path, problem.details[0]?.received]).toEqual([400, "INVALID_OPTIONS", ["streamMode"], "everything"]);
    expect(app.deploy.count).toBe(1);
    await app.close();
  });

  test("another site cannot open it (403 CROSS_SITE_REQUEST), and after close() it is refused with 503 SHUTTING_DOWN", async () => {
    const app = await served();
    const paused = await app.paused("resume-sse-guarded");
    const crossSite = await app.post(paused.threadId, { interruptId: paused.interruptId, decisions: [{ type: "approve" }] }, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect([crossSite.status, ((await crossSite.json()) as { code: string }).code]).toEqual([403, "CROSS_SITE_REQUEST"]);
    await app.handler.close();
    const closed = await app.post(paused.threadId, { interruptId: paused.interruptId, decisions: [{ type: "approve" }] });
    expect([closed.status, ((await closed.json()) as { code: string }).code]).toEqual([503, "SHUTTING_DOWN"]);
    expect(app.deploy.count).toBe(0);
    await app.close();
  });
});
