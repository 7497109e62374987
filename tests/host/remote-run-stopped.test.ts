/**
 * A resumed run that another client of the Agent Server stops while the approved call runs — a
 * cancel (`runs.cancel`), or a run sent to the thread with `multitask_strategy` "interrupt" or
 * "rollback" (any client may send one). The server's `gated` graph holds the approved `deploy`
 * until the test lets it finish (see tests/support/deployed-agent.ts).
 */
import { RemoteGraph } from "@langchain/langgraph/remote";
import { getInterrupt, resumeRemote, resumeStream } from "../../src/index.js";
import { anonymousReviewer, createApprovalHandler } from "../../src/http/index.js";
import { serveOnLoopback } from "../http/server.js";
import { client, executions, gatedStarted, pausedThread, releaseGated, server, toolMessagesOf, useDeployedAgent } from "../support/deployed-agent.js";

jest.setTimeout(60_000);

useDeployedAgent();

type Stop = (threadId: string, interruptId: string) => Promise<unknown>;

async function cancelRunning(threadId: string, action: "interrupt" | "rollback"): Promise<void> {
  for (const run of await client.runs.list(threadId, { status: "running" })) await client.runs.cancel(threadId, run.run_id, false, action);
}

/** Another client's run answering the same approval (with a reject) and taking the thread over. */
function takeOver(strategy: "interrupt" | "rollback"): Stop {
  return (threadId, interruptId) =>
    client.runs.wait(threadId, server.gatedGraphId, { command: { resume: { [interruptId]: { decisions: [{ type: "reject", message: "stop it" }] } } }, multitaskStrategy: strategy });
}

const STOPS: Array<[string, Stop]> = [
  ["runs.cancel (action interrupt)", (threadId) => cancelRunning(threadId, "interrupt")],
  ["runs.cancel (action rollback)", (threadId) => cancelRunning(threadId, "rollback")],
  ["a run sent with multitask_strategy interrupt", takeOver("interrupt")],
  ["a run sent with multitask_strategy rollback", takeOver("rollback")],
];

/** Waits until the thread has no run going, and the held deploy (let go) has finished in the server's process. */
async function settled(threadId: string, deploys: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await client.runs.list(threadId, { status: "running" })).length > 0 || (await executions()) < deploys) {
    if (Date.now() > deadline) throw new Error("the thread did not settle");
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

test.each(STOPS)(
  "%s: resumeRemote throws RUN_ABORTED saying the run was stopped on the server, the approved call ran once, and the thread ends with one ToolMessage for it saying it was running",
  async (_how, stop) => {
    const gated = new RemoteGraph({ graphId: server.gatedGraphId, client });
    const { threadId, config } = await pausedThread(server.gatedGraphId);
    const before = await executions();
    const pending = await getInterrupt(gated, config);
    const reviewed = resumeRemote(gated, config, [{ type: "approve" }], { interruptId: pending!.interruptId }).catch((e: unknown) => e);
    await gatedStarted(threadId);
    await stop(threadId, pending!.interruptId).catch(() => undefined);

    expect(await reviewed).toMatchObject({ name: "HITLError", code: "RUN_ABORTED", threadId, message: expect.stringContaining("stopped on the Agent Server") });
    await releaseGated(threadId);
    await settled(threadId, before + 1);
    // A cancel leaves the approval pending: the next resume completes the batch from the committed claim.
    const left = await getInterrupt(gated, config);
    if (left !== undefined) expect((await resumeRemote(gated, config, [{ type: "reject" }], { interruptId: left.interruptId })).status).toBe("superseded");

    const messages = toolMessagesOf((await gated.getState(config)).values);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ status: "error", content: expect.stringContaining("was running when the run was stopped") });
    expect(await executions()).toBe(before + 1);
  },
);

test.each(["interrupt", "rollback"] as const)("resumeStream of a run cancelled on the server (action %s): the stream ends and its outcome rejects RUN_ABORTED, and the call ran once", async (action) => {
  const gated = new RemoteGraph({ graphId: server.gatedGraphId, client });
  const { threadId, config } = await pausedThread(server.gatedGraphId);
  const before = await executions();
  const pending = await getInterrupt(gated, config);
  const run = await resumeStream(gated, config, [{ type: "approve" }], { interruptId: pending!.interruptId, streamMode: "updates" });
  const drained = (async () => {
    for await (const _chunk of run) void _chunk;
  })().catch((e: unknown) => e);
  await gatedStarted(threadId);
  await cancelRunning(threadId, action);

  await expect(run.outcome).rejects.toMatchObject({ name: "HITLError", code: "RUN_ABORTED", threadId });
  expect(await drained).toMatchObject({ code: "RUN_ABORTED" });
  await releaseGated(threadId);
  await settled(threadId, before + 1);
  expect(await executions()).toBe(before + 1);
});

test("a question's answer whose run is cancelled on the server while the batch's call runs: resumeRemote throws RUN_ABORTED, not \"answered\", and the call ran once", async () => {
  const asking = new RemoteGraph({ graphId: server.gatedAskingGraphId, client });
  const { threadId, config } = await pausedThread(server.gatedAskingGraphId);
  const before = await executions();
  const question = await getInterrupt(asking, config);
  expect(question?.payload).toMatchObject({ type: "ask_user_question" });
  const answered = resumeRemote(asking, config, { answer: "staging" }, { interruptId: question!.interruptId }).catch((e: unknown) => e);
  await gatedStarted(threadId);
  await cancelRunning(threadId, "interrupt");

  expect(await answered).toMatchObject({ name: "HITLError", code: "RUN_ABORTED", threadId });
  await releaseGated(threadId);
  await settled(threadId, before + 1);
  expect(await executions()).toBe(before + 1);
});

test("a run that ends as it should but leaves the host no record to read (the graph's state keeps no messages) is status \"unknown\", not RUN_ABORTED", async () => {
  const summarising = new RemoteGraph({ graphId: server.summarisingGraphId, client });
  const thread = await client.threads.create();
  const config = { configurable: { thread_id: thread.thread_id } };
  await client.runs.wait(thread.thread_id, server.summarisingGraphId, { input: { request: "deploy billing" } });
  const before = await executions();
  const pending = await getInterrupt(summarising, config);
  const result = await resumeRemote(summarising, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
  expect(result.status).toBe("unknown");
  expect(result.values).toMatchObject({ summary: expect.stringContaining("Deployed billing") });
  expect(await executions()).toBe(before + 1);
});

test("an approval raised inside a deployed subgraph is read as applied once its run ends (its messages reach the parent), and a second resume is INTERRUPT_ALREADY_RESOLVED", async () => {
  const team = new RemoteGraph({ graphId: server.teamGraphId, client });
  const { config } = await pausedThread(server.teamGraphId);
  const before = await executions();
  const pending = await getInterrupt(team, config);
  expect(pending?.payload).toMatchObject({ type: "tool_approval", action_requests: [{ name: "deploy" }] });
  const result = await resumeRemote(team, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
  expect(result).toMatchObject({ status: "applied", judgment: { own: true, interruptId: pending!.interruptId } });
  await expect(resumeRemote(team, config, [{ type: "approve" }], { interruptId: pending!.interruptId })).rejects.toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
  expect(await executions()).toBe(before + 1);
});

test("the HTTP handler in front of it answers a reviewer whose run another client rolled back with 409 RUN_ABORTED, not 500", async () => {
  const gated = new RemoteGraph({ graphId: server.gatedGraphId, client });
  const { url, close } = await serveOnLoopback(createApprovalHandler({ graph: gated, authenticate: anonymousReviewer("u-grace", "Grace") }));
  try {
    const { threadId } = await pausedThread(server.gatedGraphId);
    const before = await executions();
    const shown = (await (await fetch(`${url}/threads/${threadId}/interrupt`)).json()) as { interruptId: string };
    const answered = fetch(`${url}/threads/${threadId}/resume`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ interruptId: shown.interruptId, decisions: [{ type: "approve" }] }) });
    await gatedStarted(threadId);
    await takeOver("rollback")(threadId, shown.interruptId).catch(() => undefined);
    const response = await answered;
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "RUN_ABORTED", status: 409 });
    await releaseGated(threadId);
    await settled(threadId, before + 1);
    expect(await executions()).toBe(before + 1);
  } finally {
    await close();
  }
});
