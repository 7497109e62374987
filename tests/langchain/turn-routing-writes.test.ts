import type { RunnableConfig } from "@langchain/core/runnables";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import type { PendingWrite } from "@langchain/langgraph-checkpoint";
import { createAgent } from "langchain";
import { getInterrupt, resume, type ToolApprovalDecision } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { ScriptedChatModel, countingTool, newThread, toolCallingScript, type PlannedCall } from "../support/fixtures.js";

// createAgent answers an afterModel hook's `{ jumpTo }` with `{ ...state, ...result }`: every state
// key the hook did not return is written again. `approvalMiddleware` jumps to "tools" on every tool
// turn (so the turn is one task), which re-wrote the whole message history as a stored write.

const MARKER = "history-marker-3f9c";

/** A real MemorySaver that also keeps, per write, its channel and whether its value carries the history. */
class RecordingSaver extends MemorySaver {
  readonly historyWrites: string[] = [];

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    for (const [channel, value] of writes) if (JSON.stringify(value ?? null).includes(MARKER)) this.historyWrites.push(channel);
    return super.putWrites(config, writes, taskId);
  }
}

function longConversation(): { messages: BaseMessage[] } {
  return { messages: [new HumanMessage(`${MARKER} an earlier question`), ...Array.from({ length: 5 }, (_, index) => new HumanMessage(`earlier message ${index}`)), new HumanMessage("go")] };
}

function agentOn(saver: MemorySaver, calls: PlannedCall[]) {
  const tools = calls.map((call) => countingTool(call.name));
  const model = new ScriptedChatModel(toolCallingScript(calls));
  const agent = createAgent({ model, tools: tools.map((t) => t.tool), middleware: [approvalMiddleware({ interruptOn: { deploy: true, notify: true } })] as never, checkpointer: saver });
  return { agent: agent as unknown as AgentGraph, tools };
}

describe.each([
  ["one call", [{ name: "deploy", args: { path: "a" }, id: "d1" }]],
  ["two calls", [{ name: "deploy", args: { path: "a" }, id: "d1" }, { name: "notify", args: { path: "b" }, id: "n1" }]],
] as Array<[string, PlannedCall[]]>)("a createAgent tool turn with %s", (_, calls) => {
  test("pausing writes the message history only as the input and as createAgent's Send to the tools task", async () => {
    const saver = new RecordingSaver();
    const { agent } = agentOn(saver, calls);
    const config = newThread();
    await agent.invoke(longConversation(), config);
    expect(await getInterrupt(agent, config)).toBeDefined();
    expect(saver.historyWrites).toEqual(["messages", "__pregel_tasks"]);
  });

  test("the middleware's afterModel update carries no messages, and the approved turn ends with each message once", async () => {
    const saver = new RecordingSaver();
    const { agent, tools } = agentOn(saver, calls);
    const config = newThread();
    const updates: Array<Record<string, unknown>> = [];
    for await (const chunk of await agent.stream(longConversation(), { ...config, streamMode: "updates" })) updates.push(chunk as Record<string, unknown>);
    const afterModel = updates.find((update) => "ApprovalMiddleware.after_model" in update)?.["ApprovalMiddleware.after_model"] as { messages?: unknown[]; jumpTo?: unknown };
    expect(afterModel).toMatchObject({ jumpTo: "tools", messages: [] });

    const approveAll: ToolApprovalDecision[] = calls.map(() => ({ type: "approve" }));
    await resume(agent, config, approveAll);
    const messages = ((await agent.getState(config)).values as { messages: BaseMessage[] }).messages;
    const ids = messages.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(messages.filter((message) => String(message.content).includes(MARKER))).toHaveLength(1);
    expect(messages.map((message) => message.getType())).toEqual([...Array(7).fill("human"), "ai", ...calls.map(() => "tool"), "ai"]);
    expect(tools.map((t) => t.count)).toEqual(calls.map(() => 1));
  });
});
