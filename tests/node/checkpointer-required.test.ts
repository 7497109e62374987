import { ApprovalToolNode, isHITLError } from "../../src/index.js";
import { agentGraph, ask, countingTool } from "../support/fixtures.js";

describe("a graph compiled without a checkpointer", () => {
  test("fails with MISSING_CHECKPOINTER before any tool of the batch runs", async () => {
    const allowed = countingTool("read_file");
    const asked = countingTool("delete_file");
    const node = new ApprovalToolNode([allowed.tool, asked.tool], { interruptOn: { delete_file: true } });
    const { graph } = agentGraph(node, [
      { name: "read_file", args: { path: "a" } },
      { name: "delete_file", args: { path: "b" } },
    ], false);
    const error = await graph.invoke(ask()).catch((e: unknown) => e);
    expect(isHITLError(error, "MISSING_CHECKPOINTER")).toBe(true);
    expect((error as Error).message).toContain("ApprovalToolNode needs a checkpointer");
    expect((error as Error).message).toContain("graph.compile({ checkpointer })");
    expect((error as Error).message).not.toContain("createAgent");
    expect((error as { details: unknown }).details).toEqual([expect.objectContaining({ path: ["checkpointer"], received: null })]);
    expect([allowed.count, asked.count]).toEqual([0, 0]);
  });

  test("still works as a plain ToolNode when no policy could ever ask", async () => {
    const allowed = countingTool("read_file");
    const { graph } = agentGraph(new ApprovalToolNode([allowed.tool]), [{ name: "read_file", args: { path: "a" } }], false);
    await graph.invoke(ask());
    expect(allowed.count).toBe(1);
  });
});
