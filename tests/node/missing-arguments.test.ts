import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { ApprovalToolNode, HookRegistry, getInterrupt, resume } from "../../src/index.js";
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

function answer(output: { messages: ToolMessage[] }): Array<[string | undefined, unknown]> {
  return output.messages.map((message) => [message.status, message.content]);
}

describe("a tool call without an arguments object", () => {
  test.each([
    ["read_file", undefined],
    ["read_file", null],
    ["list_all", undefined],
    ["list_all", null],
    ["ping", undefined],
    ["ping", null],
  ])("%s with args %p gets the same answer as under ToolNode, and the tool does not run", async (name, args) => {
    const plain = recordingTools();
    const approval = recordingTools();
    const expected = (await new ToolNode(plain.tools).invoke({ messages: [callWith(name, args)] })) as { messages: ToolMessage[] };
    const received = (await new ApprovalToolNode(approval.tools).invoke({ messages: [callWith(name, args)] })) as { messages: ToolMessage[] };
    expect(answer(received)).toEqual(answer(expected));
    expect(answer(received)[0]?.[0]).toBe("error");
    expect([plain.runs, approval.runs]).toEqual([[], []]);
  });

  test("hooks see no arguments, and a hook's updatedInput is what runs", async () => {
    const { runs, tools } = recordingTools();
    const seen: unknown[] = [];
    const hooks = new HookRegistry().register("PreToolUse", { hooks: [({ toolInput }) => (seen.push(toolInput), { updatedInput: { path: "/default" } })] });
    const { graph } = agentGraph(new ApprovalToolNode(tools, { hooks }), [{ name: "read_file", args: null as never, id: "c1" }]);
    const result = await graph.invoke(ask(), newThread());
    expect(seen).toEqual([{}]);
    expect(runs).toEqual([{ path: "/default" }]);
    expect(toolMessages(result).map((message) => message.status)).toEqual(["success"]);
  });

  test("an approved call without arguments runs as the model sent it: the tool's schema error, no invented arguments", async () => {
    const { runs, tools } = recordingTools();
    const node = new ApprovalToolNode(tools, { interruptOn: { list_all: true } });
    const { graph } = agentGraph(node, [{ name: "list_all", args: undefined as never, id: "c1" }]);
    const config = newThread();
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    expect(pending?.payload).toMatchObject({ action_requests: [{ tool_call_id: "c1", arguments: {} }] });
    const result = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect(runs).toEqual([]);
    expect(toolMessages(result.values).map((message) => message.status)).toEqual(["error"]);
  });
});
