import { z } from "zod";
import { tool } from "@langchain/core/tools";
import { validateDecisions } from "../../src/decisions/validate-decisions.js";
import { isHITLError, type ToolApprovalDecision, type ToolApprovalDecisionType, type ToolApprovalInterruptPayload } from "../../src/index.js";

const TYPES: ToolApprovalDecisionType[] = ["approve", "edit", "reject", "respond"];
const subsets = Array.from({ length: 15 }, (_, mask) => TYPES.filter((_type, bit) => ((mask + 1) >> bit) & 1));

function payload(allowed: ToolApprovalDecisionType[]): ToolApprovalInterruptPayload {
  return {
    type: "tool_approval",
    action_requests: [{ tool_call_id: "c1", name: "deploy", arguments: { env: "staging" }, args: { env: "staging" } }],
    review_configs: [{ action_name: "deploy", tool_call_id: "c1", allowed_decisions: allowed }],
  };
}

const sample: Record<ToolApprovalDecisionType, ToolApprovalDecision> = {
  approve: { type: "approve" },
  edit: { type: "edit", updatedInput: { env: "production" } },
  reject: { type: "reject", reason: "no" },
  respond: { type: "respond", responseText: "skipped" },
};

const deploy = tool(async () => "ok", { name: "deploy", description: "deploys", schema: z.object({ env: z.enum(["staging", "production"]) }) });
const findTool = (name: string) => (name === "deploy" ? deploy : undefined);

describe("validateDecisions: every decision type × every allowed-decisions combination", () => {
  const cases = subsets.flatMap((allowed) => TYPES.map((type) => [allowed.join("+"), type, allowed.includes(type)] as const));
  test.each(cases)("allowed %s, %s → valid: %s", async (allowedText, type, valid) => {
    const allowed = allowedText.split("+") as ToolApprovalDecisionType[];
    const outcome = await validateDecisions(payload(allowed), [sample[type]], findTool).then(
      (decisions) => decisions.get("c1")?.type,
      (error: unknown) => (isHITLError(error, "INVALID_DECISION") ? error.details[0]?.allowed : error),
    );
    expect(outcome).toEqual(valid ? type : allowed);
  });
});

describe("validateDecisions: edits", () => {
  test("checks updatedInput against a JSON-schema tool too", async () => {
    const jsonTool = { name: "deploy", schema: { type: "object", properties: { env: { type: "string", enum: ["staging"] } }, required: ["env"] } };
    const error = await validateDecisions(payload(["edit"]), [{ type: "edit", updatedInput: { env: "moon" } }], () => jsonTool).catch((e: unknown) => e);
    expect(isHITLError(error, "INVALID_EDIT") && error.details.map((d) => d.path)).toEqual([["updatedInput", "env"]]);
  });

  test("accepts an edit that fits the schema", async () => {
    const decisions = await validateDecisions(payload(["edit"]), { c1: { type: "edit", updatedInput: { env: "production" } } }, findTool);
    expect(decisions.get("c1")).toEqual({ type: "edit", updatedInput: { env: "production" } });
  });
});

describe("validateDecisions: one identity per request", () => {
  const duplicated: ToolApprovalInterruptPayload = {
    type: "tool_approval",
    action_requests: [
      { tool_call_id: "dup", name: "deploy", arguments: { env: "production" }, args: { env: "production" } },
      { tool_call_id: "dup", name: "deploy", arguments: { env: "staging" }, args: { env: "staging" } },
    ],
    review_configs: [
      { action_name: "deploy", tool_call_id: "dup", allowed_decisions: ["approve", "reject"] },
      { action_name: "deploy", tool_call_id: "dup", allowed_decisions: ["approve", "reject"] },
    ],
  };

  test.each([
    ["a positional array", [{ type: "reject" }, { type: "approve" }]],
    ["a map keyed by the shared id", { dup: { type: "approve" } }],
    ["LangChain's { decisions }", { decisions: [{ type: "reject" }, { type: "approve" }] }],
  ])("refuses %s for a payload whose requests share a tool_call_id, with INVALID_DECISION naming the id", async (_label, value) => {
    const error = await validateDecisions(duplicated, value, findTool).catch((caught: unknown) => caught);
    expect(isHITLError(error, "INVALID_DECISION")).toBe(true);
    expect((error as { details: Array<{ toolCallId?: string }> }).details.map((detail) => detail.toolCallId)).toEqual(["dup"]);
  });
});
