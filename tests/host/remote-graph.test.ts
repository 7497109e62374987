/**
 * The host helpers against a graph deployed on a real LangGraph Agent Server (see
 * tests/support/deployed-agent.ts), started once for this file. What happens when the server
 * refuses, fails or loses a request, and when its hooks halt the run, is in
 * remote-graph-failures.test.ts.
 */
import { Client } from "@langchain/langgraph-sdk";
import { RemoteGraph } from "@langchain/langgraph/remote";
import { createRemoteInbox, getInterrupt, getInterrupts, isRemoteGraph, isToolApprovalInterrupt, resumeRemote, resumeStream, start, startStream, type RunInterruptResult, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { createApprovalHandler, anonymousReviewer } from "../../src/http/index.js";
import { REMOTE_SIGNING_KEY } from "../../examples/remote-server/agent.js";
import { serveOnLoopback } from "../http/server.js";
import { client, collect, executions, pausedThread, releaseGated, remote, server, toolMessagesOf, useDeployedAgent } from "../support/deployed-agent.js";

jest.setTimeout(60_000);

useDeployedAgent();

test("a RemoteGraph is recognised as one", () => {
  expect(isRemoteGraph(remote)).toBe(true);
  expect(isRemoteGraph({ getState: () => undefined, invoke: () => undefined })).toBe(false);
});

test("paused through the SDK, listed, resumed through RemoteGraph: the call runs once and the audit record names the reviewer", async () => {
  const { threadId, config } = await pausedThread();
  const before = await executions();

  const pending = (await getInterrupt(remote, config)) as RunInterruptResult<ToolApprovalInterruptPayload>;
  expect(isToolApprovalInterrupt(pending.payload)).toBe(true);
  expect(pending.payload.action_requests[0]).toMatchObject({ name: "deploy", args: { service: "billing", replicas: 2 }, arguments: { service: "billing", replicas: 2 } });
  expect(pending.payload.review_configs[0]?.args_schema).toMatchObject({ properties: { replicas: { type: "integer", minimum: 1 } } });
  expect(await getInterrupts(remote, config)).toHaveLength(1);

  const listed = await createRemoteInbox(remote).listPendingInterrupts({ limit: 1000, threadId });
  expect(listed.items.map((item) => item.interruptId)).toEqual([pending.interruptId]);

  const outcome = await resumeRemote(remote, config, [{ type: "approve" }], { interruptId: pending.interruptId, reviewer: { id: "u-ada", name: "Ada" }, comment: "ship it" });
  expect(await executions()).toBe(before + 1);
  expect(outcome.interrupt).toBeUndefined();
  const [message] = toolMessagesOf(outcome.values);
  expect(message?.content).toBe("Deployed billing with 2 replica(s).");
  expect(message?.additional_kwargs?.hitl).toMatchObject({ decision: "approve", source: "reviewer", reviewer: { id: "u-ada", name: "Ada" }, comment: "ship it" });
  expect(await getInterrupt(remote, config)).toBeUndefined();
  await expect(resumeRemote(remote, config, [{ type: "approve" }], { interruptId: pending.interruptId })).rejects.toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
  expect(await executions()).toBe(before + 1);
});

test("start() through a RemoteGraph reports the pause the server raised", async () => {
  const thread = await client.threads.create();
  const config = { configurable: { thread_id: thread.thread_id } };
  const outcome = await start(remote, { messages: [{ role: "user", content: "deploy billing" }] }, config);
  expect(outcome.interrupt?.payload).toMatchObject({ type: "tool_approval" });
  expect(outcome.interrupt?.interruptId).toBe((await getInterrupt(remote, config))?.interruptId);
  expect((outcome.values as { messages?: unknown[] }).messages).toHaveLength(2);
});

test("resumeRemote checks an edit against args_schema before sending it: nothing runs, the approval stays pending", async () => {
  const { config } = await pausedThread();
  const before = await executions();
  const pending = await getInterrupt(remote, config);
  const edit = { decisions: [{ type: "edit" as const, edited_action: { name: "deploy", args: { service: "billing", replicas: "0" } } }] };
  await expect(resumeRemote(remote, config, edit, { interruptId: pending!.interruptId })).rejects.toMatchObject({ name: "HITLError", code: "INVALID_EDIT" });
  expect(await executions()).toBe(before);
  expect((await getInterrupt(remote, config))?.interruptId).toBe(pending!.interruptId);

  const fixed = { decisions: [{ type: "edit" as const, edited_action: { name: "deploy", args: { service: "billing", replicas: "3" } } }] };
  const outcome = await resumeRemote(remote, config, fixed, { interruptId: pending!.interruptId });
  // The edited call's output, followed by the edit notice the model reads (reviewMessages.edit).
  expect(toolMessagesOf(outcome.values)[0]?.content).toBe(
    'Deployed billing with 3 replica(s).\n\nExecuted instead: deploy with arguments {"service":"billing","replicas":3}. A reviewer edited the call before it ran; do not repeat the original call.',
  );
  expect(await executions()).toBe(before + 1);
});

test("agent-chat-ui's plain Command with LangChain decisions, sent through the SDK, is applied by the node on the server", async () => {
  const { threadId } = await pausedThread();
  const before = await executions();
  const values = await client.runs.wait(threadId, server.graphId, { command: { resume: { decisions: [{ type: "reject", message: "not today" }] } } });
  expect(await executions()).toBe(before);
  const [message] = toolMessagesOf(values);
  expect(message?.status).toBe("error");
  expect(message?.additional_kwargs?.hitl).toMatchObject({ decision: "reject" });
});

test("junk sent straight to the server re-raises the approval with its error, and nothing runs", async () => {
  const { threadId, config } = await pausedThread();
  const before = await executions();
  await client.runs.wait(threadId, server.graphId, { command: { resume: [{ type: "response", args: null }] } });
  expect(await executions()).toBe(before);
  const again = await getInterrupt(remote, config);
  expect((again?.payload as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_DECISION");
});

test("a bad answer sent straight to the server is forgotten: the question waits under the same id with its error, and the next answer is the one the model gets", async () => {
  const asking = new RemoteGraph({ graphId: server.gatedAskingGraphId, client });
  const { threadId, config } = await pausedThread(server.gatedAskingGraphId);
  await releaseGated(threadId);
  const question = (await getInterrupt(asking, config))!;
  await client.runs.wait(threadId, server.gatedAskingGraphId, { command: { resume: { [question.interruptId]: { answer: 3 } } } });
  const again = (await getInterrupt(asking, config))!;
  expect([again.interruptId, (again.payload as { error?: { code: string } }).error?.code]).toEqual([question.interruptId, "INVALID_ANSWER"]);
  const outcome = await resumeRemote(asking, config, { answer: "staging" }, { interruptId: again.interruptId });
  expect(outcome.status).toBe("answered");
  expect(toolMessagesOf(outcome.values).map((message) => message.content)).toEqual(["staging", "Deployed billing with 2 replica(s)."]);
});

test("decisions keyed by 50 forged ids of 20 000 characters, sent straight to the server, re-raise a bounded error: nothing runs, the approval reads back small, and approving then runs the call once", async () => {
  const { threadId, config } = await pausedThread();
  const before = await executions();
  const pending = await getInterrupt(remote, config);
  const forged = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`${index}:${"x".repeat(20_000)}`, { type: "approve" }]));
  await client.runs.wait(threadId, server.graphId, { command: { resume: { [pending!.interruptId]: forged } } });
  expect(await executions()).toBe(before);

  const again = await getInterrupt(remote, config);
  const payload = again?.payload as ToolApprovalInterruptPayload;
  expect(payload.error?.code).toBe("INVALID_DECISION");
  // A megabyte of ids sent; what the server stores and serves back cuts each id to 200 characters and a mark saying how many more.
  expect(JSON.stringify(again).length).toBeLessThan(100_000);
  const forgedIds = (payload.error?.details ?? []).map((detail) => detail.toolCallId ?? "").filter((id) => id !== "call_1");
  expect(forgedIds).toHaveLength(50);
  for (const id of forgedIds) expect(id).toMatch(/^\d+:x+…\(19\d{3} more characters\)$/);
  expect(Math.max(...forgedIds.map((id) => id.indexOf("…")))).toBe(200);

  expect((await resumeRemote(remote, config, [{ type: "approve" }], { interruptId: again!.interruptId })).status).toBe("applied");
  expect(await executions()).toBe(before + 1);
});

test("an approval whose deadline passed is resolved as expired on the server: status \"expired\", nothing runs, the inbox of another graph never listed it", async () => {
  const expiring = new RemoteGraph({ graphId: server.expiringGraphId, client });
  const { threadId, config } = await pausedThread(server.expiringGraphId);
  const before = await executions();
  const pending = await getInterrupt(expiring, config);
  expect(pending?.payload).toHaveProperty("expires_at");
  expect((await createRemoteInbox(remote).listPendingInterrupts({ limit: 1000, threadId })).items).toEqual([]);
  await new Promise((wait) => setTimeout(wait, 80));

  expect((await resumeRemote(expiring, config, [{ type: "approve" }], { interruptId: pending!.interruptId })).status).toBe("expired");
  expect(await executions()).toBe(before);
  expect(await getInterrupt(expiring, config)).toBeUndefined();
  const [message] = toolMessagesOf((await expiring.getState(config)).values);
  expect(message?.status).toBe("error");
  expect(message?.additional_kwargs?.hitl).toMatchObject({ source: "expired" });
});

test("resumeRemote and getInterrupt on a thread the server does not know are UNKNOWN_THREAD, saying there is no such thread", async () => {
  const config = { configurable: { thread_id: "00000000-0000-4000-8000-000000000000" } };
  const expected = { code: "UNKNOWN_THREAD", message: expect.stringContaining("No such thread"), details: [expect.objectContaining({ path: ["configurable", "thread_id"], received: "00000000-0000-4000-8000-000000000000" })] };
  await expect(resumeRemote(remote, config, [{ type: "approve" }])).rejects.toMatchObject(expected);
  await expect(getInterrupt(remote, config)).rejects.toMatchObject(expected);
  // An id that is not a UUID is refused by the server with 422: the same answer.
  await expect(resumeRemote(remote, { configurable: { thread_id: "mistyped" } }, [{ type: "approve" }])).rejects.toMatchObject({ code: "UNKNOWN_THREAD" });
});

describe("createApprovalHandler fronting a RemoteGraph", () => {
  let base = "";
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ url: base, close } = await serveOnLoopback(createApprovalHandler({ graph: remote, authenticate: anonymousReviewer("u-grace", "Grace") })));
  });
  afterAll(() => close());

  test("lists, shows and resumes a deployed graph's approval", async () => {
    const { threadId } = await pausedThread();
    const before = await executions();
    const listed = (await (await fetch(`${base}/interrupts?threadId=${threadId}&limit=10`)).json()) as { items: Array<{ interruptId: string; threadId: string }> };
    expect(listed.items.map((item) => item.threadId)).toEqual([threadId]);
    const shown = (await (await fetch(`${base}/threads/${threadId}/interrupt`)).json()) as { interruptId: string };
    expect(shown.interruptId).toBe(listed.items[0]?.interruptId);

    const response = await fetch(`${base}/threads/${threadId}/resume`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ interruptId: shown.interruptId, decisions: [{ type: "approve" }] }),
    });
    const body = (await response.json()) as { status: string; outcomes: Array<{ status: string; hitl: Record<string, unknown> }> };
    expect(response.status).toBe(200);
    expect(body.status).toBe("completed");
    expect(body.outcomes).toEqual([expect.objectContaining({ status: "success", hitl: expect.objectContaining({ reviewer: { id: "u-grace", name: "Grace" } }) })]);
    expect(await executions()).toBe(before + 1);
  });

  test("three reviewers submitting one approval at once: one applied, the others told they lost (409 THREAD_BUSY while the winner runs, not 500), and the tool ran once", async () => {
    const { threadId } = await pausedThread();
    const before = await executions();
    const shown = (await (await fetch(`${base}/threads/${threadId}/interrupt`)).json()) as { interruptId: string };
    const submit = () => fetch(`${base}/threads/${threadId}/resume`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ interruptId: shown.interruptId, decisions: [{ type: "approve" }] }) });
    const responses = await Promise.all([submit(), submit(), submit()]);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ code?: string; submission?: string }>;
    const answers = responses.map((response, index) => `${response.status} ${bodies[index]?.code ?? bodies[index]?.submission}`).sort();
    expect(answers.filter((answer) => answer === "200 applied")).toHaveLength(1);
    // The others: 409 THREAD_BUSY while the winner runs, or what a submission sent after it gets; never a 500.
    const lost = ["409 THREAD_BUSY", "409 INTERRUPT_ALREADY_RESOLVED", "404 NO_PENDING_INTERRUPT", "200 superseded"];
    for (const answer of answers.filter((a) => a !== "200 applied")) expect(lost).toContain(answer);
    expect(await executions()).toBe(before + 1);
  });

  test("an Agent Server that cannot be reached is a 502 AGENT_SERVER_FAILED problem, on every route, never a 500", async () => {
    const unreachable = new RemoteGraph({ graphId: server.graphId, client: new Client({ apiUrl: "http://127.0.0.1:1", callerOptions: { maxRetries: 0 } }) });
    const { url, close: closeIt } = await serveOnLoopback(createApprovalHandler({ graph: unreachable, authenticate: anonymousReviewer("u-grace", "Grace") }));
    try {
      const threadId = "00000000-0000-4000-8000-000000000002";
      const requests = [
        fetch(`${url}/interrupts?limit=10`),
        fetch(`${url}/threads/${threadId}/interrupt`),
        fetch(`${url}/threads/${threadId}/resume`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ interruptId: "x", decisions: [{ type: "approve" }] }) }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.status).toBe(502);
        expect(await response.json()).toMatchObject({ code: "AGENT_SERVER_FAILED", title: "Bad Gateway", detail: expect.stringContaining("nothing was sent") });
      }
    } finally {
      await closeIt();
    }
  });

  test("lists nothing for a thread id that is not a UUID, and refuses a bad limit with a 400", async () => {
    const listed = await fetch(`${base}/interrupts?threadId=not-a-uuid`);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ items: [] });
    const bad = await fetch(`${base}/interrupts?limit=0`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("INVALID_OPTIONS");
  });

  test("pages through the deployed graph's pending interrupts with a cursor", async () => {
    const threads = [await pausedThread(), await pausedThread()];
    const inbox = createRemoteInbox(remote);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await inbox.listPendingInterrupts({ limit: 1, ...(cursor === undefined ? {} : { cursor }) });
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((item) => item.threadId));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(seen).toEqual(expect.arrayContaining(threads.map((thread) => thread.threadId)));
    expect(new Set(seen).size).toBe(seen.length);
  });

  test.each([
    ["an unknown thread", "00000000-0000-4000-8000-000000000000"],
    ["a thread id that is not a UUID", "not-a-uuid"],
  ])("answers 404 for %s", async (_label, threadId) => {
    const response = await fetch(`${base}/threads/${threadId}/interrupt`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });
});

describe("resumeRemote() reports what the server's node recorded", () => {
  async function pausedOn(graphId: string) {
    const thread = await client.threads.create();
    await client.runs.wait(thread.thread_id, graphId, { input: { messages: [{ role: "user", content: "deploy billing" }] } });
    const graph = new RemoteGraph({ graphId, client });
    const config = { configurable: { thread_id: thread.thread_id } };
    return { graph, config, pending: (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))! };
  }

  test("a node that refuses the signature: resumeRemote throws INVALID_SIGNATURE, nothing ran, and the right key then applies", async () => {
    const { graph, config, pending } = await pausedOn(server.signedGraphId);
    const before = await executions();
    const refused = await resumeRemote(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, signingKey: "not-the-server-key-but-long-enough" }).catch((e: unknown) => e);
    expect((refused as { code?: string }).code).toBe("INVALID_SIGNATURE");
    expect(await executions()).toBe(before);
    const again = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
    const applied = await resumeRemote(graph, config, [{ type: "approve" }], { interruptId: again.interruptId, signingKey: REMOTE_SIGNING_KEY, reviewer: { id: "ada" } });
    expect(applied.status).toBe("applied");
    expect(applied.judgment).toMatchObject({ own: true, interruptId: again.interruptId, reviewerVerified: true });
    expect(await executions()).toBe(before + 1);
  });

  test("the HTTP handler in front of a RemoteGraph answers 403 INVALID_SIGNATURE for a refusal, not 200 paused", async () => {
    const { graph, config, pending } = await pausedOn(server.signedGraphId);
    const handler = createApprovalHandler({ graph, authenticate: anonymousReviewer("ada"), signingKey: "not-the-server-key-but-long-enough" });
    const http = await serveOnLoopback(handler);
    try {
      const response = await fetch(`${http.url}/threads/${config.configurable.thread_id}/resume`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ interruptId: pending.interruptId, decisions: [{ type: "approve" }] }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "INVALID_SIGNATURE" });
    } finally {
      await http.close();
    }
  });

  test("a batch completed with another submission's decisions (its first run failed) is reported as superseded, with the run's result", async () => {
    const { graph, config, pending } = await pausedOn(server.flakyGraphId);
    const before = await executions();
    // The first submission wins the claim; its run fails in the tool.
    const first = await client.runs.wait(config.configurable.thread_id, server.flakyGraphId, { command: { resume: { [pending.interruptId]: [{ type: "approve" }] } } }).catch((e: unknown) => e);
    expect(first).toBeDefined();
    const still = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
    const result = await resumeRemote(graph, config, [{ type: "reject" }], { interruptId: still.interruptId });
    expect(result.status).toBe("superseded");
    expect(result.judgment?.own).toBe(false);
    expect(await executions()).toBe(before + 1);
  });
});

describe("streamed start and resume through a RemoteGraph", () => {
  test("startStream yields the server's updates and the pause as an __interrupt__ chunk with interruptId and digests; its outcome is start()'s", async () => {
    const thread = await client.threads.create();
    const config = { configurable: { thread_id: thread.thread_id } };
    const run = await startStream(remote, { messages: [{ role: "user", content: "deploy billing" }] }, config, { streamMode: "updates" });
    const chunks = (await collect(run)) as Array<Record<string, unknown>>;
    const outcome = await run.outcome;
    const pending = (await getInterrupt<ToolApprovalInterruptPayload>(remote, config))!;
    expect(chunks.map((chunk) => Object.keys(chunk)[0])).toEqual(["agent", "__interrupt__"]);
    expect(chunks[1]?.["__interrupt__"]).toEqual([expect.objectContaining({ id: pending.interruptId, interruptId: pending.interruptId, threadId: thread.thread_id, value: pending.payload })]);
    expect(outcome.interrupt).toEqual(pending);
    // The server keeps and serves the response_schema the node raised with.
    expect(chunks[1]?.["__interrupt__"]).toEqual([expect.objectContaining({ response_schema: expect.objectContaining({ required: ["call_1"] }) })]);
    const [task] = (await client.threads.getState(thread.thread_id)).tasks;
    expect(task?.interrupts[0]).toHaveProperty("response_schema.required", ["call_1"]);
    const plainThread = await client.threads.create();
    const plain = await start(remote, { messages: [{ role: "user", content: "deploy billing" }] }, { configurable: { thread_id: plainThread.thread_id } });
    expect((outcome.values as { messages: unknown[] }).messages).toHaveLength((plain.values as { messages: unknown[] }).messages.length);
    expect(outcome.interrupt?.payload).toEqual({ ...plain.interrupt!.payload });
  });

  test("resumeStream checks the value before sending it (INVALID_EDIT: nothing runs), then streams the resumed run and ends with resumeRemote()'s outcome", async () => {
    const streamed = await pausedThread();
    const plain = await pausedThread();
    const before = await executions();
    const pending = (await getInterrupt(remote, streamed.config))!;
    const badEdit = { decisions: [{ type: "edit" as const, edited_action: { name: "deploy", args: { service: "billing", replicas: "0" } } }] };
    await expect(resumeStream(remote, streamed.config, badEdit, { interruptId: pending.interruptId })).rejects.toMatchObject({ code: "INVALID_EDIT" });
    expect(await executions()).toBe(before);

    const run = await resumeStream(remote, streamed.config, [{ type: "approve" }], { interruptId: pending.interruptId, reviewer: { id: "u-ada" }, streamMode: ["updates"] });
    const chunks = (await collect(run)) as Array<[string, Record<string, unknown>]>;
    const outcome = await run.outcome;
    expect(chunks.map(([mode, payload]) => [mode, Object.keys(payload)[0]])).toEqual([
      ["updates", "tools"],
      ["updates", "agent"],
    ]);
    const reference = await resumeRemote(remote, plain.config, [{ type: "approve" }], { interruptId: (await getInterrupt(remote, plain.config))!.interruptId, reviewer: { id: "u-ada" } });
    expect(outcome.status).toBe("applied");
    expect([outcome.status, outcome.judgment?.own, outcome.interrupt]).toEqual([reference.status, reference.judgment?.own, reference.interrupt]);
    expect(toolMessagesOf(outcome.values).map((message) => [message.status, message.content])).toEqual(toolMessagesOf(reference.values).map((message) => [message.status, message.content]));
    expect(await executions()).toBe(before + 2);
  });
});
