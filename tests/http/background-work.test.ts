import { anonymousReviewer, createApprovalHandler } from "../../src/http/index.js";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt, isHITLError, type ApprovalEvent, type ApprovalsInbox } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

jest.setTimeout(30_000);

const authenticate = anonymousReviewer("dana", "Dana");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deployGraph(checkpointer = createMemoryCheckpointer(), expiresInMs?: number) {
  const deploy = countingTool("deploy");
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: expiresInMs === undefined ? true : { expiresInMs } } });
  return { ...agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer), deploy, checkpointer };
}

function refusal(run: () => unknown): { path: string[] } | undefined {
  try {
    run();
  } catch (error) {
    if (isHITLError(error, "INVALID_OPTIONS")) return { path: error.details[0]?.path?.map(String) ?? [] };
    throw error;
  }
  return undefined;
}

describe("the approval handler's background work", () => {
  test("by default it runs an expiry sweeper: a due approval expires by itself; close() stops it", async () => {
    const { graph, deploy } = deployGraph(undefined, 300);
    const handler = createApprovalHandler({ graph, authenticate, expirySweeper: { intervalMs: 100 } });
    const defaulted = createApprovalHandler({ graph, authenticate });
    try {
      expect(defaulted.sweeper?.stats().running).toBe(true);
      const config = newThread("bg");
      await graph.invoke(ask(), config);
      const until = Date.now() + 10_000;
      while ((await getInterrupt(graph, config)) !== undefined && Date.now() < until) await sleep(20);
      expect(await getInterrupt(graph, config)).toBeUndefined();
      expect(deploy.count).toBe(0);
      expect(handler.sweeper?.stats()).toMatchObject({ expired: 1, running: true });
    } finally {
      await handler.close();
      await defaulted.close();
    }
    expect(handler.sweeper?.stats().running).toBe(false);
    expect(defaulted.sweeper?.stats().running).toBe(false);
  });

  test("expirySweeper: false runs none; an inbox that is not the graph's checkpointer gets none unless asked for", () => {
    const { graph, checkpointer } = deployGraph();
    expect(createApprovalHandler({ graph, authenticate, expirySweeper: false }).sweeper).toBeUndefined();
    const inbox: ApprovalsInbox = { listPendingInterrupts: (options) => checkpointer.listPendingInterrupts(options), expirePendingInterrupts: (target) => checkpointer.expirePendingInterrupts(target) };
    expect(createApprovalHandler({ graph, authenticate, inbox }).sweeper).toBeUndefined();
    const asked = createApprovalHandler({ graph, authenticate, inbox, expirySweeper: {} });
    expect(asked.sweeper).toBeDefined();
    return asked.close();
  });

  test("notifications: the handler's notifier sends every approval's events; close() stops it", async () => {
    const { graph } = deployGraph();
    const events: ApprovalEvent[] = [];
    const handler = createApprovalHandler({ graph, authenticate, expirySweeper: false, notifications: { pollMs: 50, send: (event) => void events.push(event), link: ({ threadId }) => `/approvals#${threadId}` } });
    try {
      await handler.notifier!.ready;
      const config = newThread("bg-notify");
      await graph.invoke(ask(), config);
      const pending = await getInterrupt(graph, config);
      const response = await handler(
        new Request(`http://local/threads/${config.configurable.thread_id}/resume`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ interruptId: pending!.interruptId, decisions: [{ type: "approve" }] }),
        }),
      );
      expect(response.status).toBe(200);
      const until = Date.now() + 10_000;
      while (events.length < 2 && Date.now() < until) await sleep(20);
      expect(events.map((event) => event.type)).toEqual(["ApprovalRequested", "ApprovalResolved"]);
      expect(events[0]).toMatchObject({ link: `/approvals#${config.configurable.thread_id}` });
      expect(events[1]).toMatchObject({ outcome: "decided", reviewer: { id: "dana", name: "Dana" } });
    } finally {
      await handler.close();
    }
    expect(handler.notifier?.stats().running).toBe(false);
  });

  test("bad notification or sweeper settings, or notifications over an inbox that records nothing, are refused with INVALID_OPTIONS naming the field", () => {
    const { graph, checkpointer } = deployGraph();
    const inbox: ApprovalsInbox = { listPendingInterrupts: (options) => checkpointer.listPendingInterrupts(options), expirePendingInterrupts: (target) => checkpointer.expirePendingInterrupts(target) };
    expect(refusal(() => createApprovalHandler({ graph, authenticate, notifications: { send: "no" } as never }))).toEqual({ path: ["notifications", "send"] });
    expect(refusal(() => createApprovalHandler({ graph, authenticate, expirySweeper: { intervalMs: -1 } }))).toEqual({ path: ["expirySweeper", "intervalMs"] });
    expect(refusal(() => createApprovalHandler({ graph, authenticate, expirySweeper: "yes" as never }))).toEqual({ path: ["expirySweeper"] });
    expect(refusal(() => createApprovalHandler({ graph, authenticate, inbox, expirySweeper: false, notifications: { send: () => undefined } }))).toEqual({ path: ["notifications"] });
  });
});
