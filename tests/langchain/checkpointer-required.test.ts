import { createAgent } from "langchain";
import { isHITLError, type HITLError } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { ScriptedChatModel, ask, countingTool, toolCallingScript } from "../support/fixtures.js";

/** The HITLError a createAgent run failed with (LangChain wraps a middleware's error in its own). */
function hitlErrorOf(error: unknown): HITLError | undefined {
  for (let current = error; current !== undefined && current !== null; current = (current as { cause?: unknown }).cause) {
    if (isHITLError(current)) return current;
  }
  return undefined;
}

describe("createAgent with approvalMiddleware and no checkpointer", () => {
  test("fails with MISSING_CHECKPOINTER naming approvalMiddleware and the createAgent fix, before any tool runs", async () => {
    const allowed = countingTool("read_file");
    const asked = countingTool("delete_file");
    const model = new ScriptedChatModel(toolCallingScript([
      { name: "read_file", args: { path: "a" } },
      { name: "delete_file", args: { path: "b" } },
    ]));
    const agent = createAgent({ model, tools: [allowed.tool, asked.tool] as never, middleware: [approvalMiddleware({ interruptOn: { delete_file: true } })] });
    const error = hitlErrorOf(await agent.invoke(ask()).catch((caught: unknown) => caught));
    expect(error?.code).toBe("MISSING_CHECKPOINTER");
    expect(error?.message).toContain("approvalMiddleware needs a checkpointer");
    expect(error?.message).toContain("createAgent({ checkpointer })");
    expect(error?.message).not.toContain("ApprovalToolNode");
    expect(error?.message).not.toContain("graph.compile");
    expect(error?.details).toEqual([expect.objectContaining({ path: ["checkpointer"], received: null })]);
    expect([allowed.count, asked.count]).toEqual([0, 0]);
  });
});
