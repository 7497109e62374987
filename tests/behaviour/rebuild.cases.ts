import { getInterrupt, resume } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

export const rebuildCases: BehaviourCases = (saver, adapter) => {
  describe("a graph rebuilt over the same checkpointer", () => {
    test("finds the pending approval and resumes it; every tool still runs exactly once", async () => {
      const checkpointer = await saver();
      const calls = [
        { name: "read_file", args: { path: "a" } },
        { name: "delete_file", args: { path: "b" } },
      ];
      const build = () => {
        const read = countingTool("read_file");
        const del = countingTool("delete_file");
        const node = adapter.approvals([read.tool, del.tool], { interruptOn: { delete_file: true } });
        return { read, del, ...adapter.agentGraph(node, calls, checkpointer) };
      };
      const first = build();
      const config = newThread();
      await first.graph.invoke(ask(), config);

      const second = build();
      const pending = await getInterrupt(second.graph, config);
      expect(pending?.payload.type).toBe("tool_approval");
      const { values } = await resume(second.graph, config, [{ type: "edit", updatedInput: { path: "c" } }], { interruptId: pending!.interruptId });
      expect([first.read.count, first.del.count]).toEqual([0, 0]);
      expect(second.read.runs).toEqual([{ path: "a" }]);
      expect(second.del.runs).toEqual([{ path: "c" }]);
      expect(toolMessages(values)).toHaveLength(2);
    });
  });
};
