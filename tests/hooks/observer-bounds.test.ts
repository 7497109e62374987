import { ApprovalToolNode, DEFAULT_HOOK_TIMEOUT_MS, DEFAULT_OBSERVER_TIMEOUT_MS, HookRegistry, getInterrupt, resume, type DecisionEvent } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

/** Resolves every waiter once `size` of them wait: sequential waiters would never all arrive. */
function barrier(size: number) {
  const releases: Array<() => void> = [];
  return () =>
    new Promise<void>((resolve) => {
      releases.push(resolve);
      if (releases.length === size) for (const release of releases) release();
    });
}

/** Three calls that all need approval, approved together. */
async function approveThree(options: ConstructorParameters<typeof ApprovalToolNode>[1]) {
  const tools = ["a", "b", "c"].map((name) => countingTool(name));
  const node = new ApprovalToolNode(tools.map((t) => t.tool), { interruptOn: { a: true, b: true, c: true }, ...options });
  const { graph } = agentGraph(node, ["a", "b", "c"].map((name) => ({ name, args: { path: name }, id: name })));
  const config = newThread();
  await graph.invoke(ask(), config);
  const pending = await getInterrupt(graph, config);
  const result = await resume(graph, config, [{ type: "approve" }, { type: "approve" }, { type: "approve" }], { interruptId: pending!.interruptId });
  return { tools, result };
}

describe("observers nothing waits on are bounded by seconds and run concurrently", () => {
  test("PostToolBatch and PermissionDenied default to the short observer bound; result-shaping hooks keep the long one", () => {
    const hooks = new HookRegistry()
      .register("PostToolBatch", { hooks: [() => undefined] })
      .register("PermissionDenied", { hooks: [() => undefined] })
      .register("PostToolUse", { hooks: [() => undefined] })
      .register("PostToolBatch", { hooks: [() => undefined], timeoutMs: 60_000 });
    expect(hooks.hooksFor("PostToolBatch", "x").map((hook) => hook.timeoutMs)).toEqual([DEFAULT_OBSERVER_TIMEOUT_MS, 60_000]);
    expect(hooks.hooksFor("PermissionDenied", "x")[0]?.timeoutMs).toBe(DEFAULT_OBSERVER_TIMEOUT_MS);
    expect(hooks.hooksFor("PostToolUse", "x")[0]?.timeoutMs).toBe(DEFAULT_HOOK_TIMEOUT_MS);
    expect(DEFAULT_OBSERVER_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
  });

  test("onDecision receives the decisions of one batch concurrently", async () => {
    const arrive = barrier(3);
    const delivered: string[] = [];
    const failures: unknown[] = [];
    const onDecision = async (event: DecisionEvent) => {
      await arrive();
      delivered.push(event.toolCallId);
    };
    const { tools } = await approveThree({ onDecision, onHookError: (error) => void failures.push(error) });
    expect(failures).toEqual([]);
    expect(delivered.sort()).toEqual(["a", "b", "c"]);
    expect(tools.map((t) => t.count)).toEqual([1, 1, 1]);
  });

  test("PostToolBatch hooks run concurrently", async () => {
    const arrive = barrier(2);
    const seen: number[] = [];
    const failures: unknown[] = [];
    const hooks = new HookRegistry().register("PostToolBatch", { hooks: [async ({ entries }) => (await arrive(), void seen.push(entries.length)), async ({ entries }) => (await arrive(), void seen.push(entries.length))] });
    await approveThree({ hooks, onHookError: (error) => void failures.push(error) });
    expect(failures).toEqual([]);
    expect(seen).toEqual([3, 3]);
  });

  test("an onDecision that never answers is abandoned after the observer bound; the batch completes and the failure is reported", async () => {
    const failures: Array<[unknown, string]> = [];
    const { result } = await approveThree({ onDecision: () => new Promise<void>(() => undefined), onHookError: (error, where) => void failures.push([error, where.event]) });
    expect(toolMessages(result.values).map((message) => message.status)).toEqual(["success", "success", "success"]);
    expect(failures.map(([, event]) => event)).toEqual(["onDecision", "onDecision", "onDecision"]);
  });
});
