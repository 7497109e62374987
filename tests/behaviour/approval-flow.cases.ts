import { HookRegistry, getInterrupt, isToolApprovalInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages, interruptsOf } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

export const approvalFlowCases: BehaviourCases = (saver, adapter) => {
  describe("one batch, one approval", () => {
    test("every ask of a batch goes into one tool_approval interrupt, in the model's order, with hook-rewritten arguments and reasons", async () => {
      const a = countingTool("write_file");
      const b = countingTool("read_file");
      const c = countingTool("delete_file");
      const hooks = new HookRegistry().register("PreToolUse", {
        matcher: "write_file",
        hooks: [({ toolInput }) => ({ decision: "ask", reason: "writes to disk", updatedInput: { path: `/safe/${String((toolInput as Record<string, unknown>)["path"])}` } })],
      });
      const node = adapter.approvals([a.tool, b.tool, c.tool], {
        hooks,
        interruptOn: { delete_file: { allowedDecisions: ["approve", "reject"], description: "deletes a file" } },
      });
      const { graph } = adapter.agentGraph(node, [
        { name: "write_file", args: { path: "x" }, id: "c1" },
        { name: "read_file", args: { path: "y" }, id: "c2" },
        { name: "delete_file", args: { path: "z" }, id: "c3" },
      ], await saver());
      const config = newThread();
      const result = await graph.invoke(ask(), config);

      expect(interruptsOf(result)).toHaveLength(1);
      const payload = interruptsOf(result)[0]?.value as ToolApprovalInterruptPayload;
      expect(isToolApprovalInterrupt(payload)).toBe(true);
      expect(payload.action_requests.map((r) => [r.tool_call_id, r.name, r.arguments, r.args, r.description])).toEqual([
        ["c1", "write_file", { path: "/safe/x" }, { path: "/safe/x" }, "writes to disk"],
        ["c3", "delete_file", { path: "z" }, { path: "z" }, "deletes a file"],
      ]);
      const argsSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false };
      expect(payload.review_configs).toEqual([
        { action_name: "write_file", tool_call_id: "c1", allowed_decisions: ["approve", "edit", "reject", "respond"], args_schema: argsSchema },
        { action_name: "delete_file", tool_call_id: "c3", allowed_decisions: ["approve", "reject"], args_schema: argsSchema },
      ]);
    });

    test("no tool of the batch runs before the decisions are in, and each runs exactly once across pause and resume", async () => {
      const allowed = countingTool("read_file");
      const asked = countingTool("delete_file");
      const node = adapter.approvals([allowed.tool, asked.tool], { interruptOn: { delete_file: true } });
      const { graph } = adapter.agentGraph(node, [
        { name: "read_file", args: { path: "a" } },
        { name: "delete_file", args: { path: "b" } },
      ], await saver());
      const config = newThread();
      await graph.invoke(ask(), config);
      expect([allowed.count, asked.count]).toEqual([0, 0]);

      const pending = await getInterrupt(graph, config);
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect([allowed.count, asked.count]).toEqual([1, 1]);
      expect(await getInterrupt(graph, config)).toBeUndefined();
    });

    test("every tool call gets exactly one ToolMessage, in the model's order, whatever its outcome", async () => {
      const tools = ["t1", "t2", "t3", "t4", "t5"].map((name) => countingTool(name));
      const hooks = new HookRegistry().register("PreToolUse", { matcher: "t5", hooks: [() => ({ decision: "deny", reason: "no" })] });
      const node = adapter.approvals(tools.map((t) => t.tool), { hooks, interruptOn: { t2: true, t3: true, t4: true } });
      const calls = tools.map((t, index) => ({ name: t.tool.name, args: { path: String(index) }, id: `id${index}` }));
      const { graph } = adapter.agentGraph(node, calls, await saver());
      const config = newThread();
      const paused = await graph.invoke(ask(), config);
      const { values } = await resume(graph, config, { id1: { type: "approve" }, id2: { type: "reject" }, id3: { type: "respond", responseText: "pretend" } }, {
        interruptId: interruptsOf(paused)[0]!.id!,
      });
      const messages = toolMessages(values);
      expect(messages.map((m) => m.tool_call_id)).toEqual(["id0", "id1", "id2", "id3", "id4"]);
      expect(messages.map((m) => m.status)).toEqual(["success", "success", "error", "success", "error"]);
      expect(tools.map((t) => t.count)).toEqual([1, 1, 0, 0, 0]);
    });

    test("a batch with no ask runs straight through without pausing", async () => {
      const tool = countingTool("read_file");
      const node = adapter.approvals([tool.tool], { interruptOn: { read_file: false } });
      const { graph } = adapter.agentGraph(node, [{ name: "read_file", args: { path: "a" } }], await saver());
      const result = await graph.invoke(ask(), newThread());
      expect(interruptsOf(result)).toEqual([]);
      expect(tool.count).toBe(1);
      expect(toolMessages(result)[0]?.additional_kwargs["hitl"]).toBeUndefined();
    });
  });
};
