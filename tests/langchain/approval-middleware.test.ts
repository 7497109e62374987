import { createHook } from "node:async_hooks";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent, createMiddleware, FakeToolCallingModel, humanInTheLoopMiddleware, llmToolSelectorMiddleware, type AgentMiddleware } from "langchain";
import { z } from "zod";
import { createMemoryCheckpointer, getInterrupt, HookRegistry, isHITLError, resume } from "../../src/index.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { STRAGGLER_WAIT_MS } from "../../src/langchain/tool-turn.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { serveOnLoopback } from "../http/server.js";
import { ScriptedChatModel, ask, countingTool, newThread, toolCallingScript, toolMessages, type PlannedCall } from "../support/fixtures.js";
import { thrownBy } from "../support/thrown-by.js";

function agentWith(calls: PlannedCall[], middleware: AgentMiddleware[], tools = calls.map((call) => countingTool(call.name))) {
  const model = new ScriptedChatModel(toolCallingScript(calls));
  const agent = createAgent({ model, tools: tools.map((t) => t.tool), middleware: middleware as never, checkpointer: new MemorySaver() }) as unknown as AgentGraph;
  return { agent, tools, model };
}

describe("approvalMiddleware options", () => {
  test("a ToolNode option or any other unknown key is refused with INVALID_OPTIONS naming it", () => {
    const error = thrownBy(() => approvalMiddleware({ handleToolErrors: false } as never));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect((error as { details: Array<{ path?: unknown[] }> }).details[0]?.path).toEqual(["handleToolErrors"]);
  });

  test("a malformed interruptOn entry is refused with the entry's path", () => {
    expect(() => approvalMiddleware({ interruptOn: { deploy: { allowedDecisions: ["maybe"] } } } as never)).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
  });

  test("an interruptOn key that names none of the agent's tools is refused on the first model call, before any tool runs", async () => {
    const { agent, tools } = agentWith([{ name: "deploy", args: { path: "a" }, id: "d1" }], [approvalMiddleware({ interruptOn: { deplyo: true } })]);
    const error = await agent.invoke(ask(), newThread()).catch((caught: unknown) => caught);
    const cause = (error as { cause?: unknown }).cause;
    expect(isHITLError(cause, "INVALID_OPTIONS")).toBe(true);
    expect((cause as { details: Array<{ path?: unknown[]; allowed?: unknown }> }).details[0]).toMatchObject({ path: ["interruptOn", "deplyo"], allowed: ["deploy"] });
    expect(tools[0]!.count).toBe(0);
  });
});

describe("approvalMiddleware after a tool-filtering middleware (the dynamic-tools pattern)", () => {
  /** LangChain's own llmToolSelectorMiddleware, whose selection model always picks `search`. */
  const selectSearch = () => llmToolSelectorMiddleware({ model: new FakeToolCallingModel({ structuredResponse: { tools: ["search"] } }), maxTools: 1 } as never);
  /** Records the tools each model call offers, as the middleware after it sees them. */
  const offeredTools = (seen: string[][]) =>
    createMiddleware({
      name: "Offered",
      wrapModelCall: (request, handler) => {
        seen.push(request.tools.map((tool) => String((tool as { name?: unknown }).name)));
        return handler(request);
      },
    });

  test("a turn whose model call leaves the guarded tool out runs, instead of failing with INVALID_OPTIONS", async () => {
    const tools = [countingTool("search"), countingTool("delete_file")];
    const offered: string[][] = [];
    const { agent } = agentWith([{ name: "search", args: { path: "docs" }, id: "s1" }], [selectSearch(), offeredTools(offered), approvalMiddleware({ interruptOn: { delete_file: true } })], tools);
    const result = await agent.invoke(ask(), newThread());
    expect(offered).toEqual([["search"], ["search"]]);
    expect(tools.map((t) => t.count)).toEqual([1, 0]);
    expect(toolMessages(result).map((m) => [m.tool_call_id, m.status])).toEqual([["s1", "success"]]);
  });

  test("the guarded tool stays guarded when the model calls it although this turn's model call was not offered it", async () => {
    const tools = [countingTool("search"), countingTool("delete_file")];
    const { agent } = agentWith([{ name: "delete_file", args: { path: "/etc" }, id: "d1" }], [selectSearch(), approvalMiddleware({ interruptOn: { delete_file: true } })], tools);
    const config = newThread();
    await agent.invoke(ask(), config);
    const pending = await getInterrupt(agent, config);
    expect(pending?.payload).toMatchObject({ action_requests: [{ tool_call_id: "d1", name: "delete_file" }] });
    expect(tools[1]!.count).toBe(0);
  });

  test("a near miss of a called tool that no model call offered is refused before anything of the turn runs", async () => {
    const tools = [countingTool("search"), countingTool("delete_file")];
    const calls = [
      { name: "search", args: { path: "docs" }, id: "s1" },
      { name: "delete_file", args: { path: "/etc" }, id: "d1" },
    ];
    const { agent } = agentWith(calls, [selectSearch(), approvalMiddleware({ interruptOn: { delete_fil: true } })], tools);
    const error = await agent.invoke(ask(), newThread()).catch((caught: unknown) => caught);
    const cause = (error as { cause?: unknown }).cause ?? error;
    expect(isHITLError(cause, "INVALID_OPTIONS")).toBe(true);
    expect((cause as { details: Array<{ path?: unknown[] }> }).details[0]?.path).toEqual(["interruptOn", "delete_fil"]);
    expect(tools.map((t) => t.count)).toEqual([0, 0]);
  });
});

describe("approvalMiddleware in a createAgent agent", () => {
  test("a model turn runs as one tools task, so its asks share one interrupt; without the middleware createAgent runs one task per call", async () => {
    const calls = [
      { name: "deploy", args: { path: "a" }, id: "d1" },
      { name: "rollback", args: { path: "b" }, id: "r1" },
    ];
    const guarded = agentWith(calls, [approvalMiddleware({ interruptOn: { deploy: true, rollback: true } })]);
    const config = newThread();
    await guarded.agent.invoke(ask(), config);
    const state = (await guarded.agent.getState(config)) as unknown as { tasks: Array<{ name: string; interrupts: unknown[] }> };
    expect(state.tasks.map((task) => task.name)).toEqual(["tools"]);
    expect(state.tasks[0]?.interrupts).toHaveLength(1);
    const plain = agentWith(calls, []);
    const streamed: string[] = [];
    for await (const chunk of await plain.agent.stream(ask(), { ...newThread(), streamMode: "updates" })) streamed.push(...Object.keys(chunk as object));
    expect(streamed.filter((node) => node === "tools")).toHaveLength(2);
  });

  test("a reject keeps the approved sibling, where LangChain's humanInTheLoopMiddleware drops it", async () => {
    const calls = [
      { name: "deploy", args: { path: "a" }, id: "d1" },
      { name: "rollback", args: { path: "b" }, id: "r1" },
    ];
    const ours = agentWith(calls, [approvalMiddleware({ interruptOn: { deploy: true, rollback: true } })]);
    const config = newThread();
    await ours.agent.invoke(ask(), config);
    const pending = await getInterrupt(ours.agent, config);
    const { values } = await resume(ours.agent, config, { d1: { type: "approve" }, r1: { type: "reject", reason: "not now" } }, { interruptId: pending!.interruptId });
    expect(ours.tools.map((t) => t.count)).toEqual([1, 0]);
    expect(toolMessages(values).map((m) => [m.tool_call_id, m.status])).toEqual([["d1", "success"], ["r1", "error"]]);

    const theirs = agentWith(calls, [(humanInTheLoopMiddleware as (options: unknown) => unknown)({ interruptOn: { deploy: true, rollback: true } }) as AgentMiddleware]);
    const other = newThread();
    await theirs.agent.invoke(ask(), other);
    await theirs.agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }, { type: "reject" }] } }), other);
    expect(theirs.tools.map((t) => t.count)).toEqual([0, 0]);
  });

  test("another wrapToolCall middleware still wraps every call that runs, and only those", async () => {
    const seen: string[] = [];
    const logging = createMiddleware({
      name: "Logging",
      wrapToolCall: async (request, handler) => {
        seen.push(request.toolCall.id ?? "");
        return handler(request);
      },
    });
    const calls = [
      { name: "deploy", args: { path: "a" }, id: "d1" },
      { name: "rollback", args: { path: "b" }, id: "r1" },
    ];
    const { agent, tools } = agentWith(calls, [approvalMiddleware({ interruptOn: { deploy: true } }), logging]);
    const config = newThread();
    await agent.invoke(ask(), config);
    expect(seen).toEqual([]);
    const pending = await getInterrupt(agent, config);
    await resume(agent, config, [{ type: "reject" }], { interruptId: pending!.interruptId });
    expect(seen).toEqual(["r1"]);
    expect(tools.map((t) => t.count)).toEqual([0, 1]);
  });

  test("an outer middleware that awaits before handing calls on still has the turn reviewed as one batch", async () => {
    const slow = createMiddleware({
      name: "Slow",
      wrapToolCall: async (request, handler) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return handler(request);
      },
    });
    const calls = [
      { name: "deploy", args: { path: "a" }, id: "d1" },
      { name: "rollback", args: { path: "b" }, id: "r1" },
    ];
    const { agent, tools } = agentWith(calls, [slow, approvalMiddleware({ interruptOn: { deploy: true, rollback: true } })]);
    const config = newThread();
    await agent.invoke(ask(), config);
    const pending = await getInterrupt(agent, config);
    expect(pending?.payload).toMatchObject({ action_requests: [{ tool_call_id: "d1" }, { tool_call_id: "r1" }] });
    await resume(agent, config, [{ type: "approve" }, { type: "approve" }], { interruptId: pending!.interruptId });
    expect(tools.map((t) => t.count)).toEqual([1, 1]);
  });

  test("a turn whose calls the agent hands on at once arms no timer waiting for stragglers", async () => {
    const calls = [
      { name: "deploy", args: { path: "a" }, id: "d1" },
      { name: "rollback", args: { path: "b" }, id: "r1" },
      { name: "notify", args: { path: "c" }, id: "n1" },
    ];
    const { agent, tools } = agentWith(calls, [approvalMiddleware({ interruptOn: { deploy: true } })]);
    const armed: number[] = [];
    const timers = createHook({
      init(_id, type, _trigger, resource) {
        if (type === "Timeout") armed.push((resource as { _idleTimeout?: number })._idleTimeout ?? -1);
      },
    }).enable();
    const config = newThread();
    try {
      await agent.invoke(ask(), config);
      const pending = await getInterrupt(agent, config);
      await resume(agent, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    } finally {
      timers.disable();
    }
    expect(tools.map((t) => t.count)).toEqual([1, 1, 1]);
    // The bound a turn waits for a call an outer middleware holds back: never armed here.
    expect(armed.filter((ms) => ms === STRAGGLER_WAIT_MS)).toEqual([]);
  });

  test("a HITLError raised in the middleware reaches a raw invoke as LangChain's MiddlewareError with the HITLError as its cause", async () => {
    const cancel = new HookRegistry().register("PreToolUse", { hooks: [() => ({ decision: "deny", cancelRun: "stop everything" })] });
    const { agent, tools } = agentWith([{ name: "deploy", args: { path: "a" }, id: "d1" }], [approvalMiddleware({ hooks: cancel })]);
    const error = await agent.invoke(ask(), newThread()).catch((caught: unknown) => caught);
    expect(isHITLError((error as { cause?: unknown }).cause, "RUN_CANCELLED")).toBe(true);
    expect(tools[0]!.count).toBe(0);
  });

  test("resume() finds the agent's tool schema and refuses a bad edit before submitting anything", async () => {
    const deploy = countingTool("deploy", { schema: z.object({ path: z.string().min(1) }) });
    const { agent } = agentWith([{ name: "deploy", args: { path: "app" }, id: "d1" }], [approvalMiddleware({ interruptOn: { deploy: true } })], [deploy]);
    const config = newThread();
    await agent.invoke(ask(), config);
    const pending = await getInterrupt(agent, config);
    const error = await resume(agent, config, [{ type: "edit", updatedInput: { path: "" } }], { interruptId: pending!.interruptId }).catch((caught: unknown) => caught);
    expect(isHITLError(error, "INVALID_EDIT")).toBe(true);
    // Refused by the host: the node never saw the value, so the same interrupt is still pending (a node refusal re-raises a new one).
    expect((await getInterrupt(agent, config))?.interruptId).toBe(pending!.interruptId);
    expect(deploy.count).toBe(0);
  });

  test("the HTTP handler lists and resolves a createAgent approval, checking edits against the tool's schema", async () => {
    const checkpointer = createMemoryCheckpointer();
    const deploy = countingTool("deploy", { schema: z.object({ path: z.string().min(1) }) });
    const model = new ScriptedChatModel(toolCallingScript([{ name: "deploy", args: { path: "app" }, id: "d1" }]));
    const agent = createAgent({ model, tools: [deploy.tool], middleware: [approvalMiddleware({ interruptOn: { deploy: true } })], checkpointer }) as unknown as AgentGraph;
    const { url, close } = await serveOnLoopback(createApprovalHandler({ graph: agent, authenticate: () => ({ id: "u-alice" }) }));
    try {
      const config = newThread("http-agent");
      await agent.invoke(ask(), config);
      const threadId = config.configurable.thread_id;
      const listed = (await (await fetch(`${url}/interrupts`)).json()) as { items: Array<{ threadId: string; interruptId: string }> };
      const item = listed.items.find((entry) => entry.threadId === threadId);
      expect(item).toBeDefined();
      const post = (body: unknown) => fetch(`${url}/threads/${threadId}/resume`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const badEdit = await post({ interruptId: item!.interruptId, decisions: [{ type: "edit", updatedInput: { path: "" } }] });
      expect(badEdit.status).toBe(400);
      expect(((await badEdit.json()) as { code: string }).code).toBe("INVALID_EDIT");
      expect(deploy.count).toBe(0);
      const approved = await post({ interruptId: item!.interruptId, decisions: [{ type: "approve" }] });
      expect(approved.status).toBe(200);
      expect(deploy.count).toBe(1);
    } finally {
      await close();
    }
  });
});
