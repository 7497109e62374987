// approvalMiddleware beside LangChain's own middleware. createAgent runs `afterModel` hooks from
// the last middleware of the list to the first and nests `wrapToolCall` with the first outermost,
// so approvalMiddleware belongs first: its `afterModel` jump to the tools node is then the last
// hook of the turn, and no other tool wrapper sits between its pause and LangGraph.
import { AIMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent, modelCallLimitMiddleware, piiMiddleware, toolCallLimitMiddleware, toolRetryMiddleware } from "langchain";
import { z } from "zod";
import { getInterrupt, resume, type DecisionEvent, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { countingTool, newThread, ScriptedChatModel, toolCallingScript, toolMessages, type PlannedCall } from "../support/fixtures.js";

// langchain's middleware option types do not compile under exactOptionalPropertyTypes; the calls themselves are plain.
function agentWith(middleware: unknown[], tools: unknown[], calls: PlannedCall[], model = new ScriptedChatModel(toolCallingScript(calls))) {
  return createAgent({ model, tools: tools as never, middleware: middleware as never, checkpointer: new MemorySaver() }) as unknown as AgentGraph;
}

/** A model that never stops: every turn calls `lookup` `perTurn` times more (only a limit ends the run). */
function endlessLookups(perTurn: number): ScriptedChatModel {
  return new ScriptedChatModel((messages) => {
    const turn = messages.filter((message) => message.getType() === "ai").length;
    const calls = Array.from({ length: perTurn }, (_, index) => ({ name: "lookup", args: { path: `p${turn}-${index}` }, id: `lookup-${turn}-${index}`, type: "tool_call" as const }));
    return new AIMessage({ content: "", tool_calls: calls });
  });
}

const threeModelCalls = () => modelCallLimitMiddleware({ runLimit: 3, exitBehavior: "end" } as never);

const limitOfOne = () => toolCallLimitMiddleware({ runLimit: 1, exitBehavior: "continue" } as never);

async function stateOf(agent: AgentGraph, config: { configurable: { thread_id: string } }): Promise<ToolMessage[]> {
  return toolMessages((await agent.getState(config)).values);
}

function flakyTool(failures: number) {
  const counts = { attempts: 0 };
  const flaky = tool(
    async () => {
      counts.attempts += 1;
      if (counts.attempts <= failures) throw new Error("upstream timeout");
      return "synced";
    },
    { name: "sync", description: "Syncs, failing at first", schema: z.object({ path: z.string() }) },
  );
  return { flaky, counts };
}

const THREE_DEPLOYS: PlannedCall[] = [
  { name: "deploy", args: { path: "a" }, id: "d1" },
  { name: "deploy", args: { path: "b" }, id: "d2" },
  { name: "deploy", args: { path: "c" }, id: "d3" },
];

describe("approvalMiddleware listed first", () => {
  test("with toolCallLimitMiddleware: the calls past the limit are answered by the limit and never reviewed; the one within it is reviewed and runs once; every call has one ToolMessage", async () => {
    const deploy = countingTool("deploy");
    const agent = agentWith([approvalMiddleware({ interruptOn: { deploy: true } }), limitOfOne()], [deploy.tool], THREE_DEPLOYS);
    const config = newThread("limit");
    await agent.invoke({ messages: [new HumanMessage("deploy everything")] }, config);
    const pending = (await getInterrupt(agent, config))!;
    expect((pending.payload as ToolApprovalInterruptPayload).action_requests.map((request) => request.tool_call_id)).toEqual(["d1"]);
    await resume(agent, config, [{ type: "approve" }], { interruptId: pending.interruptId });
    expect(deploy.runs).toEqual([{ path: "a" }]);
    const messages = await stateOf(agent, config);
    expect(messages.map((message) => message.tool_call_id).sort()).toEqual(["d1", "d2", "d3"]);
    expect(messages.filter((message) => message.tool_call_id !== "d1").map((message) => message.status)).toEqual(["error", "error"]);
  });

  test("with toolRetryMiddleware: the approved call is reviewed once and retried until it succeeds", async () => {
    const { flaky, counts } = flakyTool(2);
    const agent = agentWith([approvalMiddleware({ interruptOn: { sync: true } }), toolRetryMiddleware({ maxRetries: 3, initialDelayMs: 1, jitter: false })], [flaky], [{ name: "sync", args: { path: "a" }, id: "s1" }]);
    const config = newThread("retry");
    await agent.invoke({ messages: [new HumanMessage("sync")] }, config);
    const pending = (await getInterrupt(agent, config))!;
    expect((await resume(agent, config, [{ type: "approve" }], { interruptId: pending.interruptId })).status).toBe("applied");
    expect(await getInterrupt(agent, config)).toBeUndefined();
    expect(counts.attempts).toBe(3);
    expect((await stateOf(agent, config)).map((message) => [message.tool_call_id, message.content])).toEqual([["s1", "synced"]]);
  });

  test.each([1, 2])("with modelCallLimitMiddleware: tool turns of %i call(s) are counted and the run ends at the limit", async (perTurn) => {
    const lookup = countingTool("lookup");
    const agent = agentWith([approvalMiddleware({ interruptOn: { deploy: true } }), threeModelCalls()], [lookup.tool], [], endlessLookups(perTurn));
    const config = newThread("model-limit");
    await agent.invoke({ messages: [new HumanMessage("look everything up")] }, { ...config, recursionLimit: 40 });
    expect(lookup.runs).toHaveLength(3 * perTurn);
  });
});

// What the README's "list it first" guards against, measured on langchain's own middleware.
describe("approvalMiddleware listed after another middleware", () => {
  test("after toolCallLimitMiddleware, the limit's afterModel hook never runs: createAgent follows approvalMiddleware's jump to the tools node past it", async () => {
    const deploy = countingTool("deploy");
    const agent = agentWith([limitOfOne(), approvalMiddleware({ interruptOn: { deploy: true } })], [deploy.tool], THREE_DEPLOYS);
    const config = newThread("limit-skipped");
    await agent.invoke({ messages: [new HumanMessage("deploy everything")] }, config);
    const pending = (await getInterrupt(agent, config))!;
    // Every call is put to the reviewer; what runs is still only what they approve.
    expect((pending.payload as ToolApprovalInterruptPayload).action_requests.map((request) => request.tool_call_id)).toEqual(["d1", "d2", "d3"]);
    await resume(agent, config, [{ type: "approve" }, { type: "reject" }, { type: "reject" }], { interruptId: pending.interruptId });
    expect(deploy.runs).toEqual([{ path: "a" }]);
  });

  // A turn of one call is jumped too: LangChain copies a call it routes as its own task (`lg_tool_call`)
  // and the copy loses an own `__proto__` key the model sent, while a turn sent whole keeps the model's
  // arguments as sent (tests/behaviour/screening-paths.cases.ts).
  test.each([1, 2])("after modelCallLimitMiddleware, the limit never counts a tool turn of %i call(s), even one with nothing to review: the agent loops until LangGraph's recursion limit", async (perTurn) => {
    const lookup = countingTool("lookup");
    const agent = agentWith([threeModelCalls(), approvalMiddleware({ interruptOn: { deploy: true } })], [lookup.tool], [], endlessLookups(perTurn));
    const config = newThread("model-limit-skipped");
    await expect(agent.invoke({ messages: [new HumanMessage("look everything up")] }, { ...config, recursionLimit: 40 })).rejects.toMatchObject({ name: "GraphRecursionError" });
    expect(lookup.runs.length).toBeGreaterThan(3);
  });

  test("inside toolRetryMiddleware (langchain 1.5), the pause is retried as an error and the call answered with it: no tool runs and nothing is reviewed", async () => {
    const { flaky, counts } = flakyTool(0);
    const agent = agentWith([toolRetryMiddleware({ maxRetries: 2, initialDelayMs: 1, jitter: false }), approvalMiddleware({ interruptOn: { sync: true } })], [flaky], [{ name: "sync", args: { path: "a" }, id: "s1" }]);
    const config = newThread("retry-swallows");
    await agent.invoke({ messages: [new HumanMessage("sync")] }, config);
    expect(await getInterrupt(agent, config)).toBeUndefined();
    expect(counts.attempts).toBe(0);
    const [message] = await stateOf(agent, config);
    expect([message?.status, message?.content]).toEqual(["error", "Tool 'sync' failed after 3 attempts with GraphInterrupt"]);
  });
});

// A middleware that rewrites ToolMessages is free to drop what they carry, the audit record included.
describe("approvalMiddleware beside a middleware that rewrites ToolMessages", () => {
  test.each(["first", "last"])("listed %s, piiMiddleware (applyToToolResults) replaces a redacted result without its audit record: resume() still reports from the claim, and onDecision heard the approval", async (place) => {
    const lookup = countingTool("lookup", { result: () => "owner is ada@example.com" });
    const decided: DecisionEvent[] = [];
    const ours = approvalMiddleware({ interruptOn: { lookup: true }, onDecision: (event) => void decided.push(event) });
    const pii = piiMiddleware("email", { strategy: "redact", applyToToolResults: true } as never);
    const agent = agentWith(place === "first" ? [ours, pii] : [pii, ours], [lookup.tool], [{ name: "lookup", args: { path: "a" }, id: "l1" }]);
    const config = newThread("pii");
    await agent.invoke({ messages: [new HumanMessage("who owns a?")] }, config);
    const pending = (await getInterrupt(agent, config))!;
    expect((await resume(agent, config, [{ type: "approve" }], { interruptId: pending.interruptId })).status).toBe("applied");
    expect(lookup.runs).toEqual([{ path: "a" }]);
    const [message] = await stateOf(agent, config);
    expect([message?.content, message?.additional_kwargs]).toEqual(["owner is [REDACTED_EMAIL]", {}]);
    expect(decided.map((event) => [event.toolCallId, event.decision])).toEqual([["l1", "approve"]]);
  });
});
