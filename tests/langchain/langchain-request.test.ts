import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent, type HITLRequest, type HITLResponse, type Interrupt } from "langchain";
import { z } from "zod";
import { ApprovalToolNode, formatInterrupt, getInterrupt, isToolApprovalInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { approvalMiddleware, type ApprovalMiddlewareInterruptPayload, type ApprovalMiddlewareOptions } from "../../src/langchain/index.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { ScriptedChatModel, agentGraph, ask, countingTool, interruptsOf, newThread, toolCallingScript, type PlannedCall } from "../support/fixtures.js";

// Compiles only while our payload type is assignable to LangChain's own HITLRequest.
const typedAsLangChain = (payload: ApprovalMiddlewareInterruptPayload): HITLRequest => payload;

const writeFile = () => countingTool("write_file", { schema: z.object({ filename: z.string(), content: z.string() }) });
const calls: PlannedCall[] = [
  { name: "write_file", args: { filename: "a.txt", content: "A" }, id: "w1" },
  { name: "write_file", args: { filename: "b.txt", content: "B" }, id: "w2" },
];

async function pausedAgent(options: ApprovalMiddlewareOptions, planned: PlannedCall[] = calls) {
  const tool = writeFile();
  const agent = createAgent({ model: new ScriptedChatModel(toolCallingScript(planned)), tools: [tool.tool], middleware: [approvalMiddleware(options)], checkpointer: new MemorySaver() }) as unknown as AgentGraph;
  const config = newThread();
  const result = await agent.invoke(ask(), config);
  return { agent, config, tool, value: interruptsOf(result)[0]?.value as ApprovalMiddlewareInterruptPayload };
}

describe("approvalMiddleware's interrupt value is LangChain JS's HITLRequest", () => {
  test("code typed against HITLRequest reads every call, in order, with LangChain's default description", async () => {
    const { value } = await pausedAgent({ interruptOn: { write_file: true } });
    const request = typedAsLangChain(value);
    expect(request.actionRequests).toEqual([
      { name: "write_file", args: { filename: "a.txt", content: "A" }, description: 'Tool execution requires approval\n\nTool: write_file\nArgs: {\n  "filename": "a.txt",\n  "content": "A"\n}' },
      { name: "write_file", args: { filename: "b.txt", content: "B" }, description: 'Tool execution requires approval\n\nTool: write_file\nArgs: {\n  "filename": "b.txt",\n  "content": "B"\n}' },
    ]);
    // One review config per call, as LangChain writes them; `respond` is not in LangChain JS's vocabulary.
    expect(request.reviewConfigs).toEqual([
      { actionName: "write_file", allowedDecisions: ["approve", "edit", "reject"] },
      { actionName: "write_file", allowedDecisions: ["approve", "edit", "reject"] },
    ]);
  });

  test("and it stays our snake_case payload: ids, both argument names, the tool's schema, all four decisions, no invented description", async () => {
    const { value } = await pausedAgent({ interruptOn: { write_file: true } });
    expect(isToolApprovalInterrupt(value)).toBe(true);
    expect(value.action_requests.map((request) => [request.tool_call_id, request.arguments, request.args, request.description])).toEqual([
      ["w1", { filename: "a.txt", content: "A" }, { filename: "a.txt", content: "A" }, undefined],
      ["w2", { filename: "b.txt", content: "B" }, { filename: "b.txt", content: "B" }, undefined],
    ]);
    expect(value.review_configs[0]).toMatchObject({ action_name: "write_file", tool_call_id: "w1" });
    expect([...(value.review_configs[0]?.allowed_decisions ?? [])].sort()).toEqual(["approve", "edit", "reject", "respond"]);
    expect(value.review_configs[0]?.args_schema).toMatchObject({ type: "object", properties: { filename: { type: "string" } } });
    expect(formatInterrupt(value)).toContain("1. write_file  (call w1)");
  });

  test("descriptionPrefix, a configured description, argsSchema and allowedDecisions read as in LangChain", async () => {
    const argsSchema = { type: "object", properties: { filename: { type: "string" } } };
    const { value } = await pausedAgent({ descriptionPrefix: "Needs a look", interruptOn: { write_file: { allowedDecisions: ["approve", "respond"], argsSchema } } });
    expect(value.actionRequests[0]?.description).toBe('Needs a look\n\nTool: write_file\nArgs: {\n  "filename": "a.txt",\n  "content": "A"\n}');
    // An explicit prefix describes our own requests too.
    expect(value.action_requests[0]?.description).toBe(value.actionRequests[0]?.description);
    expect(value.reviewConfigs[0]).toEqual({ actionName: "write_file", allowedDecisions: ["approve"], argsSchema });
    expect(value.review_configs[0]?.allowed_decisions).toEqual(["approve", "respond"]);
    const described = await pausedAgent({ interruptOn: { write_file: { description: (call) => `Write ${String(call.args["filename"])}?` } } });
    expect(described.value.actionRequests.map((request) => request.description)).toEqual(["Write a.txt?", "Write b.txt?"]);
    expect(described.value.action_requests.map((request) => request.description)).toEqual(["Write a.txt?", "Write b.txt?"]);
  });

  test("a client that only knows LangChain resumes with HITLResponse read from actionRequests, and exactly the approved call runs", async () => {
    const { agent, config, tool } = await pausedAgent({ interruptOn: { write_file: true } });
    const state = await agent.getState(config);
    const request = (state.tasks[0]?.interrupts?.[0] as Interrupt<HITLRequest>).value!;
    const response: HITLResponse = { decisions: request.actionRequests.map((action) => (action.args["filename"] === "a.txt" ? { type: "approve" } : { type: "reject", message: "not b" })) };
    await agent.invoke(new Command({ resume: response }), config);
    expect(tool.runs).toEqual([{ filename: "a.txt", content: "A" }]);
  });

  test("a re-raised approval (a refused value) still reads as a HITLRequest, with our error beside it", async () => {
    const { agent, config } = await pausedAgent({ interruptOn: { write_file: true } });
    const result = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    const value = interruptsOf(result)[0]?.value as ApprovalMiddlewareInterruptPayload;
    expect(value.error?.code).toBe("INVALID_DECISION");
    expect(typedAsLangChain(value).actionRequests.map((action) => action.args["filename"])).toEqual(["a.txt", "b.txt"]);
  });

  test("getInterrupt and resume() read and answer it as ours", async () => {
    const { agent, config, tool } = await pausedAgent({ interruptOn: { write_file: true } });
    const pending = await getInterrupt(agent, config);
    expect((pending?.payload as ToolApprovalInterruptPayload).action_requests.map((request) => request.digest)).toEqual([expect.any(String), expect.any(String)]);
    await resume(agent, config, { w1: { type: "approve" }, w2: { type: "approve" } }, { interruptId: pending!.interruptId });
    expect(tool.count).toBe(2);
  });
});

describe("ApprovalToolNode keeps the snake_case payload only", () => {
  test("no actionRequests / reviewConfigs and no default description, so its paused threads stay as small as before", async () => {
    const tool = writeFile();
    const { graph } = agentGraph(new ApprovalToolNode([tool.tool], { interruptOn: { write_file: true } }), calls);
    const config = newThread();
    const value = interruptsOf(await graph.invoke(ask(), config))[0]?.value as ToolApprovalInterruptPayload;
    expect(isToolApprovalInterrupt(value)).toBe(true);
    expect(Object.keys(value).sort()).toEqual(["action_requests", "review_configs", "type"]);
    expect(value.action_requests[0]?.description).toBeUndefined();
  });
});
