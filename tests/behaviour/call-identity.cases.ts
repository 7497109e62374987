import type { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { getInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, interruptsOf, newThread, toolMessages, type PlannedCall } from "../support/fixtures.js";
import type { Adapter, BehaviourCases, SaverFactory } from "./harness.js";

/** The reproduced turn: two different deletions the model gave one id. */
const DUPLICATES: PlannedCall[] = [
  { name: "delete_file", args: { path: "/keep/important" }, id: "dup" },
  { name: "delete_file", args: { path: "/srv/junk" }, id: "dup" },
];
/** A call with an id of its own that needs approval. */
const SIBLING: PlannedCall = { name: "delete_file", args: { path: "/tmp/unique" }, id: "u1" };

async function turn(saver: SaverFactory, adapter: Adapter, calls: PlannedCall[]) {
  const deleteFile = countingTool("delete_file");
  const readFile = countingTool("read_file");
  const setup = adapter.approvals([deleteFile.tool, readFile.tool], { interruptOn: { delete_file: true } });
  const { graph } = adapter.agentGraph(setup, calls, await saver());
  const config = newThread("ids");
  const first = await graph.invoke(ask(), config);
  const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
  return { graph, config, deleteFile, readFile, first, pending };
}

/** What each ToolMessage of the turn says: its call id, status and the approval layer's source. */
function answers(messages: readonly ToolMessage[]): Array<[string, string | undefined, unknown]> {
  return messages.map((message) => [message.tool_call_id, message.status, (message.additional_kwargs["hitl"] as { source?: unknown } | undefined)?.source]);
}

const BLOCKED_DUPLICATES: Array<[string, string, string]> = [
  ["dup", "error", "duplicate_tool_call_id"],
  ["dup", "error", "duplicate_tool_call_id"],
];

export const callIdentityCases: BehaviourCases = (saver, adapter) => {
  describe("one identity per call: calls sharing a tool_call_id", () => {
    test("are never reviewed or run: the run does not pause for them, each gets one blocked ToolMessage, and an allowed sibling runs once", async () => {
      const { deleteFile, readFile, first, pending } = await turn(saver, adapter, [...DUPLICATES, { name: "read_file", args: { path: "/etc/motd" }, id: "r1" }]);
      expect(pending).toBeUndefined();
      expect(deleteFile.runs).toEqual([]);
      expect(readFile.runs).toEqual([{ path: "/etc/motd" }]);
      expect(answers(toolMessages(first))).toEqual([...BLOCKED_DUPLICATES, ["r1", "success", undefined]]);
      expect(toolMessages(first).slice(0, 2).map((message) => message.additional_kwargs["hitl"])).toEqual([
        expect.objectContaining({ decision: "deny", source: "duplicate_tool_call_id", reason: expect.stringContaining('"dup"') }),
        expect.objectContaining({ decision: "deny", source: "duplicate_tool_call_id", reason: expect.stringContaining('"dup"') }),
      ]);
    });

    test("a raw Command with a positional array can only answer the unique sibling: approve runs it once, the duplicates never run", async () => {
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [...DUPLICATES, SIBLING]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      const result = await graph.invoke(new Command({ resume: { [pending!.interruptId]: [{ type: "approve" }] } }), config);
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(result))).toEqual([...BLOCKED_DUPLICATES, ["u1", "success", "reviewer"]]);
    });

    test("a raw Command keyed by id cannot reach the duplicates: a map naming their id is refused and nothing runs; the sibling's own key runs it once", async () => {
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [...DUPLICATES, SIBLING]);
      const refused = await graph.invoke(new Command({ resume: { [pending!.interruptId]: { dup: { type: "approve" }, u1: { type: "reject" } } } }), config);
      const [raised] = interruptsOf(refused);
      expect((raised?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_DECISION");
      expect(deleteFile.runs).toEqual([]);
      const result = await graph.invoke(new Command({ resume: { [raised!.id!]: { u1: { type: "approve" } } } }), config);
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(result))).toEqual([...BLOCKED_DUPLICATES, ["u1", "success", "reviewer"]]);
    });

    test("LangChain's `{ decisions }` value can only answer the unique sibling: it runs once, the duplicates never run", async () => {
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [...DUPLICATES, SIBLING]);
      const result = await graph.invoke(new Command({ resume: { [pending!.interruptId]: { decisions: [{ type: "approve" }] } } }), config);
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(result))).toEqual([...BLOCKED_DUPLICATES, ["u1", "success", "reviewer"]]);
    });

    test("two identical calls sharing one id never run, even once, through resume(); the sibling's approval runs it exactly once", async () => {
      const identical: PlannedCall = { name: "delete_file", args: { path: "/srv/junk" }, id: "dup" };
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [identical, { ...identical }, SIBLING]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(values))).toEqual([...BLOCKED_DUPLICATES, ["u1", "success", "reviewer"]]);
      expect(await getInterrupt(graph, config)).toBeUndefined();
    });
  });
};
