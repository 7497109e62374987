import { runBounded } from "../../src/hooks/time-bound.js";
import { ApprovalToolNode, HookRegistry } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

/** A hook that never answers and records when its own signal fires. */
function waiter() {
  const state = { invokedAt: 0, abortedAt: 0, signal: undefined as AbortSignal | undefined };
  const hook = ({ signal }: { signal: AbortSignal }) => {
    state.invokedAt = Date.now();
    state.signal = signal;
    signal.addEventListener("abort", () => {
      state.abortedAt = Date.now();
    });
    return new Promise<never>(() => undefined);
  };
  return { state, hook };
}

describe("each hook invocation gets its own AbortSignal", () => {
  test("the signal fires when the hook's bound passes", async () => {
    const { state, hook } = waiter();
    const tool = countingTool("write_file");
    const node = new ApprovalToolNode([tool.tool], { hooks: new HookRegistry().register("PreToolUse", { hooks: [hook], timeoutMs: 25 }), onHookError: () => undefined });
    const { graph } = agentGraph(node, [{ name: "write_file", args: { path: "a" } }]);
    await graph.invoke(ask(), newThread());
    expect(state.signal?.aborted).toBe(true);
    expect(state.abortedAt).toBeGreaterThanOrEqual(state.invokedAt);
  });

  test("cancelling the run ends a PreToolUse wait at once; the call never runs", async () => {
    const { state, hook } = waiter();
    const tool = countingTool("write_file");
    const node = new ApprovalToolNode([tool.tool], { hooks: new HookRegistry().register("PreToolUse", { hooks: [hook], timeoutMs: 60_000 }), onHookError: () => undefined });
    const { graph } = agentGraph(node, [{ name: "write_file", args: { path: "a" } }]);
    const controller = new AbortController();
    const run = graph.invoke(ask(), { ...newThread(), signal: controller.signal });
    while (state.invokedAt === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const abortedRunAt = Date.now();
    controller.abort();
    await expect(run).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.signal?.aborted).toBe(true);
    expect(state.abortedAt - abortedRunAt).toBeLessThan(1_000);
    expect(tool.count).toBe(0);
  });

  test("cancelling the run gives an observer a grace of at most 1 s", async () => {
    const slow = waiter();
    const tool = countingTool("write_file");
    const hooks = new HookRegistry().register("PostToolUse", { hooks: [slow.hook], timeoutMs: 60_000 });
    const node = new ApprovalToolNode([tool.tool], { hooks, onHookError: () => undefined });
    const { graph } = agentGraph(node, [{ name: "write_file", args: { path: "a" } }]);
    const controller = new AbortController();
    const run = graph.invoke(ask(), { ...newThread(), signal: controller.signal }).catch(() => undefined);
    while (slow.state.invokedAt === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const abortedRunAt = Date.now();
    controller.abort();
    await run;
    while (slow.state.abortedAt === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const grace = slow.state.abortedAt - abortedRunAt;
    expect(grace).toBeGreaterThanOrEqual(900);
    expect(grace).toBeLessThan(3_000);
  });
});

describe("runBounded", () => {
  test("after the run is cancelled, an observer's grace ends at its own deadline when that comes first", async () => {
    const run = new AbortController();
    let abortedAt = 0;
    const startedAt = Date.now();
    const outcome = runBounded(
      (signal) => {
        signal().addEventListener("abort", () => (abortedAt = Date.now()));
        return new Promise<never>(() => undefined);
      },
      { timeoutMs: 300, runSignal: run.signal, onRunAbort: "grace" },
    );
    setTimeout(() => run.abort(), 100);
    expect(await outcome).toEqual({ status: "cancelled" });
    expect(abortedAt - startedAt).toBeGreaterThanOrEqual(250);
    expect(abortedAt - startedAt).toBeLessThan(900);
  });

  const bound = { timeoutMs: 200, runSignal: undefined, onRunAbort: "end" as const };

  test("a synchronous answer is answered, a synchronous throw is failed", async () => {
    expect(await runBounded(() => ({ decision: "allow" }), bound)).toEqual({ status: "answered", value: { decision: "allow" } });
    const error = new Error("boom");
    expect(
      await runBounded(() => {
        throw error;
      }, bound),
    ).toEqual({ status: "failed", error });
  });

  test("a thenable that is not a Promise is raced like one: never settling, it times out", async () => {
    let aborted = false;
    const outcome = await runBounded(
      (signal) => {
        signal().addEventListener("abort", () => (aborted = true));
        return { then: () => undefined } as unknown as Promise<never>;
      },
      bound,
    );
    expect(outcome).toEqual({ status: "timed_out" });
    expect(aborted).toBe(true);
  });

  test("an answer whose then getter throws fails the hook instead of rejecting", async () => {
    const error = new Error("then");
    const hostile = Object.defineProperty({}, "then", {
      get() {
        throw error;
      },
    });
    expect(await runBounded(() => hostile, bound)).toEqual({ status: "failed", error });
  });

  test("a synchronous answer after the run was cancelled is answered under grace, cancelled without", async () => {
    const run = new AbortController();
    run.abort();
    expect(await runBounded(() => "ok", { timeoutMs: 200, runSignal: run.signal, onRunAbort: "grace" })).toEqual({ status: "answered", value: "ok" });
    expect(await runBounded(() => "ok", { timeoutMs: 200, runSignal: run.signal, onRunAbort: "end" })).toEqual({ status: "cancelled" });
  });
});
