// Contract tests for what src/langgraph/langchain-agent.ts assumes about LangChain's createAgent
// (beyond its public middleware API). If a langchain release changes one, this file fails first.
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent, createMiddleware, toolStrategy } from "langchain";
import { z } from "zod";
import { isStructuredOutputCall, toolErrorContent, toolsTaskOf } from "../../src/langgraph/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { ScriptedChatModel, ask, countingTool, newThread, toolCallingScript, toolMessages, type PlannedCall } from "../support/fixtures.js";

/** Records the tools task each call of a turn runs in; `oneTask` sends the whole turn to one tools task (as approvalMiddleware does). */
function taskProbe(keys: object[], oneTask: boolean) {
  return createMiddleware({
    name: "TaskProbe",
    ...(oneTask ? { afterModel: { canJumpTo: ["tools"] as const, hook: (state: { messages: BaseMessage[] }) => ((state.messages.at(-1) as AIMessage).tool_calls?.length ? { jumpTo: "tools" as const } : undefined) } } : {}),
    wrapToolCall: async (request, handler) => {
      keys.push(toolsTaskOf(request as never).key);
      return handler(request);
    },
  });
}

function agentWith(calls: PlannedCall[], middleware: unknown[]) {
  const tools = [countingTool("deploy"), countingTool("rollback")];
  return createAgent({ model: new ScriptedChatModel(toolCallingScript(calls)), tools: tools.map((t) => t.tool), middleware: middleware as never, checkpointer: new MemorySaver() }) as unknown as AgentGraph;
}

const twoCalls: PlannedCall[] = [
  { name: "deploy", args: { path: "a" }, id: "d1" },
  { name: "rollback", args: { path: "b" }, id: "r1" },
];

describe("LangChain's createAgent, as src/langgraph/langchain-agent.ts reads it", () => {
  test("the agent's tool node hands every call of one tools task the same task key, and a later task another one", async () => {
    const keys: object[] = [];
    const agent = agentWith(twoCalls, [taskProbe(keys, true)]);
    const config = newThread();
    await agent.invoke(ask(), config);
    await agent.invoke(ask("again"), config);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).toBe(keys[3]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test("calls sent to the tool node one task each (createAgent's own routing) get a key each", async () => {
    const keys: object[] = [];
    await agentWith(twoCalls, [taskProbe(keys, false)]).invoke(ask(), newThread());
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  test("toolStrategy names an untitled schema's tool with the structured-output prefix, and the agent ends on its call instead of running tools", async () => {
    const bound: string[] = [];
    class RecordingModel extends ScriptedChatModel {
      override bindTools(tools: Array<{ name?: string; function?: { name?: string } }> = []): this {
        bound.push(...tools.map((candidate) => candidate.name ?? candidate.function?.name ?? ""));
        return this;
      }
    }
    const structured = () => bound.find((name) => name !== "deploy") ?? "";
    const model = new RecordingModel(() => new AIMessage({ content: "", tool_calls: [{ name: structured(), args: { answer: "42" }, id: "s1", type: "tool_call" }] }));
    const deploy = countingTool("deploy");
    const agent = createAgent({ model, tools: [deploy.tool], responseFormat: toolStrategy(z.object({ answer: z.string() })), middleware: [approvalMiddleware({ interruptOn: { deploy: true } })], checkpointer: new MemorySaver() }) as unknown as AgentGraph;
    const result = (await agent.invoke(ask(), newThread())) as { structuredResponse?: unknown };
    expect(isStructuredOutputCall({ name: structured() })).toBe(true);
    expect(result.structuredResponse).toEqual({ answer: "42" });
    expect(deploy.count).toBe(0);
  });

  test("a tool that throws reads to the model as toolErrorContent says, with or without approvalMiddleware", async () => {
    const failing = tool(
      async () => {
        throw new Error("disk full");
      },
      { name: "deploy", description: "Deploy", schema: z.object({ path: z.string() }) },
    );
    const contents: unknown[] = [];
    for (const middleware of [[], [approvalMiddleware()]]) {
      const agent = createAgent({ model: new ScriptedChatModel(toolCallingScript([{ name: "deploy", args: { path: "a" }, id: "d1" }])), tools: [failing], middleware: middleware as never, checkpointer: new MemorySaver() }) as unknown as AgentGraph;
      const [message] = toolMessages(await agent.invoke(ask(), newThread()));
      expect(message?.status).toBe("error");
      contents.push(message?.content);
    }
    expect(contents).toEqual([toolErrorContent(new Error("disk full"), false), toolErrorContent(new Error("disk full"), false)]);
  });
});
