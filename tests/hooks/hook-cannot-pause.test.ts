import { Annotation, Command, END, MessagesAnnotation, START, StateGraph, interrupt, MemorySaver, ParentCommand } from "@langchain/langgraph";
import { ApprovalToolNode, HookRegistry, askUserQuestion, getInterrupt, isHITLError, resume, type HITLError, type HookErrorHandler } from "../../src/index.js";
import { agentGraph, aiCalls, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

/** Collects what reaches `onHookError`. */
function errorLane() {
  const reported: Array<{ error: unknown; event: string }> = [];
  const onHookError: HookErrorHandler = (error, where) => void reported.push({ error, event: where.event });
  return { reported, onHookError };
}

describe("a hook cannot pause the run", () => {
  test.each([
    ["interrupt()", () => interrupt({ question: "may I?" })],
    ["askUserQuestion()", () => askUserQuestion({ question: "may I?" })],
  ])("a PreToolUse hook calling %s rejects the run with HOOK_CANNOT_PAUSE; no tool ran and nothing is pending", async (_name, pause) => {
    const deleteFile = countingTool("delete_file");
    const readFile = countingTool("read_file");
    const lane = errorLane();
    const hooks = new HookRegistry().register("PreToolUse", { matcher: "delete_file", hooks: [() => (pause(), { decision: "allow" as const })] });
    const node = new ApprovalToolNode([deleteFile.tool, readFile.tool], { hooks, onHookError: lane.onHookError });
    const { graph, model } = agentGraph(node, [
      { name: "read_file", args: { path: "a" }, id: "r" },
      { name: "delete_file", args: { path: "b" }, id: "d" },
    ]);
    const config = newThread();
    const error = await graph.invoke(ask(), config).catch((caught: unknown) => caught);
    expect(isHITLError(error, "HOOK_CANNOT_PAUSE")).toBe(true);
    expect((error as { details: Array<{ toolCallId?: string }> }).details[0]?.toolCallId).toBe("d");
    expect([readFile.count, deleteFile.count]).toEqual([0, 0]);
    expect(model.calls).toBe(1);
    expect(await getInterrupt(graph, config)).toBeUndefined();
    expect(toolMessages((await graph.getState(config)).values)).toEqual([]);
  });

  test("an async PreToolUse hook that pauses while re-screening a reviewer's edit rejects the resume; nothing runs", async () => {
    const deleteFile = countingTool("delete_file");
    const hooks = new HookRegistry().register("PreToolUse", {
      hooks: [async ({ reviewed }) => {
        if (reviewed) interrupt("second opinion?");
        return { decision: "ask" as const };
      }],
    });
    const node = new ApprovalToolNode([deleteFile.tool], { hooks });
    const { graph } = agentGraph(node, [{ name: "delete_file", args: { path: "b" }, id: "d" }]);
    const config = newThread();
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    const error = await resume(graph, config, [{ type: "edit", updatedInput: { path: "c" } }], { interruptId: pending!.interruptId }).catch((caught: unknown) => caught);
    expect(isHITLError(error, "HOOK_CANNOT_PAUSE")).toBe(true);
    expect(deleteFile.count).toBe(0);
  });

  test("a PostToolUse observer calling interrupt() is refused on the report lane: the tool ran once, its result is kept, nothing is pending", async () => {
    const readFile = countingTool("read_file");
    const lane = errorLane();
    const hooks = new HookRegistry().register("PostToolUse", { hooks: [() => void interrupt("look at this")] });
    const node = new ApprovalToolNode([readFile.tool], { hooks, onHookError: lane.onHookError });
    const { graph, model } = agentGraph(node, [{ name: "read_file", args: { path: "a" }, id: "r" }]);
    const config = newThread();
    const result = await graph.invoke(ask(), config);
    expect(readFile.count).toBe(1);
    expect(toolMessages(result).map((message) => [message.tool_call_id, message.status])).toEqual([["r", "success"]]);
    expect(model.calls).toBe(2);
    expect(await getInterrupt(graph, config)).toBeUndefined();
    expect(lane.reported).toHaveLength(1);
    expect(lane.reported[0]?.event).toBe("PostToolUse");
    expect(isHITLError(lane.reported[0]?.error, "HOOK_CANNOT_PAUSE")).toBe(true);
    // An observer decides nothing: PreToolUse's decisions are not listed as what it may return.
    expect((lane.reported[0]?.error as HITLError).details).toEqual([expect.not.objectContaining({ allowed: expect.anything() })]);
  });

  test("an onDecision that calls interrupt() is refused on the report lane; the approved tool ran once", async () => {
    const deleteFile = countingTool("delete_file");
    const lane = errorLane();
    const node = new ApprovalToolNode([deleteFile.tool], { interruptOn: { delete_file: true }, onDecision: () => void interrupt("audit?"), onHookError: lane.onHookError });
    const { graph } = agentGraph(node, [{ name: "delete_file", args: { path: "b" }, id: "d" }]);
    const config = newThread();
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    const result = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect(deleteFile.count).toBe(1);
    expect(result.interrupt).toBeUndefined();
    expect(lane.reported.map((report) => [report.event, isHITLError(report.error, "HOOK_CANNOT_PAUSE")])).toEqual([["onDecision", true]]);
  });

  test("other LangGraph control flow from a PreToolUse hook is rethrown unchanged: a ParentCommand reaches the parent graph", async () => {
    const deleteFile = countingTool("delete_file");
    const hooks = new HookRegistry().register("PreToolUse", {
      hooks: [() => {
        throw new ParentCommand(new Command({ graph: Command.PARENT, goto: "escalate" }));
      }],
    });
    const node = new ApprovalToolNode([deleteFile.tool], { hooks });
    const inner = new StateGraph(MessagesAnnotation).addNode("tools", node).addEdge(START, "tools").addEdge("tools", END).compile();
    const Outer = Annotation.Root({ ...MessagesAnnotation.spec, escalated: Annotation<boolean>() });
    const outer = new StateGraph(Outer)
      .addNode("worker", inner, { ends: ["escalate"] })
      .addNode("escalate", () => ({ escalated: true }))
      .addEdge(START, "worker")
      .addEdge("escalate", END)
      .compile({ checkpointer: new MemorySaver() });
    const result = await outer.invoke({ messages: [aiCalls([{ name: "delete_file", args: { path: "b" }, id: "d" }])] }, newThread());
    expect(result.escalated).toBe(true);
    expect(deleteFile.count).toBe(0);
  });
});
