import { MemorySaver } from "@langchain/langgraph";
import { createAgent, type InterruptOnConfig as LangChainInterruptOnConfig } from "langchain";
import { z } from "zod";
import { ApprovalToolNode, HookRegistry, isHITLError, type ApprovalCallRequest, type ApprovalOptions, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { approvalMiddleware, type ApprovalMiddlewareOptions } from "../../src/langchain/index.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { ScriptedChatModel, agentGraph, ask, countingTool, interruptsOf, newThread, toolCallingScript } from "../support/fixtures.js";
import { thrownBy } from "../support/thrown-by.js";

// A config written for humanInTheLoopMiddleware, typed with LangChain's own types, compiles as ours.
const langChainConfig: { interruptOn: Record<string, boolean | LangChainInterruptOnConfig>; descriptionPrefix: string } = {
  interruptOn: {
    write_file: { allowedDecisions: ["approve", "edit"], description: (toolCall) => `Write ${String(toolCall.args["filename"])}`, when: (request) => request.toolCall.name === "write_file" },
    read_file: false,
  },
  descriptionPrefix: "Needs approval",
};
const asOurs: ApprovalMiddlewareOptions = langChainConfig;

type Adapter = "node" | "middleware";

function graphOf(adapter: Adapter, options: ApprovalOptions, filename = "danger.txt") {
  const tool = countingTool("write_file", { schema: z.object({ filename: z.string() }) });
  const calls = [{ name: "write_file", args: { filename }, id: "w1" }];
  const graph =
    adapter === "node"
      ? (agentGraph(new ApprovalToolNode([tool.tool], options), calls).graph as unknown as AgentGraph)
      : (createAgent({ model: new ScriptedChatModel(toolCallingScript(calls)), tools: [tool.tool], middleware: [approvalMiddleware(options)], checkpointer: new MemorySaver() }) as unknown as AgentGraph);
  return { graph, tool };
}

async function pause(adapter: Adapter, options: ApprovalOptions, filename?: string) {
  const { graph, tool } = graphOf(adapter, options, filename);
  const config = newThread("when");
  const result = await graph.invoke(ask(), config);
  return { tool, value: interruptsOf(result)[0]?.value as ToolApprovalInterruptPayload | undefined, config };
}

describe.each(["middleware", "node"] as const)("LangChain's interruptOn settings on %s", (adapter) => {
  test("a config written for humanInTheLoopMiddleware starts, and its when / description apply", async () => {
    expect(() => (adapter === "node" ? new ApprovalToolNode([countingTool("write_file").tool, countingTool("read_file").tool], asOurs) : approvalMiddleware(asOurs))).not.toThrow();
    const { value } = await pause(adapter, { interruptOn: { write_file: langChainConfig.interruptOn["write_file"] as never } });
    expect(value?.action_requests[0]?.description).toBe("Write danger.txt");
    expect(value?.review_configs[0]?.allowed_decisions).toEqual(["approve", "edit"]);
  });

  test("when(request) sees the call, no tool, the state's messages and the runtime's thread", async () => {
    const seen: ApprovalCallRequest[] = [];
    const { config } = await pause(adapter, {
      interruptOn: {
        write_file: {
          when: (request) => {
            seen.push(request);
            return true;
          },
        },
      },
    });
    expect(seen[0]?.toolCall).toMatchObject({ id: "w1", name: "write_file", args: { filename: "danger.txt" } });
    expect(seen[0]?.tool).toBeUndefined();
    expect(seen[0]?.state.messages.map((message) => message.getType())).toEqual(["human", "ai"]);
    expect(seen[0]?.runtime.configurable?.thread_id).toBe(config.configurable.thread_id);
  });

  test("when returning false leaves the call to the policy hooks: it runs unasked, or is asked because a hook says so", async () => {
    const notAsked = await pause(adapter, { interruptOn: { write_file: { when: () => false } } });
    expect(notAsked.value).toBeUndefined();
    expect(notAsked.tool.runs).toEqual([{ filename: "danger.txt" }]);
    const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ decision: "ask", reason: "the hook asks" })] });
    const asked = await pause(adapter, { hooks, interruptOn: { write_file: { when: () => false } } });
    expect(asked.tool.count).toBe(0);
    expect(asked.value?.action_requests[0]?.description).toBe("the hook asks");
  });

  test.each([
    ["throws", () => {
      throw new Error("predicate broke");
    }],
    ["answers a non-boolean", () => "yes" as unknown as boolean],
  ])("a when that %s asks (fail closed) and is reported", async (_label, when) => {
    const reported: unknown[] = [];
    const { value, tool } = await pause(adapter, { interruptOn: { write_file: { when } }, onHookError: (error) => reported.push(error) });
    expect(tool.count).toBe(0);
    expect(value?.action_requests.map((request) => request.tool_call_id)).toEqual(["w1"]);
    expect(reported).toHaveLength(1);
    expect(isHITLError(reported[0], "INVALID_OPTIONS")).toBe(true);
  });

  test("a description function that throws gives no description, and is reported; nothing runs", async () => {
    const reported: unknown[] = [];
    const { value, tool } = await pause(adapter, {
      interruptOn: {
        write_file: {
          description: () => {
            throw new Error("no words");
          },
        },
      },
      onHookError: (error) => reported.push(error),
    });
    expect(tool.count).toBe(0);
    expect(value?.action_requests[0]?.description).toBeUndefined();
    expect(reported).toHaveLength(1);
  });
});

describe("interruptOn settings that are not LangChain's or ours", () => {
  test("an unknown setting is still refused, naming every setting allowed", () => {
    const error = thrownBy(() => approvalMiddleware({ interruptOn: { write_file: { allowedDecision: ["approve"] } } } as never));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect((error as { details: Array<{ path?: unknown[]; allowed?: unknown }> }).details[0]).toMatchObject({
      path: ["interruptOn", "write_file", "allowedDecision"],
      allowed: ["allowedDecisions", "description", "argsSchema", "when", "expiresInMs"],
    });
  });

  test.each([
    ["when", { when: "always" }],
    ["description", { description: 42 }],
    ["argsSchema", { argsSchema: [] }],
  ])("a malformed %s is refused with its path", (setting, entry) => {
    expect(() => approvalMiddleware({ interruptOn: { write_file: entry } } as never)).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS", details: [expect.objectContaining({ path: ["interruptOn", "write_file", setting] })] }));
  });
});
