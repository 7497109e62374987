/**
 * LangChain JS's own tests of `humanInTheLoopMiddleware` (langchain@1.5.5,
 * `libs/langchain/src/agents/middleware/tests/hitl.test.ts`, its first 11 tests; the refused edits
 * and decisions are in upstream-hitl-refusals.cases.ts, the ordering and `when` tests in
 * upstream-hitl-order.cases.ts), ported to jest with the same agents, tools,
 * scripted model and assertions. Run once per middleware: where ours differs on purpose, the
 * assertion goes through a named `Differences` entry instead of being skipped.
 */
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent, FakeToolCallingModel, type Decision, type HITLRequest, type HITLResponse, type Interrupt } from "langchain";
// zod v4 rather than upstream's zod/v3: under exactOptionalPropertyTypes, zod/v3 schemas do not type-check as tool() schemas.
import { z } from "zod";
import { AnyIdHumanMessage, type HitlOptions, type HitlSubject, type UpstreamAgent } from "./upstream-support.js";

export const writeFileFn = jest.fn(async ({ filename, content }: { filename: string; content: string }) => `Successfully wrote ${content.length} characters to ${filename}`);

export const calculatorFn = jest.fn(async ({ a, b, operation }: { a: number; b: number; operation: string }) => {
  switch (operation) {
    case "add":
      return `${a} + ${b} = ${a + b}`;
    case "multiply":
      return `${a} * ${b} = ${a * b}`;
    default:
      return "Unknown operation";
  }
});

export const calculateTool = tool(calculatorFn, {
  name: "calculator",
  description: "Perform basic math operations",
  schema: z.object({
    a: z.number().describe("First number"),
    b: z.number().describe("Second number"),
    operation: z.enum(["add", "multiply"]).describe("Math operation"),
  }),
});

export const writeFileTool = tool(writeFileFn, {
  name: "write_file",
  description: "Write content to a file",
  schema: z.object({
    filename: z.string().describe("Name of the file"),
    content: z.string().describe("Content to write"),
  }),
});

type Calls = ConstructorParameters<typeof FakeToolCallingModel>[0] extends infer O ? (O extends { toolCalls?: infer C } ? C : never) : never;

/** `createAgent` as every upstream test builds it: the scripted model, a MemorySaver, the tools, one HITL middleware. */
export function agentOf(subject: HitlSubject, options: HitlOptions, toolCalls: Calls, tools: unknown[], systemPrompt?: string): { model: FakeToolCallingModel; agent: UpstreamAgent } {
  const model = new FakeToolCallingModel({ toolCalls });
  const agent = createAgent({
    model,
    checkpointer: new MemorySaver(),
    tools: tools as never,
    middleware: [subject.middleware(options)] as never,
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
  }) as unknown as UpstreamAgent;
  return { model, agent };
}

function lastAI(messages: BaseMessage[]): AIMessage {
  return messages
    .slice()
    .reverse()
    .find((msg) => AIMessage.isInstance(msg)) as AIMessage;
}

export const writeCall = (id: string, filename: string, content: string) => ({ id, name: "write_file", args: { filename, content } });

/** The upstream tests' "write_file allows only edit, with a description" setting. */
const EDIT_WRITE: NonNullable<HitlOptions["interruptOn"]> = { write_file: { allowedDecisions: ["edit"], description: "⚠️ File write operation requires approval" } };

/** The upstream tests' two-call turn (multiply, then write greeting.txt), run until it pauses. */
async function calculateAndWrite(subject: HitlSubject, interruptOn: HitlOptions["interruptOn"], tools: unknown[]) {
  const { agent } = agentOf(
    subject,
    { interruptOn } as HitlOptions,
    [[{ id: "call_1", name: "calculator", args: { a: 42, b: 17, operation: "multiply" } }, writeCall("call_2", "greeting.txt", "Hello World")]],
    tools,
    "You are a helpful assistant. Use the tools provided to help the user.",
  );
  const config = { configurable: { thread_id: "test-123" } };
  const result = await agent.invoke({ messages: [new HumanMessage("Calculate 42 * 17 and write to greeting.txt")] }, config);
  return { agent, config, result };
}

export function upstreamHitlCases(subject: HitlSubject): void {
  const { differences } = subject;
  beforeEach(() => {
    jest.clearAllMocks();
  });

  it("should auto-approve safe tools and interrupt for tools requiring approval", async () => {
    const { agent, model } = agentOf(
      subject,
      { interruptOn: { write_file: { allowedDecisions: ["approve"], description: "⚠️ File write operation requires approval" }, calculator: false } },
      [[{ id: "call_1", name: "calculator", args: { a: 42, b: 17, operation: "multiply" } }], [writeCall("call_2", "greeting.txt", "Hello World")], []],
      [calculateTool, writeFileTool],
      "You are a helpful assistant. Use the tools provided to help the user.",
    );
    const config = { configurable: { thread_id: "test-123" } };
    const mathResult = await agent.invoke({ messages: [new HumanMessage("Calculate 42 * 17")] }, config);
    expect(writeFileFn).not.toHaveBeenCalled();
    expect(calculatorFn).toHaveBeenCalledTimes(1);
    expect(calculatorFn).toHaveBeenCalledWith({ a: 42, b: 17, operation: "multiply" }, expect.anything());
    const mathMessages = mathResult.messages;
    expect(mathMessages).toHaveLength(4);
    expect(HumanMessage.isInstance(mathMessages[0])).toBe(true);
    expect(mathMessages[0]).toEqual(new AnyIdHumanMessage("Calculate 42 * 17"));
    expect(AIMessage.isInstance(mathMessages[1])).toBe(true);
    expect(mathMessages[1]!.content).toEqual(expect.stringContaining("You are a helpful assistant."));
    expect(ToolMessage.isInstance(mathMessages[2])).toBe(true);
    expect(mathMessages[2]!.content).toEqual(expect.stringContaining("42 * 17 = 714"));
    expect(AIMessage.isInstance(mathMessages[3])).toBe(true);
    expect(mathMessages[3]!.content).toEqual(expect.stringContaining("42 * 17 = 714"));

    model.index = 1;
    await agent.invoke({ messages: [new HumanMessage("Write 'Hello World' to greeting.txt")] }, config);
    expect(writeFileFn).not.toHaveBeenCalled();
    const state = await agent.graph.getState(config);
    expect(state.next).toBeDefined();
    expect(state.next.length).toBe(1);
    const task = state.tasks?.[0];
    expect(task).toBeDefined();
    expect(task!.interrupts).toBeDefined();
    expect(task!.interrupts.length).toBe(1);
    differences.hitlRequest(task!.interrupts[0]!.value, {
      actionRequests: [{ args: { content: "Hello World", filename: "greeting.txt" }, description: "⚠️ File write operation requires approval", name: "write_file" }],
      reviewConfigs: [{ actionName: "write_file", allowedDecisions: ["approve"] }],
    });

    model.index = 1;
    const resumedResult = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } as HITLResponse }), config);
    expect(writeFileFn).toHaveBeenCalledTimes(1);
    expect(writeFileFn).toHaveBeenCalledWith({ filename: "greeting.txt", content: "Hello World" }, expect.anything());
    const finalMessages = resumedResult.messages;
    expect(finalMessages[finalMessages.length - 1]!.content).toBe("Successfully wrote 11 characters to greeting.txt");
  });

  it("should handle edit response type", async () => {
    const { agent } = agentOf(subject, { interruptOn: { write_file: true } }, [[writeCall("call_1", "dangerous.txt", "Dangerous content")]], [writeFileTool]);
    const config = { configurable: { thread_id: "test-edit" } };
    await agent.invoke({ messages: [new HumanMessage("Write dangerous content")] }, config);
    await agent.invoke(
      new Command({ resume: { decisions: [{ type: "edit", editedAction: { name: "write_file", args: { filename: "safe.txt", content: "Safe content" } } }] } as HITLResponse }),
      config,
    );
    expect(writeFileFn).toHaveBeenCalledTimes(1);
    expect(writeFileFn).toHaveBeenCalledWith({ filename: "safe.txt", content: "Safe content" }, expect.anything());
  });

  it("should return to model without executing approved tools when any tool is rejected", async () => {
    const { agent } = agentOf(
      subject,
      { interruptOn: { calculator: { allowedDecisions: ["approve", "reject"] }, write_file: { allowedDecisions: ["approve", "reject"] } } },
      [[{ id: "call_1", name: "calculator", args: { a: 5, b: 5, operation: "add" } }, writeCall("call_2", "approved.txt", "approved")]],
      [calculateTool, writeFileTool],
    );
    const config = { configurable: { thread_id: "test-partial-reject" } };
    await agent.invoke({ messages: [new HumanMessage("Calculate 5+5 and write to file")] }, config);
    const result = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }, { type: "reject", message: "File write not allowed" }] } as HITLResponse }), config);
    const toolMessages = result.messages.filter((msg: BaseMessage) => ToolMessage.isInstance(msg)) as ToolMessage[];
    const rejected = toolMessages.find((message) => message.tool_call_id === "call_2");
    expect(toolMessages.length).toBe(differences.rejectRunsApprovedSiblings ? 2 : 1);
    expect(rejected?.content).toBe("File write not allowed");
    expect(rejected?.status).toBe("error");
    expect(rejected?.name).toBe("write_file");
    const aiMessage = result.messages
      .slice()
      .reverse()
      .find((msg: BaseMessage) => AIMessage.isInstance(msg)) as AIMessage;
    expect(aiMessage.tool_calls).toHaveLength(2);
    expect(aiMessage.tool_calls?.[0]).toMatchObject({ id: "call_1", name: "calculator", args: { a: 5, b: 5, operation: "add" } });
    expect(aiMessage.tool_calls?.[1]).toMatchObject({ id: "call_2", name: "write_file", args: { filename: "approved.txt", content: "approved" } });
    if (differences.rejectRunsApprovedSiblings) {
      // Intended difference: the approved calculator runs once and answers its own call, before the rejection.
      expect(calculatorFn).toHaveBeenCalledTimes(1);
      expect(toolMessages.map((message) => [message.tool_call_id, message.status])).toEqual([["call_1", "success"], ["call_2", "error"]]);
    } else {
      expect(calculatorFn).not.toHaveBeenCalled();
    }
    expect(writeFileFn).not.toHaveBeenCalled();
    const stateAfterResume = await agent.graph.getState(config);
    expect(stateAfterResume.next).toBeDefined();
    if (differences.rejectRunsApprovedSiblings) {
      // Intended difference: the model is called again with both results (the scripted model echoes what it read).
      expect(String(lastAI(stateAfterResume.values.messages).content)).toContain("5 + 5 = 10");
      expect(String(lastAI(stateAfterResume.values.messages).content)).toContain("File write not allowed");
    } else {
      expect(stateAfterResume.next.length).toBeGreaterThan(0);
    }
  });

  it("should handle manual response type", async () => {
    const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["reject"] } } }, [[writeCall("call_1", "manual.txt", "Manual content")]], [writeFileTool]);
    const config = { configurable: { thread_id: "test-manual" } };
    await agent.invoke({ messages: [new HumanMessage("Write to manual file")] }, config);
    const resumedResult = await agent.invoke(new Command({ resume: { decisions: [{ type: "reject", message: "File operation not allowed in demo mode" }] } as HITLResponse }), config);
    expect(writeFileFn).not.toHaveBeenCalled();
    const { messages } = resumedResult;
    expect(messages[messages.length - 1]!.content).toBe("File operation not allowed in demo mode");
    expect((messages[messages.length - 1] as ToolMessage).tool_call_id).toBe("call_1");
  });

  it("should generate default rejection message when message is not provided", async () => {
    const { agent } = agentOf(
      subject,
      { interruptOn: { calculator: { allowedDecisions: ["reject"] } } },
      [[{ id: "call_123", name: "calculator", args: { a: 3, b: 4, operation: "add" } }]],
      [calculateTool],
    );
    const config = { configurable: { thread_id: "test-default-reject-msg" } };
    await agent.invoke({ messages: [new HumanMessage("Calculate 3 + 4")] }, config);
    const result = await agent.invoke(new Command({ resume: { decisions: [{ type: "reject" }] } as HITLResponse }), config);
    const toolMessage = result.messages
      .slice()
      .reverse()
      .find((msg: BaseMessage) => ToolMessage.isInstance(msg)) as ToolMessage;
    expect(toolMessage).toBeDefined();
    expect(toolMessage.content).toBe("User rejected the tool call for `calculator` with id call_123");
    expect(toolMessage.tool_call_id).toBe("call_123");
  });

  it("should throw if response is not a string", async () => {
    const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["reject"] } } }, [[writeCall("call_1", "manual.txt", "Manual content")]], [writeFileTool]);
    const config = { configurable: { thread_id: "test-manual" } };
    await agent.invoke({ messages: [new HumanMessage("Write to manual file")] }, config);
    const invalidMessage = { action: "write_file", args: "File operation not allowed in demo mode" } as unknown as string;
    await differences.invalidResume(
      () => agent.invoke(new Command({ resume: { decisions: [{ type: "reject", message: invalidMessage }] } as HITLResponse }), config),
      'Tool call response for "write_file" must be a string, got object',
      "INVALID_DECISION",
    );
  });

  it("should allow to interrupt multiple tools at the same time", async () => {
    const { agent, config, result: initialResult } = await calculateAndWrite(subject, { ...EDIT_WRITE, calculator: true }, [calculateTool, writeFileTool]);
    expect(calculatorFn).toHaveBeenCalledTimes(0);
    expect(writeFileFn).toHaveBeenCalledTimes(0);
    const interruptRequest = initialResult.__interrupt__?.[0] as Interrupt<HITLRequest>;
    const hitlRequest = interruptRequest.value!;
    const decisions: Decision[] = hitlRequest.actionRequests.map((action) => {
      if (action.name === "calculator") return { type: "approve" };
      if (action.name === "write_file") return { type: "edit", editedAction: { name: "write_file", args: { filename: "safe.txt", content: "Safe content" } } };
      throw new Error(`Unknown action: ${action.name}`);
    });
    await agent.invoke(new Command({ resume: { decisions } as HITLResponse }), config);
    expect(calculatorFn).toHaveBeenCalledTimes(1);
    expect(writeFileFn).toHaveBeenCalledTimes(1);
    expect(writeFileFn).toHaveBeenCalledWith({ filename: "safe.txt", content: "Safe content" }, expect.anything());
    expect(calculatorFn).toHaveBeenCalledWith({ a: 42, b: 17, operation: "multiply" }, expect.anything());
  });

  it("should throw if not all tool calls have a response", async () => {
    const { agent, config } = await calculateAndWrite(subject, { ...EDIT_WRITE, calculator: true }, [calculateTool, writeFileTool]);
    await differences.invalidResume(
      () => agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } as HITLResponse }), config),
      "Number of human decisions (1) does not match number of hanging tool calls (2).",
      "INVALID_DECISION",
    );
  });

  it("should not allow me to approve if I don't have approve in allowedDecisions", async () => {
    const { agent, config } = await calculateAndWrite(subject, EDIT_WRITE, [writeFileTool]);
    await differences.invalidResume(
      () => agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } as HITLResponse }), config),
      `Unexpected human decision: {"type":"approve"}. Decision type 'approve' is not allowed for tool 'write_file'. Expected one of ["edit"] based on the tool's configuration.`,
      "INVALID_DECISION",
    );
  });

  it("should support dynamic description factory functions", async () => {
    const descriptionFactory = jest.fn(
      (toolCall: { name: string; args: Record<string, string> }) =>
        `Dynamic description for tool: ${toolCall.name}\nFile: ${toolCall.args["filename"]}\nContent length: ${toolCall.args["content"]!.length} characters`,
    );
    const { agent } = agentOf(
      subject,
      { interruptOn: { write_file: { allowedDecisions: ["approve", "edit"], description: descriptionFactory as never } } },
      [[writeCall("call_1", "dynamic.txt", "Hello Dynamic World")]],
      [writeFileTool],
    );
    const config = { configurable: { thread_id: "test-dynamic" } };
    await agent.invoke({ messages: [new HumanMessage("Write dynamic content")] }, config);
    expect(descriptionFactory).toHaveBeenCalledTimes(1);
    expect(descriptionFactory).toHaveBeenCalledWith(
      expect.objectContaining({ id: "call_1", name: "write_file", args: { filename: "dynamic.txt", content: "Hello Dynamic World" } }),
      expect.objectContaining({ messages: expect.any(Array) }),
      expect.objectContaining({ context: expect.anything() }),
    );
    const state = await agent.graph.getState(config);
    const hitlRequest = state.tasks?.[0]!.interrupts[0]!.value as HITLRequest;
    expect(hitlRequest.actionRequests[0]!.description).toBe("Dynamic description for tool: write_file\nFile: dynamic.txt\nContent length: 19 characters");
    await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } as HITLResponse }), config);
    expect(writeFileFn).toHaveBeenCalledTimes(1);
    expect(writeFileFn).toHaveBeenCalledWith({ filename: "dynamic.txt", content: "Hello Dynamic World" }, expect.anything());
  });

  it("should propagate argsSchema to ReviewConfig", async () => {
    const testSchema = { type: "object", properties: { filename: { type: "string" }, content: { type: "string" } } };
    const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["edit"], argsSchema: testSchema } } }, [[writeCall("call_1", "test.txt", "test")]], [writeFileTool]);
    const config = { configurable: { thread_id: "test-args-schema" } };
    const result = await agent.invoke({ messages: [new HumanMessage("Write to file")] }, config);
    const hitlRequest = (result.__interrupt__?.[0] as Interrupt<HITLRequest>).value!;
    expect(hitlRequest.reviewConfigs).toHaveLength(1);
    expect(hitlRequest.reviewConfigs[0]?.argsSchema).toEqual(testSchema);
  });
}
