import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt, isHITLError, resume, startExpirySweeper, type ExpirySweeper, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { overdueBehindABusyThread } from "../support/busy-thread-scene.js";
import { agentGraph, ask, countingTool, failsOnceTool, newThread, toolMessages } from "../support/fixtures.js";

jest.setTimeout(30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deployGraph(checkpointer: ReturnType<typeof createMemoryCheckpointer>, expiresInMs?: number) {
  const deploy = countingTool("deploy");
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: expiresInMs === undefined ? true : { expiresInMs } } });
  return { ...agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer), deploy };
}

async function pause(graph: ReturnType<typeof deployGraph>["graph"]) {
  const config = newThread("sweep");
  await graph.invoke(ask(), config);
  const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
  return { config, pending: pending! };
}

const running: ExpirySweeper[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sweeper) => sweeper.stop()));
});

describe("the expiry sweeper on the memory checkpointer", () => {
  test("expires a due approval by itself within a tick: every call rejected as expired, nothing ran; approvals without a deadline or not yet due stay", async () => {
    const checkpointer = createMemoryCheckpointer();
    const { graph, deploy } = deployGraph(checkpointer, 400);
    const { graph: open } = deployGraph(checkpointer);
    const { graph: later } = deployGraph(checkpointer, 600_000);
    const due = await pause(graph);
    const undated = await pause(open);
    const notYet = await pause(later);
    const sweeper = startExpirySweeper({ graph, intervalMs: 200 });
    running.push(sweeper);
    const deadline = Date.parse(due.pending.payload.expires_at!);
    while ((await getInterrupt(graph, due.config)) !== undefined && Date.now() < deadline + 10_000) await sleep(20);
    const resolvedAt = Date.now();
    expect(await getInterrupt(graph, due.config)).toBeUndefined();
    expect(resolvedAt).toBeGreaterThan(deadline);
    expect(deploy.count).toBe(0);
    const [message] = toolMessages((await graph.getState(due.config)).values);
    expect(message).toMatchObject({ status: "error", additional_kwargs: { hitl: { source: "expired" } } });
    expect(await getInterrupt(open, undated.config)).toBeDefined();
    expect(await getInterrupt(later, notYet.config)).toBeDefined();
    expect(sweeper.stats()).toMatchObject({ expired: 1, failed: 0, running: true, lastRunAt: expect.any(String) });
  });

  test("a due approval whose thread a running resume holds is counted busy at once, the round goes on to the next one, and the approved tool still runs once", async () => {
    const checkpointer = createMemoryCheckpointer();
    const { deploy, onReviewer, onSweeper, held, overdue, approved } = await overdueBehindABusyThread({ reviewing: checkpointer, sweeping: checkpointer });
    const sweeper = startExpirySweeper({ graph: onSweeper, intervalMs: 3_600_000 });
    running.push(sweeper);
    // The loop's first round meets both; this one only the held thread, which it does not wait for.
    expect(await sweeper.runOnce()).toMatchObject({ expired: [], skipped: 0, busy: 1, failed: 0 });
    expect(sweeper.stats()).toMatchObject({ rounds: 2, expired: 1, busy: 2, failed: 0 });
    expect(deploy.finishes(held.configurable.thread_id)).toBe(0);
    expect(toolMessages((await onReviewer.getState(overdue)).values)[0]?.additional_kwargs?.["hitl"]).toMatchObject({ source: "expired" });

    deploy.open(held.configurable.thread_id);
    expect((await approved).status).toBe("applied");
    expect(await sweeper.runOnce()).toMatchObject({ expired: [], skipped: 0, busy: 0, failed: 0 });
    expect(deploy.starts(held.configurable.thread_id)).toBe(1);
    expect(toolMessages((await onReviewer.getState(held)).values).map((message) => message.status)).toEqual(["success"]);
  });

  test("an approval whose applying run failed after its decisions were claimed is completed by the expiry past the deadline: the approved call runs again and succeeds, nothing is expired", async () => {
    const checkpointer = createMemoryCheckpointer();
    const flaky = failsOnceTool("deploy", "deployed");
    const node = new ApprovalToolNode([flaky.tool], { interruptOn: { deploy: { expiresInMs: 300 } }, handleToolErrors: false });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer);
    const { config, pending } = await pause(graph);
    const failed = await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    await sleep(400);
    const sweeper = startExpirySweeper({ graph, intervalMs: 3_600_000 });
    running.push(sweeper);
    // The loop's first round completed it; this one finds nothing due.
    expect(await sweeper.runOnce()).toMatchObject({ expired: [], skipped: 0, busy: 0, failed: 0 });
    expect(sweeper.stats()).toMatchObject({ rounds: 2, expired: 0, skipped: 1, busy: 0, failed: 0 });
    expect(flaky.attempts).toBe(2);
    expect(toolMessages((await graph.getState(config)).values).map((message) => [message.status, message.content])).toEqual([["success", "deployed"]]);
    expect(await getInterrupt(graph, config)).toBeUndefined();
  });

  test("bounded work per round: batchSize approvals per round, the next round at once while more are due", async () => {
    const checkpointer = createMemoryCheckpointer();
    const { graph, deploy } = deployGraph(checkpointer, 100);
    for (let index = 0; index < 5; index += 1) await pause(graph);
    await sleep(200);
    const sweeper = startExpirySweeper({ graph, intervalMs: 3_600_000, batchSize: 2 });
    running.push(sweeper);
    const until = Date.now() + 10_000;
    while (sweeper.stats().expired < 5 && Date.now() < until) await sleep(20);
    // 2 + 2 + 1: three rounds, none waiting the hour between them.
    expect(sweeper.stats()).toMatchObject({ expired: 5, rounds: 3 });
    expect(deploy.count).toBe(0);
    expect((await checkpointer.listPendingInterrupts({ limit: 10 })).items).toEqual([]);
  });

  test("three sweepers on one checkpointer expire each due approval once between them", async () => {
    const checkpointer = createMemoryCheckpointer();
    const { graph } = deployGraph(checkpointer, 100);
    for (let index = 0; index < 6; index += 1) await pause(graph);
    await sleep(200);
    const sweepers = [0, 1, 2].map(() => startExpirySweeper({ graph, intervalMs: 50, batchSize: 2 }));
    running.push(...sweepers);
    const until = Date.now() + 10_000;
    while ((await checkpointer.listPendingInterrupts({ limit: 10 })).items.length > 0 && Date.now() < until) await sleep(20);
    await sleep(200);
    const stats = sweepers.map((sweeper) => sweeper.stats());
    expect(stats.reduce((sum, { expired }) => sum + expired, 0)).toBe(6);
    expect(stats.reduce((sum, { skipped }) => sum + skipped, 0)).toBe(0);
  });

  test("a resume that fails is counted, keeps its lease, and is tried again once the lease lapses", async () => {
    const checkpointer = createMemoryCheckpointer();
    const { graph } = deployGraph(checkpointer, 100);
    const due = await pause(graph);
    await sleep(200);
    let broken = true;
    const failing = new Proxy(graph, {
      get(target, property, receiver) {
        if (property === "invoke" && broken) return async () => Promise.reject(new Error("model provider down"));
        return Reflect.get(target, property, receiver);
      },
    });
    const sweeper = startExpirySweeper({ graph: failing, checkpointer, intervalMs: 50, leaseMs: 1_000 });
    running.push(sweeper);
    const until = Date.now() + 10_000;
    while (sweeper.stats().failed === 0 && Date.now() < until) await sleep(20);
    await sleep(300);
    // Leased, failed once, not retried before its lease lapses.
    expect(sweeper.stats()).toMatchObject({ failed: 1, expired: 0, lastError: { message: "model provider down" } });
    broken = false;
    while ((await getInterrupt(graph, due.config)) !== undefined && Date.now() < until) await sleep(20);
    expect(sweeper.stats()).toMatchObject({ failed: 1, expired: 1 });
  });

  test("stop() ends it after the round in progress; an aborted signal stops it too; bad options are refused", async () => {
    const checkpointer = createMemoryCheckpointer();
    const { graph } = deployGraph(checkpointer);
    const sweeper = startExpirySweeper({ graph, intervalMs: 50 });
    await sweeper.stop();
    expect(sweeper.stats().running).toBe(false);
    const controller = new AbortController();
    const signalled = startExpirySweeper({ graph, intervalMs: 50, signal: controller.signal });
    controller.abort();
    await signalled.stop();
    expect(signalled.stats().running).toBe(false);
    for (const [options, path] of [
      [{ graph, intervalMs: 0 }, ["intervalMs"]],
      [{ graph, batchSize: 5_000 }, ["batchSize"]],
      [{ graph: agentGraph(new ApprovalToolNode([countingTool("x").tool]), [], false).graph }, ["checkpointer"]],
    ] as const) {
      let caught: unknown;
      try {
        startExpirySweeper(options as never);
      } catch (error) {
        caught = error;
      }
      expect(isHITLError(caught, "INVALID_OPTIONS")).toBe(true);
      expect((caught as { details: Array<{ path: string[] }> }).details[0]!.path).toEqual(path);
    }
  });
});
