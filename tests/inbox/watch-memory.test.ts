import { Command } from "@langchain/langgraph";
import { createMemoryCheckpointer, isHITLError, resume } from "../../src/index.js";
import { ChangeReader, deployAgent, isGoneOn, isRaisedOn, pause } from "./watch-support.js";

describe("watchPendingInterrupts on the memory checkpointer", () => {
  test("starts with a snapshot of what is pending, then reports a pause, a resolve and an expiry as they happen", async () => {
    const saver = createMemoryCheckpointer();
    const { graph, deploy } = deployAgent(saver);
    const before = await pause(graph);
    const controller = new AbortController();
    const reader = new ChangeReader(saver.watchPendingInterrupts({ signal: controller.signal }));
    const snapshot = await reader.next();
    expect(snapshot).toMatchObject({ type: "snapshot", truncated: false, items: [{ threadId: before.threadId, interruptId: before.interruptId }] });

    const later = await pause(graph);
    const raised = await reader.next(isRaisedOn(later.threadId));
    expect(raised).toMatchObject({ interrupt: { interruptId: later.interruptId, payload: { type: "tool_approval" } } });

    await resume(graph, later.config, [{ type: "approve" }], { interruptId: later.interruptId });
    expect(await reader.next(isGoneOn("resolved", later.threadId))).toEqual({ type: "resolved", threadId: later.threadId, interruptId: later.interruptId });
    expect(deploy.count).toBe(1);

    const { graph: bounded } = deployAgent(saver, 150);
    const expiring = await pause(bounded, "expiring");
    await reader.next(isRaisedOn(expiring.threadId));
    await new Promise((resolve) => setTimeout(resolve, 250));
    await saver.expirePendingInterrupts(bounded);
    expect(await reader.next(isGoneOn("expired", expiring.threadId))).toMatchObject({ interruptId: expiring.interruptId, expiresAt: expect.any(String) });

    controller.abort();
    await reader.end();
  });

  test("a refused answer raises the approval again with its error, reported as raised with the new payload", async () => {
    const saver = createMemoryCheckpointer();
    const { graph } = deployAgent(saver);
    const reader = new ChangeReader(saver.watchPendingInterrupts());
    await reader.next();
    const paused = await pause(graph);
    await reader.next(isRaisedOn(paused.threadId));
    await graph.invoke(new Command({ resume: { [paused.interruptId]: [{ type: "maybe" }] } }), paused.config);
    const again = await reader.next(isRaisedOn(paused.threadId));
    expect(again).toMatchObject({ interrupt: { payload: { error: { code: "INVALID_DECISION" } } } });
  });

  test("deleting a thread reports its approval as resolved", async () => {
    const saver = createMemoryCheckpointer();
    const { graph } = deployAgent(saver);
    const paused = await pause(graph);
    const reader = new ChangeReader(saver.watchPendingInterrupts());
    await reader.next();
    await saver.deleteThread(paused.threadId);
    await reader.next(isGoneOn("resolved", paused.threadId));
  });

  test("break ends the watch and an already aborted signal yields nothing", async () => {
    const saver = createMemoryCheckpointer();
    for await (const change of saver.watchPendingInterrupts()) {
      expect(change.type).toBe("snapshot");
      break;
    }
    const controller = new AbortController();
    controller.abort();
    const changes = [];
    for await (const change of saver.watchPendingInterrupts({ signal: controller.signal })) changes.push(change);
    expect(changes).toEqual([]);
  });

  test("snapshotLimit caps the snapshot and says it is truncated", async () => {
    const saver = createMemoryCheckpointer();
    const { graph } = deployAgent(saver);
    await pause(graph);
    await pause(graph);
    const iterator = saver.watchPendingInterrupts({ snapshotLimit: 1 });
    const { value } = await iterator.next();
    expect(value).toMatchObject({ type: "snapshot", truncated: true, items: [expect.anything()] });
    await iterator.return();
  });

  test.each([
    ["snapshotLimit 0", { snapshotLimit: 0 }],
    ["a fractional snapshotLimit", { snapshotLimit: 1.5 }],
    ["a signal that is not an AbortSignal", { signal: "stop" as unknown as AbortSignal }],
  ])("refuses %s with INVALID_OPTIONS at once", (_label, options) => {
    const saver = createMemoryCheckpointer();
    const thrown = (() => {
      try {
        saver.watchPendingInterrupts(options);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(isHITLError(thrown, "INVALID_OPTIONS")).toBe(true);
  });
});
