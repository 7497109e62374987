/**
 * The host helpers against a real LangGraph Agent Server (see tests/support/deployed-agent.ts)
 * when it refuses a value or a run, fails, or loses the connection, and when a hook on it halts or
 * cancels the run: every one is a typed outcome, never the SDK's own error or an HTTP 500, and
 * the approved call runs once.
 */
import { Client } from "@langchain/langgraph-sdk";
import { RemoteGraph } from "@langchain/langgraph/remote";
import { createRemoteInbox, getHaltReason, getInterrupt, isHITLError, resumeRemote, resumeStream } from "../../src/index.js";
import { createApprovalHandler, anonymousReviewer } from "../../src/http/index.js";
import { serveOnLoopback } from "../http/server.js";
import { startCuttingProxy } from "../support/cutting-proxy.js";
import { client, collect, executions, pausedThread, releaseGated, remote, server, toolMessagesOf, useDeployedAgent } from "../support/deployed-agent.js";

jest.setTimeout(60_000);

useDeployedAgent();

describe("resumeRemote refuses a value the server's checkpoint could not keep as written", () => {
  // A record naming a class LangChain cannot load: the server's checkpoint reader would fail on it.
  const UNLOADABLE = { lc: 1, type: "constructor", id: ["not_a_module", "Nope"], kwargs: {} };

  // Checked before the schema: the refusal names the record whatever else is wrong with the value.
  test("an edit whose arguments hold a LangChain serialization record: INVALID_DECISION naming the record, nothing is sent, and approving then runs the call once", async () => {
    const { config } = await pausedThread();
    const before = await executions();
    const pending = await getInterrupt(remote, config);
    const edit = [{ type: "edit" as const, updatedInput: { service: UNLOADABLE, replicas: 2 } }];
    const error = await resumeRemote(remote, config, edit as never, { interruptId: pending!.interruptId }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "HITLError", code: "INVALID_DECISION", details: [expect.objectContaining({ path: [0, "updatedInput", "service"] })] });
    expect((await getInterrupt(remote, config))?.interruptId).toBe(pending!.interruptId);
    expect((await resumeRemote(remote, config, [{ type: "approve" }], { interruptId: pending!.interruptId })).status).toBe("applied");
    expect(await executions()).toBe(before + 1);
  });

  test("past the deadline, where the value is sent for the node to judge, one is refused the same way and the approval still resolves as expired", async () => {
    const expiring = new RemoteGraph({ graphId: server.expiringGraphId, client });
    const { config } = await pausedThread(server.expiringGraphId);
    const pending = await getInterrupt(expiring, config);
    await new Promise((wait) => setTimeout(wait, 80));
    const error = await resumeRemote(expiring, config, [UNLOADABLE] as never, { interruptId: pending!.interruptId }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "HITLError", code: "INVALID_DECISION", details: [expect.objectContaining({ path: [0] })] });
    expect((await getInterrupt(expiring, config))?.interruptId).toBe(pending!.interruptId);
    expect((await resumeRemote(expiring, config, [{ type: "approve" }], { interruptId: pending!.interruptId })).status).toBe("expired");
  });
});

/**
 * How a submission that lost a race for one approval ended: refused with a code (THREAD_BUSY while
 * the winner's run is going; nothing pending once it ended), or — when it read the thread before
 * the winner's run ended and was sent after — resolved as "superseded" (the node applied the
 * winner's decisions and ran nothing for it).
 */
function lostRace(outcome: unknown): string {
  if (outcome instanceof Error) return (outcome as { code?: string }).code ?? `untyped ${outcome.name}`;
  return (outcome as { status?: string }).status ?? "unknown";
}

const LOST_RACE = ["THREAD_BUSY", "INTERRUPT_ALREADY_RESOLVED", "NO_PENDING_INTERRUPT", "superseded"];

/** Runs `work` with a RemoteGraph whose connection is cut once a run's stream starts answering (a loopback proxy). */
async function throughCutConnection(work: (cutOff: RemoteGraph) => Promise<void>): Promise<void> {
  const proxy = await startCuttingProxy(server.url, (request) => request.method === "POST" && /\/runs\/stream$/.test(request.url ?? ""));
  try {
    await work(new RemoteGraph({ graphId: server.graphId, client: new Client({ apiUrl: proxy.url }) }));
    expect(proxy.cuts()).toBe(1);
  } finally {
    await proxy.close();
  }
}

/** Waits for every run of the thread to end: the Agent Server does not cancel a run whose client went away (on_disconnect defaults to "continue"). */
async function runsEnded(threadId: string): Promise<void> {
  for (const run of await client.runs.list(threadId)) await client.runs.join(threadId, run.run_id);
}

/** Pauses a thread of `graphId` and approves it through an HTTP handler fronting `graph`, as a reviewer's page would: the handler's answer. */
async function approvedOverHttp(graph: RemoteGraph, graphId: string): Promise<Response> {
  const { url, close: closeIt } = await serveOnLoopback(createApprovalHandler({ graph, authenticate: anonymousReviewer("u-grace", "Grace") }));
  try {
    const { threadId } = await pausedThread(graphId);
    const shown = (await (await fetch(`${url}/threads/${threadId}/interrupt`)).json()) as { interruptId: string };
    return await fetch(`${url}/threads/${threadId}/resume`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ interruptId: shown.interruptId, decisions: [{ type: "approve" }] }) });
  } finally {
    await closeIt();
  }
}

describe("a hook on the server that halts the run", () => {
  test.each([
    ["ApprovalToolNode", () => server.haltingGraphId],
    ["createAgent + approvalMiddleware", () => server.middlewareHaltingGraphId],
  ])("%s: resumeRemote reports the approval applied with halted (the server's drain is not thrown), the call ran once, and getHaltReason reads the reason from the server", async (_adapter, graphId) => {
    const halting = new RemoteGraph({ graphId: graphId(), client });
    const { config } = await pausedThread(graphId());
    const before = await executions();
    const pending = await getInterrupt(halting, config);
    const outcome = await resumeRemote(halting, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect([outcome.status, outcome.halted]).toEqual(["applied", { reason: "one deploy per run", event: "PostToolUse", toolCallId: "call_1" }]);
    expect(toolMessagesOf(outcome.values).map((message) => message.status)).toEqual(["success"]);
    expect(await executions()).toBe(before + 1);
    expect(await getHaltReason(halting, config)).toEqual({ reason: "one deploy per run", event: "PostToolUse", toolCallId: "call_1", cancelled: false });
    expect(await getHaltReason(remote, (await pausedThread()).config)).toBeUndefined();
  });

  test("one that cancels it: resumeRemote throws RUN_CANCELLED with the hook's reason, the call ran once and its result is kept, and the HTTP handler answers 200 status \"cancelled\"", async () => {
    const cancelling = new RemoteGraph({ graphId: server.cancellingGraphId, client });
    const first = await pausedThread(server.cancellingGraphId);
    const before = await executions();
    const pending = await getInterrupt(cancelling, first.config);
    await expect(resumeRemote(cancelling, first.config, [{ type: "approve" }], { interruptId: pending!.interruptId })).rejects.toMatchObject({ name: "HITLError", code: "RUN_CANCELLED", message: expect.stringContaining("deploys end the run") });
    expect(toolMessagesOf((await cancelling.getState(first.config)).values).map((message) => message.status)).toEqual(["success"]);
    expect(await getHaltReason(cancelling, first.config)).toMatchObject({ reason: "deploys end the run", cancelled: true });

    const response = await approvedOverHttp(cancelling, server.cancellingGraphId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "cancelled", reason: expect.stringContaining("deploys end the run"), outcomes: [expect.objectContaining({ status: "success" })] });
    expect(await executions()).toBe(before + 2);
  });

  test("the HTTP handler in front of it answers 200 with status \"halted\", not 500", async () => {
    const response = await approvedOverHttp(new RemoteGraph({ graphId: server.haltingGraphId, client }), server.haltingGraphId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "halted", halted: { reason: "one deploy per run" }, outcomes: [expect.objectContaining({ status: "success" })] });
  });
});

describe("the Agent Server refusing or failing a request is a typed error, not the SDK's", () => {
  test("three resumeRemote() of one approval at once: one is applied, the others are told they lost (THREAD_BUSY while the winner runs), and the tool ran once", async () => {
    const { config, threadId } = await pausedThread();
    const before = await executions();
    const pending = await getInterrupt(remote, config);
    const outcomes = await Promise.all([0, 1, 2].map(() => resumeRemote(remote, config, [{ type: "approve" }], { interruptId: pending!.interruptId }).catch((e: unknown) => e)));
    const results = outcomes.map(lostRace).sort();
    expect(results.filter((result) => result === "applied")).toHaveLength(1);
    for (const result of results.filter((r) => r !== "applied")) expect(LOST_RACE).toContain(result);
    for (const error of outcomes.filter((e) => isHITLError(e, "THREAD_BUSY"))) expect(error).toMatchObject({ threadId, message: expect.stringContaining("Nothing of this submission was sent") });
    expect(await executions()).toBe(before + 1);
  });

  test("an answer to a question read before another answer's run ended and sent after it: status \"superseded\" with the other's judgment, not \"answered\"; the node kept the first answer", async () => {
    const asking = new RemoteGraph({ graphId: server.gatedAskingGraphId, client });
    const { threadId, config } = await pausedThread(server.gatedAskingGraphId);
    await releaseGated(threadId);
    const question = await getInterrupt(asking, config);
    // resumeStream reads and checks the thread now and sends at the first next().
    const late = await resumeStream(asking, config, { answer: "production" }, { interruptId: question!.interruptId, reviewer: { id: "late" } });
    const first = await resumeRemote(asking, config, { answer: "staging" }, { interruptId: question!.interruptId, reviewer: { id: "first" } });
    expect(first.status).toBe("answered");

    await collect(late);
    const outcome = await late.outcome;
    expect(outcome.status).toBe("superseded");
    expect(outcome.judgment).toMatchObject({ interruptId: question!.interruptId, own: false, reviewer: { id: "first" } });
    const [answer] = toolMessagesOf((await asking.getState(config)).values);
    expect(answer?.content).toBe("staging");
  });

  test("two replicas' expirePendingInterrupts at once over the same overdue approvals: neither pass throws, each approval is expired by exactly one of them, and nothing runs", async () => {
    const expiring = new RemoteGraph({ graphId: server.expiringGraphId, client });
    const ours = new Set<string>();
    for (let i = 0; i < 3; i++) ours.add((await pausedThread(server.expiringGraphId)).threadId);
    const before = await executions();
    await new Promise((wait) => setTimeout(wait, 80));
    const inbox = createRemoteInbox(expiring);

    const passes = await Promise.all([inbox.expirePendingInterrupts(expiring), inbox.expirePendingInterrupts(expiring)]);
    const expiredOfOurs = passes.flat().filter((entry) => ours.has(entry.threadId)).map((entry) => entry.threadId);
    expect(expiredOfOurs.sort()).toEqual([...ours].sort());
    expect(await executions()).toBe(before);
    for (const threadId of ours) expect(await getInterrupt(expiring, { configurable: { thread_id: threadId } })).toBeUndefined();
  });

  test("a thread a raw Command made unreadable (a LangChain serialization record in the resume value): getInterrupt and resumeRemote are AGENT_SERVER_FAILED naming the server's 500, and nothing runs", async () => {
    const { threadId, config } = await pausedThread();
    const before = await executions();
    const pending = await getInterrupt(remote, config);
    const unloadable = { lc: 1, type: "constructor", id: ["not_a_module", "Nope"], kwargs: {} };
    // The limit README states: any client of the server can send this, and LangGraph then fails every read of the thread.
    await client.runs.wait(threadId, server.graphId, { command: { resume: { [pending!.interruptId]: [unloadable] } } });
    const failed = { name: "HITLError", code: "AGENT_SERVER_FAILED", threadId, details: [expect.objectContaining({ path: ["graph"], received: 500 })] };
    await expect(getInterrupt(remote, config)).rejects.toMatchObject({ ...failed, message: expect.stringContaining("nothing was sent") });
    await expect(resumeRemote(remote, config, [{ type: "approve" }], { interruptId: pending!.interruptId })).rejects.toMatchObject(failed);
    expect(await executions()).toBe(before);
  });

  test("the connection cut while the resumed run streams: AGENT_SERVER_FAILED saying the outcome is unknown; the run went on on the server, the call ran once, and sending the decisions again is refused", async () => {
    const { config } = await pausedThread();
    const before = await executions();
    const pending = await getInterrupt(remote, config);
    await throughCutConnection(async (cutOff) => {
      const error = await resumeRemote(cutOff, config, [{ type: "approve" }], { interruptId: pending!.interruptId }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: "HITLError", code: "AGENT_SERVER_FAILED", details: [expect.objectContaining({ received: "connection failed" })], message: expect.stringContaining("whether the server went through with it is unknown") });
    });
    // Sent again at once: it loses to the first whether that run is still going or done.
    const again = await resumeRemote(remote, config, [{ type: "approve" }], { interruptId: pending!.interruptId }).catch((e: unknown) => e);
    expect(LOST_RACE).toContain(lostRace(again));
    await runsEnded(config.configurable.thread_id);
    await expect(resumeRemote(remote, config, [{ type: "approve" }], { interruptId: pending!.interruptId })).rejects.toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
    expect(await executions()).toBe(before + 1);
  });

  test("resumeStream through a connection cut while the run streams: the stream ends with the same AGENT_SERVER_FAILED, and the call ran once", async () => {
    const { config } = await pausedThread();
    const before = await executions();
    const pending = await getInterrupt(remote, config);
    await throughCutConnection(async (cutOff) => {
      const run = await resumeStream(cutOff, config, [{ type: "approve" }], { interruptId: pending!.interruptId, streamMode: ["updates"] });
      const failed = { name: "HITLError", code: "AGENT_SERVER_FAILED", details: [expect.objectContaining({ received: "connection failed" })] };
      await expect(collect(run)).rejects.toMatchObject(failed);
      await expect(run.outcome).rejects.toMatchObject(failed);
    });
    await runsEnded(config.configurable.thread_id);
    expect(await executions()).toBe(before + 1);
  });

  test("a server that cannot be reached: getInterrupt, resumeRemote and the inbox are AGENT_SERVER_FAILED, saying nothing was sent", async () => {
    const unreachable = new RemoteGraph({ graphId: server.graphId, client: new Client({ apiUrl: "http://127.0.0.1:1", callerOptions: { maxRetries: 0 } }) });
    const config = { configurable: { thread_id: "00000000-0000-4000-8000-000000000001" } };
    const failed = { name: "HITLError", code: "AGENT_SERVER_FAILED", message: expect.stringContaining("nothing was sent"), details: [expect.objectContaining({ received: "connection failed" })] };
    await expect(getInterrupt(unreachable, config)).rejects.toMatchObject(failed);
    await expect(resumeRemote(unreachable, config, [{ type: "approve" }])).rejects.toMatchObject(failed);
    await expect(createRemoteInbox(unreachable).listPendingInterrupts({ limit: 10 })).rejects.toMatchObject(failed);
  });
});
