import { z } from "zod";
import { tool } from "@langchain/core/tools";
import { validateDecisions } from "../../src/decisions/validate-decisions.js";
import { isHITLError, type HITLError, type ToolApprovalDecision, type ToolApprovalDecisionType, type ToolApprovalInterruptPayload } from "../../src/index.js";

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

  test.each([
    ["an asynchronous", z.object({ env: z.string() }).refine(async (value) => value.env !== "moon", { message: "not the moon" }), "not the moon"],
    ["a throwing", z.object({ env: z.string() }).refine((value) => { if (value.env === "moon") throw new Error("cannot judge the moon"); return true; }), "cannot judge the moon"],
  ])("refuses an edit %s refinement fails, naming why", async (_kind, schema, reason) => {
    const strict = tool(async () => "ok", { name: "deploy", description: "deploys", schema: schema as never });
    const error = await validateDecisions(payload(["edit"]), [{ type: "edit", updatedInput: { env: "moon" } }], () => strict).catch((e: unknown) => e);
    expect(isHITLError(error, "INVALID_EDIT") && error.details.map((detail) => [detail.path, detail.message.includes(reason)])).toEqual([[["updatedInput"], true]]);
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

describe("validateDecisions: refusals in the terms of what was sent", () => {
  const two: ToolApprovalInterruptPayload = {
    type: "tool_approval",
    action_requests: [
      { tool_call_id: "c1", name: "deploy", arguments: { env: "staging" }, args: { env: "staging" } },
      { tool_call_id: "c2", name: "deploy", arguments: { env: "production" }, args: { env: "production" } },
    ],
    review_configs: [
      { action_name: "deploy", tool_call_id: "c1", allowed_decisions: ["approve", "reject"] },
      { action_name: "deploy", tool_call_id: "c2", allowed_decisions: ["approve", "edit", "reject"] },
    ],
  };
  const refusal = (value: unknown, approval: ToolApprovalInterruptPayload = two) =>
    validateDecisions(approval, value, findTool).then(
      () => {
        throw new Error("the value was accepted");
      },
      (error: HITLError) => error,
    );

  test("an unknown decision type lists exactly the call's allowed decisions", async () => {
    const error = await refusal([{ type: "aprove" }, { type: "approve" }]);
    expect(error.code).toBe("INVALID_DECISION");
    expect(error.details).toEqual([{ toolCallId: "c1", path: ["type"], message: expect.any(String), received: "aprove", allowed: ["approve", "reject"] }]);
    expect(error.message).toContain('unknown decision type "aprove" for "deploy"; allowed: approve, reject');
    expect(error.message).not.toContain("respond");
  });

  test("an unknown LangChain decision type lists the call's allowed decisions too, at its place in { decisions }", async () => {
    const error = await refusal({ decisions: [{ type: "approve" }, { type: "accept" }] });
    expect(error.details).toEqual([expect.objectContaining({ toolCallId: "c2", path: ["decisions", 1, "type"], received: "accept", allowed: ["approve", "edit", "reject"] })]);
    expect(error.message).toContain('unknown decision type "accept" for "deploy"; allowed: approve, edit, reject');
  });

  test("an agent-inbox decision that is not allowed is named in agent-inbox's words", async () => {
    const error = await refusal([{ type: "response", args: "done by hand" }], { ...two, action_requests: [two.action_requests[0]!], review_configs: [two.review_configs[0]!] });
    expect(error.details).toEqual([expect.objectContaining({ toolCallId: "c1", path: [0, "type"], received: "response", allowed: ["accept", "ignore"] })]);
    expect(error.message).toContain('decision "response" is not allowed for "deploy"; allowed: accept, ignore');
  });

  test("a bare decision object is refused saying to send an array of decisions or a map by tool_call_id", async () => {
    const error = await refusal({ type: "approve" });
    expect(error.code).toBe("INVALID_DECISION");
    expect(error.details).toEqual([expect.objectContaining({ path: [], received: { type: "approve" }, allowed: expect.arrayContaining(["an object of decisions keyed by tool_call_id"]) })]);
    expect(error.message).toContain("received a single decision object, not decisions: send an array of decisions (one per action request, in order)");
    expect(error.message).toContain("or a map by tool_call_id");
    expect(error.message).not.toContain("tool_call_id \"type\"");
  });

  test("a bare decision object is refused for a one-call approval too (fail closed: no client sends it)", async () => {
    const error = await refusal({ type: "approve" }, { ...two, action_requests: [two.action_requests[0]!], review_configs: [two.review_configs[0]!] });
    expect(error.message).toContain('e.g. [{"type":"approve"}]');
  });

  test.each([
    ["our decisions with agent-inbox's `args`", [{ type: "approve" }, { type: "edit", args: { env: "staging" } }], ["args"], "but no `updatedInput`"],
    ["our decisions with LangChain's `edited_action`", { c1: { type: "approve" }, c2: { type: "edit", edited_action: { name: "deploy", args: { env: "staging" } } } }, ["edited_action"], "but no `updatedInput`"],
    ["LangChain's { decisions } with our `updatedInput`", { decisions: [{ type: "approve" }, { type: "edit", updatedInput: { env: "staging" } }] }, ["decisions", 1, "updatedInput"], "but no `edited_action` or `editedAction`"],
  ])("an edit written with another format's field (%s) names the field each format expects", async (_label, value, path, missing) => {
    const error = await refusal(value);
    expect(error.code).toBe("INVALID_DECISION");
    expect(error.details).toEqual([expect.objectContaining({ toolCallId: "c2", path, received: expect.anything(), allowed: ["updatedInput", "edited_action", "editedAction", "args.args"] })]);
    expect(error.message).toContain(missing);
    for (const field of ["`updatedInput: { …arguments }`", "`edited_action` (or `editedAction`)", "`args: { action, args: { …arguments } }`"]) expect(error.message).toContain(field);
  });

  test("every problem of a submission is reported at once: every call, every kind, in the model's order", async () => {
    const error = await refusal({ c1: { type: "edit", updatedInput: { env: "staging" } }, c2: { type: "edit", updatedInput: { env: "moon" } }, c3: { type: "approve" } });
    expect(error.code).toBe("INVALID_DECISION");
    expect(error.details.map(({ toolCallId, path, received }) => ({ toolCallId, path, received }))).toEqual([
      { toolCallId: "c1", path: ["type"], received: "edit" },
      { toolCallId: "c2", path: ["updatedInput", "env"], received: "moon" },
      { toolCallId: "c3", path: ["c3"], received: "c3" },
    ]);
    expect(error.message).toContain("(+2 more; see `details`)");
  });

  test("only edits that break the schema: INVALID_EDIT with one detail per edit", async () => {
    const both: ToolApprovalInterruptPayload = { ...two, review_configs: two.review_configs.map((config) => ({ ...config, allowed_decisions: ["edit"] })) };
    const error = await refusal([{ type: "edit", updatedInput: { env: "moon" } }, { type: "edit", updatedInput: { env: 3 } }], both);
    expect(error.code).toBe("INVALID_EDIT");
    expect(error.details.map(({ toolCallId, received }) => [toolCallId, received])).toEqual([["c1", "moon"], ["c2", 3]]);
  });
});

describe("validateDecisions: a forged map of decisions", () => {
  const twelveCalls: ToolApprovalInterruptPayload = {
    type: "tool_approval",
    action_requests: Array.from({ length: 12 }, (_, index) => ({ tool_call_id: `c${index}`, name: "deploy", arguments: { env: "staging" }, args: { env: "staging" } })),
    review_configs: Array.from({ length: 12 }, (_, index) => ({ action_name: "deploy", tool_call_id: `c${index}`, allowed_decisions: ["approve" as const] })),
  };

  test("a key no call has is refused naming ten of the pending ids, then how many more", async () => {
    const decisions = { ...Object.fromEntries(twelveCalls.action_requests.map((request) => [request.tool_call_id, { type: "approve" }])), stranger: { type: "approve" } };
    const error = await validateDecisions(twelveCalls, decisions, findTool).catch((e: unknown) => e as HITLError);
    expect(isHITLError(error, "INVALID_DECISION")).toBe(true);
    expect((error as HITLError).details[0]?.message).toBe('no pending action request has tool_call_id "stranger"; the pending ones are "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9" and 2 more');
  });

  test("100 000 unknown keys are refused with 200 details and a count, unknown ids after the calls' own problems", async () => {
    const decisions = { ...Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`u${index}`, { type: "approve" }])), c3: { type: "reject" } };
    const error = (await validateDecisions(twelveCalls, decisions, findTool).catch((e: unknown) => e)) as HITLError;
    expect(error.details).toHaveLength(201);
    // Eleven calls without a decision and c3's disallowed reject come first, in the model's order.
    expect(error.details.slice(0, 12).map((detail) => detail.toolCallId)).toEqual(twelveCalls.action_requests.map((request) => request.tool_call_id));
    expect(error.details[12]?.toolCallId).toBe("u0");
    expect(error.details.at(-1)?.unlisted).toBeGreaterThan(99_000);
  });
});
