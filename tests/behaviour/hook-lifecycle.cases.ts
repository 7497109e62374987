import { HookRegistry, getHaltReason, isHITLError, resume, start } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

export const hookLifecycleCases: BehaviourCases = (saver, adapter) => {
  describe("the hook lifecycle", () => {
    test("PreToolUse for each call, then PermissionDenied for the rejected one and PostToolUse for the approved one, then one PostToolBatch with every call", async () => {
      const seen: string[] = [];
      let batch: Array<{ toolCallId: string; decision: string; status: string }> = [];
      const hooks = new HookRegistry()
        .register("PreToolUse", { hooks: [({ toolCallId, reviewed }) => void seen.push(`PreToolUse ${toolCallId}${reviewed ? " (edit)" : ""}`)] })
        .register("PermissionDenied", { hooks: [({ toolCallId, source }) => void seen.push(`PermissionDenied ${toolCallId} ${source}`)] })
        .register("PostToolUse", { hooks: [({ toolCallId }) => void seen.push(`PostToolUse ${toolCallId}`)] })
        .register("PostToolBatch", { hooks: [({ entries }) => void (batch = entries.map(({ toolCallId, decision, status }) => ({ toolCallId, decision, status })))] });
      const read = countingTool("read_file");
      const del = countingTool("delete_file");
      const setup = adapter.approvals([read.tool, del.tool], { hooks, interruptOn: { delete_file: true } });
      const { graph } = adapter.agentGraph(setup, [
        { name: "read_file", args: { path: "a" }, id: "r1" },
        { name: "delete_file", args: { path: "b" }, id: "d1" },
      ], await saver());
      const config = newThread();
      const paused = await start(graph, ask(), config);
      seen.length = 0;
      await resume(graph, config, [{ type: "reject", reason: "keep it" }], { interruptId: paused.interrupt!.interruptId });
      expect(seen.filter((entry) => entry.startsWith("PreToolUse")).sort()).toEqual(["PreToolUse d1", "PreToolUse r1"]);
      expect(seen.filter((entry) => !entry.startsWith("PreToolUse")).sort()).toEqual(["PermissionDenied d1 reviewer", "PostToolUse r1"]);
      expect(batch).toEqual([
        { toolCallId: "r1", decision: "allow", status: "success" },
        { toolCallId: "d1", decision: "reject", status: "error" },
      ]);
      expect([read.count, del.count]).toEqual([1, 0]);
    });

    test("a PostToolUse halt stops the run after the batch: every call has its ToolMessage and the model is not called again", async () => {
      const hooks = new HookRegistry().register("PostToolUse", { matcher: "read_file", hooks: [() => ({ preventContinuation: true, stopReason: "enough" })] });
      const read = countingTool("read_file");
      const other = countingTool("list_dir");
      const { graph, model } = adapter.agentGraph(adapter.approvals([read.tool, other.tool], { hooks }), [
        { name: "read_file", args: { path: "a" }, id: "r1" },
        { name: "list_dir", args: { path: "b" }, id: "l1" },
      ], await saver());
      const config = newThread();
      const outcome = await start(graph, ask(), config);
      expect(outcome.halted).toEqual({ reason: "enough", event: "PostToolUse", toolCallId: "r1" });
      expect(model.calls).toBe(1);
      expect(toolMessages(outcome.values).map((message) => message.tool_call_id)).toEqual(["r1", "l1"]);
      expect((await getHaltReason(graph, config))?.reason).toBe("enough");
    });

    test("a PreToolUse cancelRun fails the run with RUN_CANCELLED before any call of the batch runs", async () => {
      const hooks = new HookRegistry().register("PreToolUse", { matcher: "deploy", hooks: [() => ({ cancelRun: "change freeze" })] });
      const read = countingTool("read_file");
      const deploy = countingTool("deploy");
      const { graph } = adapter.agentGraph(adapter.approvals([read.tool, deploy.tool], { hooks }), [
        { name: "read_file", args: { path: "a" }, id: "r1" },
        { name: "deploy", args: { path: "prod" }, id: "d1" },
      ], await saver());
      const error = await start(graph, ask(), newThread()).catch((caught: unknown) => caught);
      expect(isHITLError(error, "RUN_CANCELLED")).toBe(true);
      expect([read.count, deploy.count]).toEqual([0, 0]);
    });
  });
};
