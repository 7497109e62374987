import { ApprovalToolNode, HookRegistry, createHook, getInterrupt, isHITLError, isRunCancelled, resume, start, type HookDefinition } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

function withHook(definition: HookDefinition, interruptOn: Record<string, boolean> = {}) {
  const tools = [countingTool("send_refund"), countingTool("lookup")];
  const node = new ApprovalToolNode(tools.map((t) => t.tool), { hooks: new HookRegistry().use(createHook(definition)), interruptOn });
  const built = agentGraph(node, [
    { name: "lookup", args: { path: "order-1" }, id: "l" },
    { name: "send_refund", args: { path: "order-1" }, id: "s" },
  ]);
  return { ...built, tools };
}

describe("createHook: the control-object face of the same registry", () => {
  test("tool.skip(reason): the tool does not run and the model sees the reason as a successful result", async () => {
    const { graph, tools } = withHook({ onToolCall: ({ toolName, tool }) => (toolName === "send_refund" ? tool.skip("Refunds are handled by a person today.") : tool.run()) });
    const result = await graph.invoke(ask(), newThread());
    expect(tools.map((t) => t.count)).toEqual([0, 1]);
    const refund = toolMessages(result).find((m) => m.tool_call_id === "s");
    expect([refund?.status, refund?.content]).toEqual(["success", "Refunds are handled by a person today."]);
  });

  test("tool.cancel(reason): nothing of the batch runs and invoke rejects with RUN_CANCELLED carrying the reason", async () => {
    const { graph, tools, model } = withHook({ onToolCall: ({ toolName, tool }) => (toolName === "send_refund" ? tool.cancel("fraud suspected") : tool.run()) });
    const error = await graph.invoke(ask(), newThread()).catch((e: unknown) => e);
    expect(isHITLError(error, "RUN_CANCELLED")).toBe(true);
    expect((error as Error).message).toContain("fraud suspected");
    expect(isRunCancelled(error)).toBe(true);
    expect(tools.map((t) => t.count)).toEqual([0, 0]);
    expect(model.calls).toBe(1);
  });

  test("tool.requestApproval({ reason, allowedDecisions }) pauses for a person like an ask", async () => {
    const { graph, tools } = withHook({
      matcher: "send_refund",
      onToolCall: ({ tool }) => tool.requestApproval({ reason: "refunds need a second pair of eyes", allowedDecisions: ["approve", "reject"] }),
    });
    const config = newThread();
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    expect(pending?.payload.type === "tool_approval" && pending.payload.review_configs[0]?.allowed_decisions).toEqual(["approve", "reject"]);
    expect(pending?.payload.type === "tool_approval" && pending.payload.action_requests[0]?.description).toBe("refunds need a second pair of eyes");
    await resume(graph, config, [{ type: "approve" }]);
    expect(tools.map((t) => t.count)).toEqual([1, 1]);
  });

  test("run.cancel(reason) in onToolResult keeps the batch's results and rejects with RUN_CANCELLED", async () => {
    const { graph, tools, model } = withHook({ onToolResult: ({ toolName, run }) => (toolName === "lookup" ? run.cancel("downstream policy blocked it") : run.continue()) });
    const config = newThread();
    const error = await start(graph, ask(), config).catch((e: unknown) => e);
    expect(isHITLError(error, "RUN_CANCELLED")).toBe(true);
    expect((error as Error).message).toContain("downstream policy blocked it");
    expect(tools.map((t) => t.count)).toEqual([1, 1]);
    expect(model.calls).toBe(1);
    expect(toolMessages((await graph.getState(config)).values)).toHaveLength(2);
  });

  test("run.cancel(reason) in onToolError, seen by a raw invoke, is recognised by isRunCancelled", async () => {
    const broken = countingTool("broken", { fail: true });
    const node = new ApprovalToolNode([broken.tool], { hooks: new HookRegistry().use(createHook({ onToolError: ({ run }) => run.cancel("tool outage") })) });
    const { graph } = agentGraph(node, [{ name: "broken", args: { path: "x" } }]);
    const error = await graph.invoke(ask(), newThread()).catch((e: unknown) => e);
    expect(isRunCancelled(error)).toBe(true);
  });

  test("an onToolCall that returns something that is not an action denies the call (fail closed) and warns through the default onHookError", async () => {
    const { graph, tools } = withHook({ onToolCall: () => "yes please" as never });
    // The default onHookError warns on the console: capture it here instead of printing it.
    const warned: string[] = [];
    const warn = jest.spyOn(console, "warn").mockImplementation((prefix: unknown) => void warned.push(String(prefix)));
    const result = await graph.invoke(ask(), newThread()).finally(() => warn.mockRestore());
    expect(tools.map((t) => t.count)).toEqual([0, 0]);
    expect(toolMessages(result).every((m) => m.status === "error")).toBe(true);
    expect(warned).toEqual(tools.map(() => expect.stringMatching(/^\[langgraph-hitl\] hook failed in PreToolUse/)));
  });

  test("createHook options are checked like register's", () => {
    let caught: unknown;
    try {
      new HookRegistry().use(createHook({ timeoutMs: -5, onToolCall: ({ tool }) => tool.run() }));
    } catch (error) {
      caught = error;
    }
    expect(isHITLError(caught, "INVALID_OPTIONS")).toBe(true);
  });
});
