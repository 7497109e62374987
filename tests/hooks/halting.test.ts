import { isGraphDrained } from "@langchain/langgraph";
import { ApprovalToolNode, HookRegistry, getHaltReason, resume, start } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

function haltingAgent(hooks: HookRegistry, interruptOn: Record<string, boolean> = {}) {
  const tools = [countingTool("read_file"), countingTool("deploy")];
  const node = new ApprovalToolNode(tools.map((t) => t.tool), { hooks, interruptOn });
  const built = agentGraph(node, [
    { name: "read_file", args: { path: "a" }, id: "r" },
    { name: "deploy", args: { path: "prod" }, id: "d" },
  ]);
  return { ...built, tools };
}

describe("halting a run from a hook", () => {
  test("PreToolUse preventContinuation: every call still gets its ToolMessage and the model is not called again", async () => {
    const hooks = new HookRegistry().register("PreToolUse", { matcher: "deploy", hooks: [() => ({ preventContinuation: true, stopReason: "change freeze" })] });
    const { graph, model, tools } = haltingAgent(hooks);
    const config = newThread();
    const outcome = await start(graph, ask(), config);
    expect(outcome.halted).toEqual({ reason: "change freeze", event: "PreToolUse", toolCallId: "d" });
    expect(model.calls).toBe(1);
    expect(tools.map((t) => t.count)).toEqual([1, 1]);
    expect(toolMessages(outcome.values).map((m) => m.tool_call_id)).toEqual(["r", "d"]);
    expect(await getHaltReason(graph, config)).toEqual({ reason: "change freeze", event: "PreToolUse", toolCallId: "d", cancelled: false });
  });

  test("a raw graph.invoke reports the halt as LangGraph's GraphDrained, with the state saved", async () => {
    const hooks = new HookRegistry().register("PostToolUse", { matcher: "read_file", hooks: [() => ({ preventContinuation: true, stopReason: "enough" })] });
    const { graph, model } = haltingAgent(hooks);
    const config = newThread();
    const error = await graph.invoke(ask(), config).catch((e: unknown) => e);
    expect(isGraphDrained(error)).toBe(true);
    expect(model.calls).toBe(1);
    expect((await getHaltReason(graph, config))?.reason).toBe("enough");
    expect(toolMessages((await graph.getState(config)).values)).toHaveLength(2);
  });

  test("a halt raised in a batch that needed approval takes effect after the decisions, through resume()", async () => {
    const hooks = new HookRegistry().register("PreToolUse", { matcher: "deploy", hooks: [() => ({ decision: "ask", preventContinuation: true, stopReason: "one deploy per run" })] });
    const { graph, model } = haltingAgent(hooks);
    const config = newThread();
    const paused = await start(graph, ask(), config);
    expect(paused.halted).toBeUndefined();
    const result = await resume(graph, config, [{ type: "approve" }], { interruptId: paused.interrupt!.interruptId });
    expect(result.halted?.reason).toBe("one deploy per run");
    expect(model.calls).toBe(1);
  });

  test("halts are scoped to the run that raised them: two concurrent runs sharing one registry do not halt each other", async () => {
    const hooks = new HookRegistry().register("PreToolUse", {
      hooks: [async ({ threadId }) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return threadId?.startsWith("halt") === true ? { preventContinuation: true, stopReason: "only this one" } : undefined;
      }],
    });
    const halted = haltingAgent(hooks);
    const free = haltingAgent(hooks);
    const [a, b] = await Promise.all([start(halted.graph, ask(), newThread("halt")), start(free.graph, ask(), newThread("free"))]);
    expect(a.halted?.reason).toBe("only this one");
    expect(b.halted).toBeUndefined();
    expect([halted.model.calls, free.model.calls]).toEqual([1, 2]);
    expect(String(b.values.messages.at(-1)?.content)).toContain("Done");
  });

  test("the halt reason is gone once the thread moves on", async () => {
    let freeze = true;
    const hooks = new HookRegistry().register("PreToolUse", { matcher: "deploy", hooks: [() => (freeze ? { preventContinuation: true, stopReason: "freeze" } : undefined)] });
    const { graph, tools } = haltingAgent(hooks);
    const config = newThread();
    await start(graph, ask(), config);
    expect((await getHaltReason(graph, config))?.reason).toBe("freeze");
    freeze = false;
    const next = await start(graph, { messages: [{ role: "user", content: "the freeze is over, go on" }] }, config);
    expect(next.halted).toBeUndefined();
    expect(await getHaltReason(graph, config)).toBeUndefined();
    expect(tools.map((t) => t.count)).toEqual([2, 2]);
  });

  test.each(["t-never-used", "constructor", "__proto__", "prototype"])("a thread nothing was checkpointed under (%s, even one the MemorySaver refuses as a key) has no halt reason", async (threadId) => {
    const { graph } = haltingAgent(new HookRegistry());
    expect(await getHaltReason(graph, { configurable: { thread_id: threadId } })).toBeUndefined();
  });
});
