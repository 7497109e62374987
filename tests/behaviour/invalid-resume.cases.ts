import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { getInterrupt, isHITLError, resume, type HITLErrorCode, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { withDigests } from "../../src/payload/digest.js";
import { ask, countingTool, newThread, toolMessages, interruptsOf } from "../support/fixtures.js";
import type { BehaviourCases, SaverFactory, Adapter } from "./harness.js";

async function pausedBatch(saver: SaverFactory, adapter: Adapter, ids: [string, string] = ["a1", "a2"]) {
  const tool = countingTool("send_email", { schema: z.object({ to: z.string().email() }) });
  const node = adapter.approvals([tool.tool], { interruptOn: { send_email: { allowedDecisions: ["approve", "edit", "reject"] } } });
  const { graph } = adapter.agentGraph(node, [
    { name: "send_email", args: { to: "a@example.com" }, id: ids[0] },
    { name: "send_email", args: { to: "b@example.com" }, id: ids[1] },
  ], await saver());
  const config = newThread();
  await graph.invoke(ask(), config);
  const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
  return { graph, config, tool, pending: pending! };
}

const invalidValues: Array<[string, unknown, HITLErrorCode]> = [
  ["a decision type outside allowed_decisions", [{ type: "respond", responseText: "x" }, { type: "approve" }], "INVALID_DECISION"],
  ["a missing decision in the map form", { a1: { type: "approve" } }, "INVALID_DECISION"],
  ["an unknown tool_call_id", { a1: { type: "approve" }, a2: { type: "approve" }, zz: { type: "approve" } }, "INVALID_DECISION"],
  ["too few decisions in the array form", [{ type: "approve" }], "INVALID_DECISION"],
  ["too many decisions in the array form", [{ type: "approve" }, { type: "approve" }, { type: "approve" }], "INVALID_DECISION"],
  ["an unknown decision type", [{ type: "accept" }, { type: "approve" }], "INVALID_DECISION"],
  ["a decision that is not an object", ["approve", { type: "approve" }], "INVALID_DECISION"],
  ["a decision with fields of another protocol", [{ type: "edit", editedAction: { args: {} } }, { type: "approve" }], "INVALID_DECISION"],
  ["a reject whose reason is not a string", [{ type: "reject", reason: 42 }, { type: "approve" }], "INVALID_DECISION"],
  ["an edit whose updatedInput is not an object", [{ type: "edit", updatedInput: "to=x" }, { type: "approve" }], "INVALID_DECISION"],
  ["a plain string", "approve", "INVALID_DECISION"],
  ["a number", 7, "INVALID_DECISION"],
  ["null", null, "INVALID_DECISION"],
  ["an edit that fails the tool's schema", [{ type: "edit", updatedInput: { to: "not-an-email" } }, { type: "approve" }], "INVALID_EDIT"],
];

export const invalidResumeCases: BehaviourCases = (saver, adapter) => {
  describe("decisions in either form", () => {
    test("decisions may be a map keyed by tool_call_id", async () => {
      const { graph, config, tool, pending } = await pausedBatch(saver, adapter);
      await resume(graph, config, { a2: { type: "reject" }, a1: { type: "approve" } }, { interruptId: pending.interruptId });
      expect(tool.runs).toEqual([{ to: "a@example.com" }]);
    });

    test("a decision map keyed by tool call ids that look like interrupt ids is not misread by LangGraph", async () => {
      const ids: [string, string] = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"];
      const { graph, config, tool, pending } = await pausedBatch(saver, adapter, ids);
      await resume(graph, config, { [ids[0]]: { type: "approve" }, [ids[1]]: { type: "approve" } }, { interruptId: pending.interruptId });
      expect(tool.count).toBe(2);
    });
  });

  describe("resume() refuses what does not fit, before submitting anything", () => {
    test.each(invalidValues)("%s → %s", async (_label, value, code) => {
      const { graph, config, tool, pending } = await pausedBatch(saver, adapter);
      const before = await graph.getState(config);
      const error = await resume(graph, config, value as never, { interruptId: pending.interruptId }).catch((e: unknown) => e);
      expect(isHITLError(error, code)).toBe(true);
      expect(isHITLError(error) && error.details.length).toBeGreaterThan(0);
      expect(tool.count).toBe(0);
      const after = await graph.getState(config);
      expect(after.config.configurable?.["checkpoint_id"]).toBe(before.config.configurable?.["checkpoint_id"]);
      expect((await getInterrupt(graph, config))?.interruptId).toBe(pending.interruptId);
    });

    test("details point at the call each problem belongs to", async () => {
      const { graph, config, pending } = await pausedBatch(saver, adapter);
      const error = await resume(graph, config, { a1: { type: "respond", responseText: "x" } }, { interruptId: pending.interruptId }).catch((e: unknown) => e);
      expect(isHITLError(error) ? error.details.map((d) => [d.toolCallId, d.allowed]) : error).toEqual([
        ["a1", ["approve", "edit", "reject"]],
        // The missing decision names what it may be.
        ["a2", ["approve", "edit", "reject"]],
      ]);
    });
  });

  describe("a raw Command with a bad value never runs a tool and keeps the run resumable", () => {
    test.each(invalidValues.filter(([, value]) => value !== null))("%s → the approval is raised again with an error", async (_label, value, code) => {
      const { graph, config, tool, pending } = await pausedBatch(saver, adapter);
      const result = await graph.invoke(new Command({ resume: { [pending.interruptId]: value } }), config);
      expect(tool.count).toBe(0);
      const raised = interruptsOf(result)[0]?.value as ToolApprovalInterruptPayload;
      expect(raised.type).toBe("tool_approval");
      expect(withDigests(raised).action_requests).toEqual(pending.payload.action_requests);
      expect(raised.error?.code).toBe(code);
      expect(raised.error?.details.length).toBeGreaterThan(0);

      const again = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
      expect(again?.payload.error?.code).toBe(code);
      const { values } = await resume(graph, config, [{ type: "approve" }, { type: "reject" }], { interruptId: again!.interruptId });
      expect(tool.count).toBe(1);
      expect(toolMessages(values).map((m) => m.status)).toEqual(["success", "error"]);
    });

    test("a value with problems of every kind on several calls: resume() and the re-raised approval's error report all of them at once", async () => {
      const { graph, config, tool, pending } = await pausedBatch(saver, adapter);
      // a1: a type this call does not allow; a2: an edit that breaks the schema; zz: no such call.
      const value = { a1: { type: "respond", responseText: "x" }, a2: { type: "edit", updatedInput: { to: "not-an-email" } }, zz: { type: "approve" } };
      const expected = [
        expect.objectContaining({ toolCallId: "a1", path: ["type"], received: "respond", allowed: ["approve", "edit", "reject"] }),
        expect.objectContaining({ toolCallId: "a2", path: ["updatedInput", "to"], received: "not-an-email" }),
        expect.objectContaining({ toolCallId: "zz", path: ["zz"], received: "zz", allowed: ["a1", "a2"] }),
      ];
      const refused = await resume(graph, config, value as never, { interruptId: pending.interruptId }).catch((e: unknown) => e);
      expect(isHITLError(refused, "INVALID_DECISION") && refused.details).toEqual(expected);
      const result = await graph.invoke(new Command({ resume: { [pending.interruptId]: value } }), config);
      const raised = interruptsOf(result)[0]?.value as ToolApprovalInterruptPayload;
      expect(raised.error?.code).toBe("INVALID_DECISION");
      expect(raised.error?.details).toEqual(expected);
      expect(tool.count).toBe(0);
    });

    test("a bare (non id-keyed) Command resume with a bad value is also re-raised", async () => {
      const { graph, config, tool } = await pausedBatch(saver, adapter);
      const result = await graph.invoke(new Command({ resume: [{ type: "teleport" }] }), config);
      expect(tool.count).toBe(0);
      expect((interruptsOf(result)[0]?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_DECISION");
    });

    test("a raw Command with valid decisions is applied like resume()", async () => {
      const { graph, config, tool, pending } = await pausedBatch(saver, adapter);
      const result = await graph.invoke(new Command({ resume: { [pending.interruptId]: [{ type: "approve" }, { type: "approve" }] } }), config);
      expect(tool.count).toBe(2);
      expect(interruptsOf(result)).toEqual([]);
    });
  });
};
