// Contract tests for src/langgraph/tool-node-input.ts and tool-node-runs.ts: which calls a
// ToolNode hands runTool (LangGraph's prebuilt one, and the one LangChain's createAgent runs), with
// which errors, and that each runTool of a run gets the very config object run was given.
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { RunnableConfig } from "@langchain/core/runnables";
import { tool } from "@langchain/core/tools";
import { fakeModel } from "@langchain/core/testing";
import { MemorySaver, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { z } from "zod";
import { toolNodeCalls, ToolNodeRuns, unansweredCalls } from "../../src/langgraph/index.js";

const echo = tool(async ({ text }: { text: string }) => text, { name: "echo", description: "echo", schema: z.object({ text: z.string() }) });

const call = (id: string | undefined, text = id ?? "none"): ToolCall => ({ name: "echo", args: { text }, ...(id === undefined ? {} : { id }), type: "tool_call" });

/** A ToolNode that records what `runTool` receives and answers without running anything. */
class RecordingToolNode extends ToolNode {
  readonly calls: ToolCall[] = [];
  readonly configs: object[] = [];
  protected override async runTool(toolCall: ToolCall, config: LangGraphRunnableConfig): Promise<ToolMessage> {
    this.calls.push(toolCall);
    this.configs.push(config);
    return new ToolMessage({ content: "ok", tool_call_id: toolCall.id ?? "" });
  }
  runWith(input: unknown, config: RunnableConfig): Promise<unknown> {
    return this.run(input, config);
  }
}

const first = call("c1");
const second = call("c2");
const third = call("c3");
const unnamed = call(undefined);
const turn = new AIMessage({ content: "", tool_calls: [first, second, third, unnamed] });
const answeredOne = [new HumanMessage("go"), turn, new ToolMessage({ content: "done", tool_call_id: "c2" })];
const olderTurn = [new AIMessage({ content: "", tool_calls: [call("old")] }), new HumanMessage("again"), turn];

const INPUTS: Array<[string, unknown]> = [
  ["a message list", [new HumanMessage("go"), turn]],
  ["a { messages } state", { messages: [new HumanMessage("go"), turn] }],
  ["a state whose turn is partly answered", { messages: answeredOne }],
  ["a state whose last AIMessage is not the last message", { messages: [...olderTurn, new HumanMessage("after")] }],
  ["a Send packet of one call", { lg_tool_call: second, messages: answeredOne }],
  ["an AIMessage with no tool calls", { messages: [new AIMessage("just text")] }],
];

const REFUSED: Array<[string, unknown]> = [
  ["a state without an AIMessage", { messages: [new HumanMessage("go")] }],
  ["an empty message list", []],
  ["a state whose messages are not messages", { messages: [{ role: "user", content: "go" }] }],
  ["a bare string", "go"],
  ["null", null],
];

describe("which calls LangGraph's prebuilt ToolNode hands runTool", () => {
  test.each(INPUTS)("for %s: the same call objects, in the same order", async (_name, input) => {
    const node = new RecordingToolNode([echo]);
    await node.runWith(input, {});
    const expected = toolNodeCalls(input);
    expect(node.calls).toHaveLength(expected.length);
    node.calls.forEach((received, index) => expect(received).toBe(expected[index]));
  });

  test.each(REFUSED)("for %s: ToolNode refuses with the error toolNodeCalls throws", async (_name, input) => {
    const refusal = await new RecordingToolNode([echo]).runWith(input, {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(() => toolNodeCalls(input)).toThrow(new Error((refusal as Error).message));
  });

  test("every runTool of one run gets the config object run was given, so a value bound to it reaches each call", async () => {
    const runs = new ToolNodeRuns<string>();
    const node = new RecordingToolNode([echo]);
    const given = runs.bind({ configurable: { thread_id: "t" } }, "this run's batch");
    await node.runWith({ messages: [turn] }, given);
    expect(node.configs).toHaveLength(4);
    for (const received of node.configs) {
      expect(received).toBe(given);
      expect(runs.of(received)).toBe("this run's batch");
    }
    expect(runs.of({ configurable: { thread_id: "t" } })).toBeUndefined();
  });
});

describe("which calls the ToolNode of LangChain's createAgent hands runTool", () => {
  /** The agent's own tools node, with runTool replaced by a recorder (its run is LangChain's). */
  function agentToolNode(): { node: { run(input: unknown, config: RunnableConfig): Promise<unknown> }; calls: ToolCall[] } {
    const agent = createAgent({ model: fakeModel(), tools: [echo], checkpointer: new MemorySaver() });
    const nodes = (agent.graph as unknown as { nodes: Record<string, { bound: { run(input: unknown, config: RunnableConfig): Promise<unknown>; runTool: unknown } }> }).nodes;
    const node = nodes["tools"]!.bound;
    const calls: ToolCall[] = [];
    node.runTool = async (toolCall: ToolCall) => {
      calls.push(toolCall);
      return new ToolMessage({ content: "ok", tool_call_id: toolCall.id ?? "" });
    };
    return { node, calls };
  }

  test.each(INPUTS)("for %s: the same calls, in the same order", async (_name, input) => {
    const { node, calls } = agentToolNode();
    await node.run(input, { configurable: {} });
    expect(calls).toEqual(toolNodeCalls(input));
  });

  test.each(REFUSED.filter(([name]) => name !== "null"))("for %s: it refuses with the error toolNodeCalls throws", async (_name, input) => {
    const { node } = agentToolNode();
    const refusal = await node.run(input, { configurable: {} }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(() => toolNodeCalls(input)).toThrow(new Error((refusal as Error).message));
  });
});

describe("unansweredCalls", () => {
  test("is undefined without an AIMessage, and [] for a turn whose calls are all answered", () => {
    const messages: BaseMessage[] = [new HumanMessage("go")];
    expect(unansweredCalls(messages)).toBeUndefined();
    expect(unansweredCalls([new AIMessage({ content: "", tool_calls: [first] }), new ToolMessage({ content: "", tool_call_id: "c1" })])).toEqual([]);
  });
});
