import type { BaseMessage, ToolMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { z } from "zod";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { ApprovalToolNode, getInterrupt, isHITLError, resume, type ApprovalOptions, type ToolApprovalDecision } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { ScriptedChatModel, ask, countingTool, newThread, toolCallingScript } from "../support/fixtures.js";
import { thrownBy } from "../support/thrown-by.js";

/** What the model reads: the ToolMessages of the model call that follows the tools. */
interface Seen {
  graph: AgentGraph;
  tool: ReturnType<typeof countingTool>;
  afterTools(): ToolMessage[];
}

function recordingScript(calls: Array<{ name: string; args: Record<string, unknown>; id: string }>, seen: BaseMessage[][]) {
  const script = toolCallingScript(calls);
  return (messages: BaseMessage[]) => {
    seen.push(messages);
    return script(messages);
  };
}

type Build = (options: ApprovalOptions) => Seen;

function build(kind: "node" | "middleware"): Build {
  return (options) => {
    const tool = countingTool("calculator", { schema: z.object({ a: z.number(), b: z.number() }), result: (args) => `${String(args["a"])} + ${String(args["b"])} = ${Number(args["a"]) + Number(args["b"])}` });
    const inputs: BaseMessage[][] = [];
    const script = recordingScript([{ name: "calculator", args: { a: 3, b: 4 }, id: "call_123" }], inputs);
    const graph =
      kind === "node"
        ? (scriptedAgent(new ApprovalToolNode([tool.tool], options), script, new MemorySaver()).graph as unknown as AgentGraph)
        : (createAgent({ model: new ScriptedChatModel(script), tools: [tool.tool], middleware: [approvalMiddleware(options)], checkpointer: new MemorySaver() }) as unknown as AgentGraph);
    const afterTools = () => {
      const last = inputs[inputs.length - 1] ?? [];
      return last.filter((message): message is ToolMessage => message.getType() === "tool");
    };
    return { graph, tool, afterTools };
  };
}

async function decide(seen: Seen, decision: ToolApprovalDecision): Promise<ToolMessage> {
  const config = newThread();
  await seen.graph.invoke(ask(), config);
  const pending = await getInterrupt(seen.graph, config);
  await resume(seen.graph, config, [decision], { interruptId: pending!.interruptId });
  const [message] = seen.afterTools();
  expect(message).toBeDefined();
  return message!;
}

const ask3 = { interruptOn: { calculator: true } };

describe.each([
  ["approvalMiddleware", build("middleware"), "langchain"],
  ["ApprovalToolNode", build("node"), "langgraph-hitl"],
] as const)("what the model reads after a reviewer's decision, with %s", (_name, make, preset) => {
  test(`a reject without a message reads as the ${preset} preset says, and the audit record says a person rejected it`, async () => {
    const message = await decide(make(ask3), { type: "reject" });
    expect(message.status).toBe("error");
    expect(message.content).toBe(preset === "langchain" ? "User rejected the tool call for `calculator` with id call_123" : 'Tool "calculator" was not executed: the reviewer rejected it.');
    expect(message.additional_kwargs["hitl"]).toMatchObject({ decision: "reject", source: "reviewer" });
    expect((message.additional_kwargs["hitl"] as { reason?: string }).reason).toBeUndefined();
  });

  test(`a reject with a message reads as the ${preset} preset says (LangChain: the reviewer's text verbatim)`, async () => {
    const message = await decide(make(ask3), { type: "reject", reason: "Not with these numbers" });
    expect(message.content).toBe(preset === "langchain" ? "Not with these numbers" : 'Tool "calculator" was not executed: the reviewer rejected it. Reason: Not with these numbers');
    expect(message.additional_kwargs["hitl"]).toMatchObject({ decision: "reject", source: "reviewer", reason: "Not with these numbers" });
  });

  test("a respond reads as the reviewer's text verbatim, as a successful result", async () => {
    const message = await decide(make(ask3), { type: "respond", responseText: "It is 7." });
    expect(message.status).toBe("success");
    expect(message.content).toBe("It is 7.");
    expect(message.additional_kwargs["hitl"]).toMatchObject({ decision: "respond", source: "reviewer" });
  });

  test("an edit tells the model what ran instead, and the audit record keeps the notice", async () => {
    const seen = make(ask3);
    const message = await decide(seen, { type: "edit", updatedInput: { a: 5, b: 6 } });
    expect(seen.tool.runs).toEqual([{ a: 5, b: 6 }]);
    const notice = 'Executed instead: calculator with arguments {"a":5,"b":6}. A reviewer edited the call before it ran; do not repeat the original call.';
    expect(message.content).toBe(`5 + 6 = 11\n\n${notice}`);
    expect(message.additional_kwargs["hitl"]).toMatchObject({ decision: "edit", source: "reviewer", notice });
  });

  test("an approve changes nothing the model reads: the tool's own output", async () => {
    const message = await decide(make(ask3), { type: "approve" });
    expect(message.content).toBe("3 + 4 = 7");
    expect((message.additional_kwargs["hitl"] as { notice?: string }).notice).toBeUndefined();
  });

  test("templates replace one text each; the other texts stay the adapter's own", async () => {
    const reviewMessages = { reject: "Rejected by a person: {toolName} ({toolCallId})", edit: (context: { toolName: string; arguments: string }) => `[${context.toolName} ran as ${context.arguments}]` };
    const rejected = await decide(make({ ...ask3, reviewMessages }), { type: "reject" });
    expect(rejected.content).toBe("Rejected by a person: calculator (call_123)");
    const withMessage = await decide(make({ ...ask3, reviewMessages }), { type: "reject", reason: "no" });
    expect(withMessage.content).toBe(preset === "langchain" ? "no" : 'Tool "calculator" was not executed: the reviewer rejected it. Reason: no');
    const edited = await decide(make({ ...ask3, reviewMessages }), { type: "edit", updatedInput: { a: 1, b: 1 } });
    expect(edited.content).toBe('1 + 1 = 2\n\n[calculator ran as {"a":1,"b":1}]');
  });

  test("a template function that throws is reported to onHookError and the call reads the preset's text: the batch still gets its ToolMessage", async () => {
    const reported: Array<{ error: unknown; context: unknown }> = [];
    const exploding = () => {
      throw new Error("template exploded");
    };
    const options = { ...ask3, reviewMessages: { rejectWithMessage: exploding, edit: exploding }, onHookError: (error: unknown, context: unknown) => void reported.push({ error, context }) };
    const rejected = await decide(make(options), { type: "reject", reason: "no" });
    expect([rejected.status, rejected.content]).toEqual(["error", preset === "langchain" ? "no" : 'Tool "calculator" was not executed: the reviewer rejected it. Reason: no']);
    const seen = make(options);
    const edited = await decide(seen, { type: "edit", updatedInput: { a: 1, b: 1 } });
    expect(seen.tool.runs).toEqual([{ a: 1, b: 1 }]);
    expect(edited.content).toBe('1 + 1 = 2\n\nExecuted instead: calculator with arguments {"a":1,"b":1}. A reviewer edited the call before it ran; do not repeat the original call.');
    expect(reported.map(({ error, context }) => [(error as Error).message, context])).toEqual([
      ["template exploded", { event: "reviewMessages", toolName: "calculator", toolCallId: "call_123" }],
      ["template exploded", { event: "reviewMessages", toolName: "calculator", toolCallId: "call_123" }],
    ]);
  });

  test("edit: false turns the edit notice off; the other preset is chosen by name", async () => {
    const other = preset === "langchain" ? "langgraph-hitl" : "langchain";
    const edited = await decide(make({ ...ask3, reviewMessages: { edit: false } }), { type: "edit", updatedInput: { a: 1, b: 2 } });
    expect(edited.content).toBe("1 + 2 = 3");
    expect((edited.additional_kwargs["hitl"] as { notice?: string }).notice).toBeUndefined();
    const rejected = await decide(make({ ...ask3, reviewMessages: other }), { type: "reject" });
    expect(rejected.content).toBe(other === "langchain" ? "User rejected the tool call for `calculator` with id call_123" : 'Tool "calculator" was not executed: the reviewer rejected it.');
  });
});

describe("reviewMessages options", () => {
  test.each([
    ["an unknown placeholder", { reject: "Nope {tool}" }, ["reviewMessages", "reject"]],
    ["an unknown preset", "friendly", ["reviewMessages"]],
    ["an unknown key", { rejected: "x" }, ["reviewMessages", "rejected"]],
    ["a template that is neither a string nor a function", { respond: 42 }, ["reviewMessages", "respond"]],
  ])("%s is refused at construction with INVALID_OPTIONS naming it, on both adapters", (_label, reviewMessages, path) => {
    for (const construct of [() => approvalMiddleware({ reviewMessages } as never), () => new ApprovalToolNode([countingTool("calculator").tool], { reviewMessages } as never)]) {
      const error = thrownBy(() => construct());
      expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
      expect((error as { details: Array<{ path?: unknown[] }> }).details[0]?.path).toEqual(path);
    }
  });
});
