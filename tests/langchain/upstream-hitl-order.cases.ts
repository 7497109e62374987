/**
 * The rest of LangChain JS's `humanInTheLoopMiddleware` tests (langchain@1.5.5, hitl.test.ts):
 * "tool call ordering" (5) and "when predicate" (3), ported as in upstream-hitl.cases.ts.
 */
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import type { HITLRequest, HITLResponse, Interrupt, ToolCallRequest } from "langchain";
import { agentOf, calculateTool, calculatorFn, writeFileFn, writeFileTool } from "./upstream-hitl.cases.js";
import { AnyIdHumanMessage, type HitlSubject } from "./upstream-support.js";

const calc = (id: string, a: number, b: number) => ({ id, name: "calculator", args: { a, b, operation: "add" } });
const write = (id: string, filename: string, content: string) => ({ id, name: "write_file", args: { filename, content } });
const interleaved = [[calc("call_1", 1, 2), write("call_2", "file1.txt", "Content 1"), calc("call_3", 3, 4), write("call_4", "file2.txt", "Content 2")]];

function lastAIMessage(messages: BaseMessage[]): AIMessage {
  return messages
    .slice()
    .reverse()
    .find((msg) => AIMessage.isInstance(msg)) as AIMessage;
}

function expectOrder(message: AIMessage | undefined, ids: string[], names: string[]): void {
  expect(message?.tool_calls).toHaveLength(ids.length);
  expect(message?.tool_calls?.map((call) => call.id)).toEqual(ids);
  expect(message?.tool_calls?.map((call) => call.name)).toEqual(names);
}

export function upstreamOrderingCases(subject: HitlSubject): void {
  const { differences } = subject;
  const prompt = (text: string) => ({ messages: [new HumanMessage(text)] });
  beforeEach(() => {
    jest.clearAllMocks();
  });

  describe("tool call ordering", () => {
    it("should reproduce ordering bug with HITL middleware", async () => {
      const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["approve"] }, calculator: false } }, interleaved, [calculateTool, writeFileTool]);
      const config = { configurable: { thread_id: "test-order-bug-reproduction" } };
      const initialResult = await agent.invoke(prompt("Calculate 1+2, write file1, calculate 3+4, write file2"), config);
      expect(initialResult.__interrupt__).toBeDefined();
      const stateBeforeResume = await agent.graph.getState(config);
      const before = lastAIMessage(stateBeforeResume.values.messages);
      expect(before.tool_calls?.map((call) => call.id)).toEqual(["call_1", "call_2", "call_3", "call_4"]);
      const resumeResult = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }, { type: "approve" }] } as HITLResponse }), config);
      const modified = (resumeResult.messages || []).find(
        (msg) => AIMessage.isInstance(msg) && msg.tool_calls?.length === 4 && ["call_1", "call_2", "call_3", "call_4"].every((id) => msg.tool_calls?.find((tc) => tc.id === id)),
      ) as AIMessage;
      expect(modified).toBeDefined();
      expectOrder(modified, ["call_1", "call_2", "call_3", "call_4"], ["calculator", "write_file", "calculator", "write_file"]);
    });

    it("should preserve original order when mixing auto-approved and interrupt tool calls", async () => {
      const { agent } = agentOf(
        subject,
        { interruptOn: { write_file: { allowedDecisions: ["approve"], description: "⚠️ File write operation requires approval" }, calculator: false } },
        interleaved,
        [calculateTool, writeFileTool],
      );
      const config = { configurable: { thread_id: "test-order-1" } };
      const initialResult = await agent.invoke(prompt("Calculate 1+2, write file1, calculate 3+4, write file2"), config);
      expect(initialResult.__interrupt__).toBeDefined();
      const hitlRequest = (initialResult.__interrupt__?.[0] as Interrupt<HITLRequest>).value!;
      expect(hitlRequest.actionRequests).toHaveLength(2);
      expect(hitlRequest.actionRequests[0]?.name).toBe("write_file");
      expect(hitlRequest.actionRequests[0]?.args["filename"]).toBe("file1.txt");
      expect(hitlRequest.actionRequests[1]?.name).toBe("write_file");
      expect(hitlRequest.actionRequests[1]?.args["filename"]).toBe("file2.txt");
      const state = await agent.graph.getState(config);
      expectOrder(lastAIMessage(state.values.messages), ["call_1", "call_2", "call_3", "call_4"], ["calculator", "write_file", "calculator", "write_file"]);
      await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }, { type: "approve" }] } as HITLResponse }), config);
      expect(calculatorFn).toHaveBeenCalledTimes(2);
      expect(writeFileFn).toHaveBeenCalledTimes(2);
      const finalState = await agent.graph.getState(config);
      expectOrder(lastAIMessage(finalState.values.messages), ["call_1", "call_2", "call_3", "call_4"], ["calculator", "write_file", "calculator", "write_file"]);
      expect(calculatorFn.mock.calls[0]?.[0]).toEqual({ a: 1, b: 2, operation: "add" });
      expect(writeFileFn.mock.calls[0]?.[0]).toEqual({ filename: "file1.txt", content: "Content 1" });
      expect(calculatorFn.mock.calls[1]?.[0]).toEqual({ a: 3, b: 4, operation: "add" });
      expect(writeFileFn.mock.calls[1]?.[0]).toEqual({ filename: "file2.txt", content: "Content 2" });
    });

    it("should preserve order when some interrupt calls are rejected", async () => {
      const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["approve", "reject"] }, calculator: false } }, interleaved, [calculateTool, writeFileTool]);
      const config = { configurable: { thread_id: "test-order-reject" } };
      await agent.invoke(prompt("Calculate 1+2, write file1, calculate 3+4, write file2"), config);
      await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }, { type: "reject", message: "File 2 not allowed" }] } as HITLResponse }), config);
      if (differences.rejectRunsApprovedSiblings) {
        // Intended difference: both auto-approved calculators and the approved write run, in the model's order.
        expect(calculatorFn.mock.calls.map(([args]) => args)).toEqual([{ a: 1, b: 2, operation: "add" }, { a: 3, b: 4, operation: "add" }]);
        expect(writeFileFn.mock.calls.map(([args]) => args)).toEqual([{ filename: "file1.txt", content: "Content 1" }]);
      } else {
        expect(calculatorFn).toHaveBeenCalledTimes(0);
        expect(writeFileFn).toHaveBeenCalledTimes(0);
      }
      const state = await agent.graph.getState(config);
      const toolMessages = (state.values.messages as BaseMessage[]).filter((msg) => ToolMessage.isInstance(msg)) as ToolMessage[];
      expect(toolMessages.length).toBeGreaterThan(0);
      const rejectedMessage = toolMessages.find((msg) => msg.tool_call_id === "call_4");
      expect(rejectedMessage).toBeDefined();
      expect(rejectedMessage?.content).toBe("File 2 not allowed");
    });

    it("should preserve order with multiple auto-approved tools between interrupts", async () => {
      const calls = [[write("call_1", "file1.txt", "Content 1"), calc("call_2", 1, 2), calc("call_3", 3, 4), write("call_4", "file2.txt", "Content 2"), calc("call_5", 5, 6)]];
      const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["approve"] }, calculator: false } }, calls, [calculateTool, writeFileTool]);
      const config = { configurable: { thread_id: "test-order-multiple-auto" } };
      const initialResult = await agent.invoke(prompt("Write file1, calculate 1+2, calculate 3+4, write file2, calculate 5+6"), config);
      expect(initialResult.__interrupt__).toBeDefined();
      const state = await agent.graph.getState(config);
      expectOrder(lastAIMessage(state.values.messages), ["call_1", "call_2", "call_3", "call_4", "call_5"], ["write_file", "calculator", "calculator", "write_file", "calculator"]);
      await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }, { type: "approve" }] } as HITLResponse }), config);
      expect(calculatorFn).toHaveBeenCalledTimes(3);
      expect(writeFileFn).toHaveBeenCalledTimes(2);
      expect((writeFileFn.mock.calls[0]?.[0] as { filename: string }).filename).toBe("file1.txt");
      expect(calculatorFn.mock.calls[0]?.[0]).toEqual({ a: 1, b: 2, operation: "add" });
      expect(calculatorFn.mock.calls[1]?.[0]).toEqual({ a: 3, b: 4, operation: "add" });
      expect((writeFileFn.mock.calls[1]?.[0] as { filename: string }).filename).toBe("file2.txt");
      expect(calculatorFn.mock.calls[2]?.[0]).toEqual({ a: 5, b: 6, operation: "add" });
    });

    it("should preserve order when editing interrupt tool calls", async () => {
      const calls = [[calc("call_1", 1, 2), write("call_2", "original1.txt", "Original 1"), calc("call_3", 3, 4), write("call_4", "original2.txt", "Original 2")]];
      const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["approve", "edit"] }, calculator: false } }, calls, [calculateTool, writeFileTool]);
      const config = { configurable: { thread_id: "test-order-edit" } };
      await agent.invoke(prompt("Calculate 1+2, write file1, calculate 3+4, write file2"), config);
      const decisions = [{ type: "edit", editedAction: { name: "write_file", args: { filename: "edited1.txt", content: "Edited 1" } } }, { type: "approve" }];
      await agent.invoke(new Command({ resume: { decisions } as HITLResponse }), config);
      expect(calculatorFn).toHaveBeenCalledTimes(2);
      expect(writeFileFn).toHaveBeenCalledTimes(2);
      expect(calculatorFn.mock.calls[0]?.[0]).toEqual({ a: 1, b: 2, operation: "add" });
      expect(writeFileFn.mock.calls[0]?.[0]).toEqual({ filename: "edited1.txt", content: "Edited 1" });
      expect(calculatorFn.mock.calls[1]?.[0]).toEqual({ a: 3, b: 4, operation: "add" });
      expect(writeFileFn.mock.calls[1]?.[0]).toEqual({ filename: "original2.txt", content: "Original 2" });
    });
  });

  describe("when predicate", () => {
    const startsWithDanger = (request: ToolCallRequest) => String(request.toolCall.args["filename"] ?? "").startsWith("danger");

    it("auto-approves the tool call when `when` returns false", async () => {
      const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["approve"], when: startsWithDanger } } }, [[write("call_1", "safe.txt", "Safe content")], []], [writeFileTool]);
      const config = { configurable: { thread_id: "test-when-false" } };
      await agent.invoke(prompt("Write to safe.txt"), config);
      const state = await agent.graph.getState(config);
      expect(state.next.length).toBe(0);
      expect(state.tasks?.[0]?.interrupts ?? []).toHaveLength(0);
      expect(writeFileFn).toHaveBeenCalledTimes(1);
      expect(writeFileFn).toHaveBeenCalledWith({ filename: "safe.txt", content: "Safe content" }, expect.anything());
    });

    it("interrupts for the tool call when `when` returns true", async () => {
      const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["approve"], when: startsWithDanger } } }, [[write("call_1", "danger.txt", "Dangerous content")]], [writeFileTool]);
      const config = { configurable: { thread_id: "test-when-true" } };
      await agent.invoke(prompt("Write to danger.txt"), config);
      expect(writeFileFn).not.toHaveBeenCalled();
      const state = await agent.graph.getState(config);
      expect(state.next.length).toBe(1);
      const task = state.tasks?.[0];
      expect(task?.interrupts).toHaveLength(1);
      const hitlRequest = task!.interrupts[0]!.value as HITLRequest;
      expect(hitlRequest.actionRequests).toHaveLength(1);
      expect(hitlRequest.actionRequests[0]?.name).toBe("write_file");
    });

    it("passes a ToolCallRequest with the correct values to `when`", async () => {
      const captured: ToolCallRequest[] = [];
      const when = (request: ToolCallRequest) => {
        captured.push(request);
        return true;
      };
      const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: ["approve"], when } } }, [[write("tc-1", "report.txt", "data")]], [writeFileTool]);
      const config = { configurable: { thread_id: "test-when-args" } };
      await agent.invoke(prompt("Write report"), config);
      expect(captured).toHaveLength(1);
      const request = captured[0]!;
      expect(request.toolCall).toEqual({ id: "tc-1", name: "write_file", args: { filename: "report.txt", content: "data" }, type: "tool_call" });
      expect(request.tool).toBeUndefined();
      expect(request.state.messages).toEqual([new AnyIdHumanMessage("Write report"), expect.objectContaining({ tool_calls: [expect.objectContaining({ id: "tc-1", name: "write_file" })] })]);
      expect(AIMessage.isInstance(request.state.messages[request.state.messages.length - 1])).toBe(true);
      expect(request.runtime).toBeDefined();
      expect(request.runtime.configurable?.thread_id).toBe("test-when-args");
    });
  });
}
