import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ApprovalToolNode, HookRegistry, getInterrupt } from "../../src/index.js";
import { agentGraph, ask, newThread, toolMessages } from "../support/fixtures.js";

/** Tools that record every run: one with a required field, one taking an empty object, one with a JSON schema. */
function recordingTools() {
  const runs: unknown[] = [];
  const make = (name: string, schema: z.ZodObject | Record<string, unknown>) =>
    tool(async (args: unknown) => (runs.push(args), `ran ${JSON.stringify(args)}`), { name, description: name, schema: schema as z.ZodObject });
  return { runs, tools: [make("read_file", z.object({ path: z.string() })), make("list_all", z.object({})), make("ping", { type: "object", properties: {} })] };
}

/** An AIMessage whose one call has `args` as given (`undefined`: no `args` key at all). */
function callWith(name: string, args: unknown): AIMessage {
  const message = new AIMessage({ content: "", tool_calls: [] });
  (message as { tool_calls: unknown[] }).tool_calls = [{ name, id: "c1", type: "tool_call", ...(args === undefined ? {} : { args }) }];
  return message;
}

function hitlOf(message: ToolMessage | undefined): unknown {
  return message?.additional_kwargs["hitl"];
}

describe("a tool call without an arguments object", () => {
  test.each([
    ["read_file", undefined],
    ["read_file", null],
    ["list_all", undefined],
    ["list_all", null],
    ["ping", undefined],
    ["ping", null],
  ])("%s with args %p is answered with an invalid_arguments error, and the tool does not run", async (name, args) => {
    const { runs, tools } = recordingTools();
    const received = (await new ApprovalToolNode(tools).invoke({ messages: [callWith(name, args)] })) as { messages: ToolMessage[] };
    expect(received.messages).toHaveLength(1);
    expect(received.messages[0]?.status).toBe("error");
    expect(hitlOf(received.messages[0])).toMatchObject({ decision: "deny", source: "invalid_arguments" });
    expect(runs).toEqual([]);
  });

  test("hooks never see it: no arguments are invented for them, and no updatedInput can make it run", async () => {
    const { runs, tools } = recordingTools();
    const seen: unknown[] = [];
    const hooks = new HookRegistry().register("PreToolUse", { hooks: [({ toolInput }) => (seen.push(toolInput), { updatedInput: { path: "/default" } })] });
    const { graph } = agentGraph(new ApprovalToolNode(tools, { hooks }), [{ name: "read_file", args: null as never, id: "c1" }]);
    const result = await graph.invoke(ask(), newThread());
    expect(seen).toEqual([]);
    expect(runs).toEqual([]);
    expect(toolMessages(result).map(hitlOf)).toEqual([expect.objectContaining({ source: "invalid_arguments" })]);
  });

  test("a call needing approval is not shown to a reviewer: no interrupt, an invalid_arguments error, no run", async () => {
    const { runs, tools } = recordingTools();
    const node = new ApprovalToolNode(tools, { interruptOn: { list_all: true } });
    const { graph } = agentGraph(node, [{ name: "list_all", args: undefined as never, id: "c1" }]);
    const config = newThread();
    const result = await graph.invoke(ask(), config);
    expect(await getInterrupt(graph, config)).toBeUndefined();
    expect(runs).toEqual([]);
    expect(toolMessages(result).map((message) => [message.status, hitlOf(message)])).toEqual([["error", expect.objectContaining({ source: "invalid_arguments" })]]);
  });
});
