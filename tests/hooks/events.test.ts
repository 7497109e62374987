import { ApprovalToolNode, HookRegistry, getInterrupt, resume, type HookEvent, type ToolBatchEntry } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

/** Records every event it sees, per tool call. */
function recorder() {
  const seen: Array<[HookEvent, string]> = [];
  const batches: ToolBatchEntry[][] = [];
  const denials: Array<[string, string]> = [];
  const registry = new HookRegistry()
    .register("PostToolUse", { hooks: [({ toolCallId }) => void seen.push(["PostToolUse", toolCallId])] })
    .register("PostToolUseFailure", { hooks: [({ toolCallId }) => void seen.push(["PostToolUseFailure", toolCallId])] })
    .register("PermissionDenied", {
      hooks: [({ toolCallId, source }) => {
        seen.push(["PermissionDenied", toolCallId]);
        denials.push([toolCallId, source]);
      }],
    })
    .register("PostToolBatch", { hooks: [({ entries }) => void batches.push(entries)] });
  return { registry, seen, batches, denials };
}

describe("the tool lifecycle events", () => {
  test("each call fires the right observer, PostToolBatch sees every outcome in order, and PermissionDenied names the source", async () => {
    const { registry, seen, batches, denials } = recorder();
    registry.register("PreToolUse", { matcher: "deny_me", hooks: [() => ({ decision: "deny", reason: "never" })] });
    const tools = ["ok_tool", "ask_a", "ask_b", "ask_c", "deny_me"].map((name) => countingTool(name));
    const broken = countingTool("broken", { fail: true });
    const node = new ApprovalToolNode([...tools.map((t) => t.tool), broken.tool], { hooks: registry, interruptOn: { ask_a: true, ask_b: true, ask_c: true } });
    const names = ["ok_tool", "ask_a", "ask_b", "ask_c", "deny_me", "broken"];
    const { graph } = agentGraph(node, names.map((name, index) => ({ name, args: { path: `p${index}` }, id: `c${index}` })));
    const config = newThread();
    await graph.invoke(ask(), config);
    expect(seen).toEqual([]);
    const pending = await getInterrupt(graph, config);
    await resume(graph, config, { c1: { type: "approve" }, c2: { type: "reject", reason: "nope" }, c3: { type: "respond", responseText: "by hand" } }, { interruptId: pending!.interruptId });

    expect(seen.filter(([event]) => event === "PostToolUse").map(([, id]) => id).sort()).toEqual(["c0", "c1"]);
    expect(seen.filter(([event]) => event === "PostToolUseFailure").map(([, id]) => id)).toEqual(["c5"]);
    expect(denials.sort()).toEqual([["c2", "reviewer"], ["c4", "policy"]]);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((entry) => [entry.toolCallId, entry.status, entry.decision])).toEqual([
      ["c0", "success", "allow"],
      ["c1", "success", "approve"],
      ["c2", "error", "reject"],
      ["c3", "success", "respond"],
      ["c4", "error", "deny"],
      ["c5", "error", "allow"],
    ]);
    expect(batches[0]![3]!.output).toBe("by hand");
  });

  test("PostToolUse can replace the output the model sees and add context; PreToolUse can add context too", async () => {
    const tool = countingTool("read_file", { result: () => "SECRET=hunter2" });
    const hooks = new HookRegistry()
      .register("PreToolUse", { hooks: [() => ({ additionalContext: "Note: files are read-only." })] })
      .register("PostToolUse", { hooks: [({ toolOutput }) => ({ updatedOutput: toolOutput.replace(/hunter2/, "[redacted]"), additionalContext: "Redacted secrets." })] });
    const node = new ApprovalToolNode([tool.tool], { hooks });
    const { graph } = agentGraph(node, [{ name: "read_file", args: { path: ".env" } }]);
    const result = await graph.invoke(ask(), newThread());
    expect(toolMessages(result)[0]?.content).toBe("SECRET=[redacted]\n\nNote: files are read-only.\nRedacted secrets.");
  });

  test("PostToolUseFailure receives the error and can add context", async () => {
    const broken = countingTool("broken", { fail: true });
    const errors: string[] = [];
    const hooks = new HookRegistry().register("PostToolUseFailure", {
      hooks: [({ error }) => {
        errors.push(error);
        return { additionalContext: "Try again later." };
      }],
    });
    const { graph } = agentGraph(new ApprovalToolNode([broken.tool], { hooks }), [{ name: "broken", args: { path: "x" } }]);
    const result = await graph.invoke(ask(), newThread());
    expect(errors[0]).toContain("broken exploded");
    expect(String(toolMessages(result)[0]?.content)).toMatch(/broken exploded[\s\S]*Try again later\.$/);
  });

  test("PermissionDenied fires for a failed hook and for disabled HITL, with their sources", async () => {
    const { registry, denials } = recorder();
    registry.register("PreToolUse", {
      matcher: "flaky_policy",
      hooks: [() => {
        throw new Error("down");
      }],
    });
    const tools = [countingTool("flaky_policy"), countingTool("needs_review")];
    const node = new ApprovalToolNode(tools.map((t) => t.tool), { hooks: registry, interruptOn: { needs_review: true }, humanInTheLoop: { enabled: false }, onHookError: () => undefined });
    const { graph } = agentGraph(node, [
      { name: "flaky_policy", args: { path: "a" }, id: "f" },
      { name: "needs_review", args: { path: "b" }, id: "n" },
    ]);
    await graph.invoke(ask(), newThread());
    expect(denials.sort()).toEqual([["f", "policy_failure"], ["n", "hitl_disabled"]]);
  });

  test("a registration matches PostToolBatch when any call of the batch matches", async () => {
    const batches: number[] = [];
    const hooks = new HookRegistry()
      .register("PostToolBatch", { matcher: "write_file", hooks: [({ entries }) => void batches.push(entries.length)] })
      .register("PostToolBatch", { matcher: "never_called", hooks: [() => void batches.push(-1)] });
    const tools = [countingTool("read_file"), countingTool("write_file")];
    const { graph } = agentGraph(new ApprovalToolNode(tools.map((t) => t.tool), { hooks }), [
      { name: "read_file", args: { path: "a" } },
      { name: "write_file", args: { path: "b" } },
    ]);
    await graph.invoke(ask(), newThread());
    expect(batches).toEqual([2]);
  });
});
