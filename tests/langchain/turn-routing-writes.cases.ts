import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { getInterrupt, resume, type ToolApprovalDecision } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { ScriptedChatModel, countingTool, newThread, toolCallingScript, type PlannedCall } from "../support/fixtures.js";

// createAgent answers an afterModel hook's `{ jumpTo }` with `{ ...state, ...result }`: every state
// key the hook did not return is written again. `approvalMiddleware` jumps to "tools" on every tool
// turn (so the turn is one task), which re-wrote the whole message history as a stored write.

/** Text only the conversation's first message carries: a stored write that contains it carries the history. */
export const HISTORY_MARKER = "history-marker-3f9c";

/** A checkpointer under test, and the channels of the stored writes of a thread that carry the history. */
export interface RecordedSaver {
  saver: BaseCheckpointSaver;
  historyWriteChannels(threadId: string): Promise<string[]>;
}

function longConversation(): { messages: BaseMessage[] } {
  const earlier = Array.from({ length: 5 }, (_, index) => new HumanMessage(`earlier message ${index}`));
  return { messages: [new HumanMessage(`${HISTORY_MARKER} an earlier question`), ...earlier, new HumanMessage("go")] };
}

function agentOn(saver: BaseCheckpointSaver, calls: PlannedCall[]) {
  const tools = calls.map((call) => countingTool(call.name));
  const model = new ScriptedChatModel(toolCallingScript(calls));
  const agent = createAgent({ model, tools: tools.map((t) => t.tool), middleware: [approvalMiddleware({ interruptOn: { deploy: true, notify: true } })] as never, checkpointer: saver });
  return { agent: agent as unknown as AgentGraph, tools };
}

/** The cases, run once per checkpointer. */
export function turnRoutingWriteCases(make: () => RecordedSaver | Promise<RecordedSaver>): void {
  describe.each([
    ["one call", [{ name: "deploy", args: { path: "a" }, id: "d1" }]],
    ["two calls", [{ name: "deploy", args: { path: "a" }, id: "d1" }, { name: "notify", args: { path: "b" }, id: "n1" }]],
  ] as Array<[string, PlannedCall[]]>)("a createAgent tool turn with %s", (_, calls) => {
    test("pausing stores the message history only as the input and as createAgent's Send to the tools task", async () => {
      const { saver, historyWriteChannels } = await make();
      const { agent } = agentOn(saver, calls);
      const config = newThread();
      await agent.invoke(longConversation(), config);
      expect(await getInterrupt(agent, config)).toBeDefined();
      expect((await historyWriteChannels(config.configurable.thread_id)).sort()).toEqual(["__pregel_tasks", "messages"]);
    });

    test("the middleware's afterModel update carries no messages, and the approved turn ends with each message once", async () => {
      const { saver } = await make();
      const { agent, tools } = agentOn(saver, calls);
      const config = newThread();
      const updates: Array<Record<string, unknown>> = [];
      for await (const chunk of await agent.stream(longConversation(), { ...config, streamMode: "updates" })) updates.push(chunk as Record<string, unknown>);
      const afterModel = updates.find((update) => "ApprovalMiddleware.after_model" in update)?.["ApprovalMiddleware.after_model"];
      expect(afterModel).toMatchObject({ jumpTo: "tools", messages: [] });

      const approveAll: ToolApprovalDecision[] = calls.map(() => ({ type: "approve" }));
      await resume(agent, config, approveAll);
      const messages = ((await agent.getState(config)).values as { messages: BaseMessage[] }).messages;
      const ids = messages.map((message) => message.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(messages.filter((message) => String(message.content).includes(HISTORY_MARKER))).toHaveLength(1);
      expect(messages.map((message) => message.getType())).toEqual([...Array(7).fill("human"), "ai", ...calls.map(() => "tool"), "ai"]);
      expect(tools.map((t) => t.count)).toEqual(calls.map(() => 1));
    });
  });
}
