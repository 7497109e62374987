import { MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { createMemoryCheckpointer } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { overdueBehindABusyThread } from "../support/busy-thread-scene.js";
import { inFreshModules } from "../support/fresh-modules.js";
import { agentGraph, ask, countingTool, newThread, ScriptedChatModel, toolCallingScript, toolMessages } from "../support/fixtures.js";

type Library = typeof import("../../src/index.js");

/** A copy of the package as a second module instance (what a CommonJS graph and an ES module host load). */
function loadCopy(): Library {
  return inFreshModules(() => require("../../src/index.js") as Library);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("two copies of the package in one process (graph from one, host from the other)", () => {
  const graphCopy = loadCopy();
  const hostCopy = loadCopy();

  test("the copies are distinct module instances", () => {
    expect(graphCopy.ApprovalToolNode).not.toBe(hostCopy.ApprovalToolNode);
  });

  test("an approval the node expired is reported as expired by the other copy's resume(), and nothing runs", async () => {
    const deploy = countingTool("deploy");
    const node = new graphCopy.ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 100 } } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], new MemorySaver());
    const config = newThread("copies-expired");
    await graph.invoke(ask(), config);
    const pending = (await hostCopy.getInterrupt(graph, config))!;
    await sleep(200);
    const result = await hostCopy.resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, reviewer: { id: "ada" } });
    expect(result.status).toBe("expired");
    expect(deploy.count).toBe(0);
  });

  test("a reviewer signed by one copy's resume() is verified by the other copy's node", async () => {
    const deploy = countingTool("deploy");
    const node = new graphCopy.ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], new MemorySaver());
    const config = newThread("copies-verified");
    await graph.invoke(ask(), config);
    const pending = (await hostCopy.getInterrupt(graph, config))!;
    const result = await hostCopy.resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, reviewer: { id: "ada" } });
    expect(result.status).toBe("applied");
    expect(deploy.count).toBe(1);
    expect(toolMessages(result.values)[0]?.additional_kwargs["hitl"]).toMatchObject({ reviewer: { id: "ada" }, reviewerVerified: true });
  });

  // A graph built from the CommonJS build and a host using the ES module build are two module
  // instances: the load one copy's resume() hands its run must still be recognised by the other's
  // checkpointer and node, or every resume reads the thread twice.
  test("the checkpoint one copy's resume() read is the one the other copy's checkpointer serves its run: 1 getTuple, and the calls ran", async () => {
    const deploy = countingTool("deploy");
    const checkpointer = graphCopy.createMemoryCheckpointer();
    const node = new graphCopy.ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }, { name: "deploy", args: { path: "db" }, id: "d2" }], checkpointer);
    const config = newThread("copies-one-read");
    await graph.invoke(ask(), config);
    const pending = (await hostCopy.getInterrupt(graph, config))!;
    // The checkpointer's own reads: the stock MemorySaver under it (whichever copy of LangGraph that is).
    const spy = jest.spyOn(Object.getPrototypeOf(Object.getPrototypeOf(checkpointer)) as { getTuple: () => unknown }, "getTuple");
    try {
      const result = await hostCopy.resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: pending.interruptId });
      expect(result.status).toBe("applied");
      expect(spy.mock.calls.length).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(deploy.count).toBe(2);
  });

  test("the other copy's HTTP handler lists the approval and resumes it: applied, the tool run once, the reviewer verified", async () => {
    const http = inFreshModules(() => require("../../src/http/index.js") as typeof import("../../src/http/index.js"));
    const deploy = countingTool("deploy");
    const checkpointer = graphCopy.createMemoryCheckpointer();
    const node = new graphCopy.ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer);
    const config = newThread("copies-http");
    await graph.invoke(ask(), config);
    const handler = http.createApprovalHandler({ graph, authenticate: () => ({ id: "ada" }), page: false });
    const listed = (await (await handler(new Request("http://local/interrupts"))).json()) as { items: Array<{ threadId: string; interruptId: string }> };
    const mine = listed.items.find((item) => item.threadId === config.configurable.thread_id);
    expect(mine).toBeDefined();
    const response = await handler(
      new Request(`http://local/threads/${config.configurable.thread_id}/resume`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ interruptId: mine!.interruptId, decisions: [{ type: "approve" }] }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ submission: "applied", outcomes: [{ tool_call_id: "d1", status: "success" }] });
    expect(deploy.count).toBe(1);
    const state = await graph.getState(config);
    expect(toolMessages(state.values)[0]?.additional_kwargs?.["hitl"]).toMatchObject({ reviewer: { id: "ada" }, reviewerVerified: true });
  });

  test("the other copy's expiry sweeper counts an approval a running resume() of this copy holds as busy at once, expires the one beside it, and the approved tool runs once", async () => {
    const checkpointer = createMemoryCheckpointer();
    const { deploy, onReviewer, onSweeper, held, overdue, approved } = await overdueBehindABusyThread({ reviewing: checkpointer, sweeping: checkpointer });
    const sweeper = hostCopy.startExpirySweeper({ graph: onSweeper as never, checkpointer, intervalMs: 3_600_000 });
    try {
      // The loop's first round met both; this one only the held thread, which it does not wait for.
      expect(await sweeper.runOnce()).toMatchObject({ expired: [], busy: 1, failed: 0 });
      expect(sweeper.stats()).toMatchObject({ expired: 1, busy: 2, failed: 0 });
      expect(deploy.finishes(held.configurable.thread_id)).toBe(0);
      deploy.open(held.configurable.thread_id);
      expect((await approved).status).toBe("applied");
    } finally {
      await sweeper.stop();
    }
    expect(deploy.starts(held.configurable.thread_id)).toBe(1);
    expect(toolMessages((await onReviewer.getState(overdue)).values)[0]?.additional_kwargs?.["hitl"]).toMatchObject({ source: "expired" });
  });

  // The host copy loads its own @langchain/langgraph, so the Command its resume() makes is not an
  // instance of the Command class the agent's copy of langchain checks with `instanceof`.
  test.each([
    ["resume()", (config: { configurable: { thread_id: string } }, agent: unknown, interruptId: string) => hostCopy.resume(agent as never, config, [{ type: "approve" }], { interruptId })],
    ["resumeStream()", async (config: { configurable: { thread_id: string } }, agent: unknown, interruptId: string) => {
      const stream = await hostCopy.resumeStream(agent as never, config, [{ type: "approve" }], { interruptId });
      for await (const _chunk of stream) void _chunk;
      return stream.outcome;
    }],
  ])("a createAgent agent resumed by another copy's %s runs the approved tool once and reports it applied", async (_name, resumeWith) => {
    const deploy = countingTool("deploy");
    const model = new ScriptedChatModel(toolCallingScript([{ name: "deploy", args: { path: "app" }, id: "d1" }]));
    const agent = createAgent({ model, tools: [deploy.tool] as never, middleware: [approvalMiddleware({ interruptOn: { deploy: true } })], checkpointer: new MemorySaver() });
    const config = newThread("copies-agent");
    await agent.invoke(ask() as never, config);
    const pending = (await hostCopy.getInterrupt(agent as never, config))!;
    const result = await resumeWith(config, agent, pending.interruptId);
    expect(result.status).toBe("applied");
    expect(deploy.count).toBe(1);
    expect(toolMessages(result.values as never).map((message) => message.tool_call_id)).toEqual(["d1"]);
  });
});
