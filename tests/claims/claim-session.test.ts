import { ToolMessage } from "@langchain/core/messages";
import { emptyCheckpoint, MemorySaver, uuid6 } from "@langchain/langgraph-checkpoint";
import { isHITLError } from "../../src/index.js";
import { MemoryClaimStore, openClaim, type ClaimContext, type ProposedReview } from "../../src/claims/index.js";

const review: ProposedReview = {
  decisions: { c1: { type: "approve" } },
  verdicts: { c1: { kind: "run", args: {}, decision: "approve" } },
  decidedAt: new Date(0).toISOString(),
  reviewerVerified: false,
  interruptId: "i1",
  raises: 1,
  submissionDigest: "s1",
};

/** A thread with one real checkpoint (the paused step) in a MemorySaver; `moveOn` adds its child. */
async function pausedThread(threadId: string) {
  const checkpointer = new MemorySaver();
  const paused = { ...emptyCheckpoint(), id: uuid6(-1) };
  await checkpointer.put({ configurable: { thread_id: threadId, checkpoint_ns: "" } }, paused, { source: "loop", step: 1, parents: {} });
  const moveOn = async () => {
    const next = { ...emptyCheckpoint(), id: uuid6(-1) };
    await checkpointer.put({ configurable: { thread_id: threadId, checkpoint_ns: "", checkpoint_id: paused.id } }, next, { source: "loop", step: 2, parents: {} });
  };
  return { checkpointer, checkpointId: paused.id, moveOn };
}

function contextFor(store: MemoryClaimStore, checkpointer: MemorySaver, threadId: string, checkpointId: string): ClaimContext {
  return { store, checkpointer, parentNamespace: "", key: { threadId, namespace: "tools:task-1", checkpointId } };
}

describe("claims on a reviewed batch", () => {
  test("the first committed claim wins; a second resumer of a live claim waits, then gets THREAD_BUSY", async () => {
    const { checkpointer, checkpointId } = await pausedThread("busy");
    const store = new MemoryClaimStore({ busyWaitMs: 150 });
    const context = contextFor(store, checkpointer, "busy", checkpointId);
    const first = await openClaim(context, { attempt: "a", review });
    expect(first?.attempt).toBe("a");
    const second = await openClaim(context, { attempt: "b", review: { ...review, decisions: { c1: { type: "reject" } } } }).catch((e: unknown) => e);
    expect(isHITLError(second, "THREAD_BUSY")).toBe(true);
  });

  test("a released claim is completed by the next resumer with the winning decisions and the results already recorded", async () => {
    const { checkpointer, checkpointId } = await pausedThread("released");
    const store = new MemoryClaimStore();
    const context = contextFor(store, checkpointer, "released", checkpointId);
    const first = (await openClaim(context, { attempt: "a", review }))!;
    await first.record("c1", new ToolMessage({ content: "done", tool_call_id: "c1" }));
    await first.end("failed");
    const next = (await openClaim(context, { attempt: "b", review: { ...review, decisions: { c1: { type: "reject" } } } }))!;
    expect(next.attempt).toBe("a");
    expect(next.review.decisions["c1"]).toEqual({ type: "approve" });
    expect((next.finished.get("c1") as ToolMessage | undefined)?.content).toBe("done");
  });

  test("an execution that took a batch over does not complete it once the thread has moved on (no forked history)", async () => {
    const { checkpointer, checkpointId, moveOn } = await pausedThread("moved");
    const store = new MemoryClaimStore();
    const context = contextFor(store, checkpointer, "moved", checkpointId);
    await (await openClaim(context, { attempt: "a", review }))!.end("failed");
    const taker = (await openClaim(context, { attempt: "b", review }))!;
    await moveOn();
    const error = await taker.end("finished").catch((e: unknown) => e);
    expect(isHITLError(error, "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
  });

  test("a resumer arriving after the thread moved on is told INTERRUPT_ALREADY_RESOLVED, even when the claim's lease has run out", async () => {
    const { checkpointer, checkpointId, moveOn } = await pausedThread("late");
    const store = new MemoryClaimStore({ leaseMs: 100 });
    const context = contextFor(store, checkpointer, "late", checkpointId);
    await (await openClaim(context, { attempt: "a", review }))!.end("finished");
    await moveOn();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const error = await openClaim(context, { attempt: "b", review }).catch((e: unknown) => e);
    expect(isHITLError(error, "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
  });

  test("results of calls finishing in the same turn share one commit; a lost claim cannot record", async () => {
    const { checkpointer, checkpointId } = await pausedThread("writer");
    const saves: number[] = [];
    class CountingStore extends MemoryClaimStore {
      override async saveResults(...args: Parameters<MemoryClaimStore["saveResults"]>): Promise<boolean> {
        saves.push(args[2].length);
        return super.saveResults(...args);
      }
    }
    const store = new CountingStore();
    const context = contextFor(store, checkpointer, "writer", checkpointId);
    const session = (await openClaim(context, { attempt: "a", review }))!;
    await Promise.all(["c1", "c2", "c3"].map((id) => session.record(id, new ToolMessage({ content: id, tool_call_id: id }))));
    expect(saves).toEqual([3]);
    await session.end("failed");
    await store.takeOver(context.key, "someone-else");
    await expect(session.record("c4", new ToolMessage({ content: "late", tool_call_id: "c4" }))).rejects.toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
  });

  test("results finishing in the same turn commit before the event loop runs anything else, in one commit", async () => {
    const { checkpointer, checkpointId } = await pausedThread("same-turn");
    let loopRan = false;
    const commits: Array<{ results: number; loopRan: boolean }> = [];
    class WatchingStore extends MemoryClaimStore {
      override async saveResults(...args: Parameters<MemoryClaimStore["saveResults"]>): Promise<boolean> {
        commits.push({ results: args[2].length, loopRan });
        return super.saveResults(...args);
      }
    }
    const store = new WatchingStore();
    const session = (await openClaim(contextFor(store, checkpointer, "same-turn", checkpointId), { attempt: "a", review }))!;
    // Something already waiting on the event loop (a timer's callback, an I/O callback, a scheduled GC).
    setImmediate(() => (loopRan = true));
    const afterAwaits = async (id: string, depth: number) => {
      for (let step = 0; step < depth; step += 1) await null;
      return session.record(id, new ToolMessage({ content: id, tool_call_id: id }));
    };
    // Calls of one batch finish at different depths of the same turn's microtasks.
    await Promise.all([afterAwaits("c1", 0), afterAwaits("c2", 3), afterAwaits("c3", 12)]);
    expect(commits).toEqual([{ results: 3, loopRan: false }]);
    await session.end("finished");
  });
});
