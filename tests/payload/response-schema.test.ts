import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { validateDecisions } from "../../src/decisions/validate-decisions.js";
import { toolArgsSchema } from "../../src/payload/args-schema.js";
import { approvalResponseSchema, questionResponseSchema } from "../../src/payload/response-schema.js";
import { validateResolution, validateResolutions } from "../../src/questions/validate-answer.js";
import type { AskUserQuestionInterruptPayload, AskUserQuestionRequest, ToolApprovalDecisionType, ToolApprovalInterruptPayload } from "../../src/index.js";
import { sampleOf, satisfies } from "../support/json-schema.js";

const deploy = tool(async () => "ok", { name: "deploy", description: "deploys", schema: z.object({ service: z.string().min(1), replicas: z.number().int().min(1) }) });
const findTool = (name: string) => (name === "deploy" ? deploy : undefined);

function approval(calls: Array<{ id: string; allowed?: ToolApprovalDecisionType[] }>): ToolApprovalInterruptPayload {
  const args = { service: "billing", replicas: 2 };
  return {
    type: "tool_approval",
    action_requests: calls.map((call) => ({ tool_call_id: call.id, name: "deploy", arguments: args, args })),
    review_configs: calls.map((call) => ({
      action_name: "deploy",
      tool_call_id: call.id,
      allowed_decisions: call.allowed ?? ["approve", "edit", "reject", "respond"],
      args_schema: toolArgsSchema(deploy.schema)!,
    })),
  };
}

const accepts = (payload: ToolApprovalInterruptPayload, value: unknown) =>
  validateDecisions(payload, value, findTool).then(
    () => true,
    () => false,
  );

const PAIR = approval([{ id: "c1" }, { id: "c2", allowed: ["approve", "reject"] }]);

/** Values our validator refuses, and the schema must refuse too. */
const REFUSED: Array<[string, unknown]> = [
  ["a missing decision", { c1: { type: "approve" } }],
  ["an unknown tool_call_id", { c1: { type: "approve" }, c2: { type: "approve" }, c3: { type: "approve" } }],
  ["an unknown decision type", { c1: { type: "accept" }, c2: { type: "approve" } }],
  ["a decision outside the call's allowed_decisions", { c1: { type: "approve" }, c2: { type: "edit", updatedInput: { service: "x", replicas: 1 } } }],
  ["a decision that is not an object", { c1: "approve", c2: { type: "approve" } }],
  ["a respond without responseText", { c1: { type: "respond" }, c2: { type: "approve" } }],
  ["a reject with LangChain's message field", { c1: { type: "reject", message: "no" }, c2: { type: "approve" } }],
  ["a reject whose reason is not a string", { c1: { type: "reject", reason: 42 }, c2: { type: "approve" } }],
  ["an edit whose updatedInput is not an object", { c1: { type: "edit", updatedInput: "replicas=3" }, c2: { type: "approve" } }],
  ["an edit whose argument has the wrong type", { c1: { type: "edit", updatedInput: { service: "billing", replicas: "3" } }, c2: { type: "approve" } }],
  ["an edit missing a required argument", { c1: { type: "edit", updatedInput: { service: "billing" } }, c2: { type: "approve" } }],
  ["an edit out of the argument's bounds", { c1: { type: "edit", updatedInput: { service: "billing", replicas: 0 } }, c2: { type: "approve" } }],
  ["a plain string", "approve"],
  ["null", null],
];

describe("approvalResponseSchema", () => {
  test.each(REFUSED)("refuses %s, as the validator does", async (_label, value) => {
    expect(await accepts(PAIR, value)).toBe(false);
    expect(satisfies(approvalResponseSchema(PAIR), value)).toBe(false);
  });

  test.each([0, 1, 2, 3])("the value built from alternative %i of each call passes the schema and the validator", async (branch) => {
    const schema = approvalResponseSchema(PAIR);
    const value = sampleOf(schema, branch);
    expect(satisfies(schema, value)).toBe(true);
    expect(await accepts(PAIR, value)).toBe(true);
  });

  test("a call with no allowed decision accepts nothing", () => {
    const schema = approvalResponseSchema(approval([{ id: "c1", allowed: [] }]));
    expect(satisfies(schema, { c1: { type: "approve" } })).toBe(false);
  });

  test("it is compact: the tool's argument schema appears once, and each further call of the tool adds one short $ref", () => {
    const bytes = (count: number) => JSON.stringify(approvalResponseSchema(approval(Array.from({ length: count }, (_, index) => ({ id: `call_${index}` }))))).length;
    const argsSchema = JSON.stringify(toolArgsSchema(deploy.schema));
    const ten = JSON.stringify(approvalResponseSchema(approval(Array.from({ length: 10 }, (_, index) => ({ id: `call_${index}` })))));
    expect(ten.split(argsSchema)).toHaveLength(2);
    // `"call_9":{"$ref":"#/$defs/d0"}` and `"call_9"` in `required`.
    expect((bytes(10) - bytes(1)) / 9).toBeLessThan(50);
  });

  test("what only one call uses is written in place: a one-call schema has no $defs and no $ref, and still checks the edit's arguments", async () => {
    const single = approval([{ id: "c1" }]);
    const schema = approvalResponseSchema(single);
    const text = JSON.stringify(schema);
    expect(schema).not.toHaveProperty("$defs");
    expect(text).not.toContain("$ref");
    expect(text.split(JSON.stringify(toolArgsSchema(deploy.schema)))).toHaveLength(2);
    const wrongType = { c1: { type: "edit", updatedInput: { service: "billing", replicas: "3" } } };
    expect(satisfies(schema, wrongType)).toBe(false);
    expect(await accepts(single, wrongType)).toBe(false);
    const edit = { c1: { type: "edit", updatedInput: { service: "billing", replicas: 3 } } };
    expect(satisfies(schema, edit)).toBe(true);
    expect(await accepts(single, edit)).toBe(true);
  });

  const SHAPES: Array<[string, Array<{ id: string; allowed?: ToolApprovalDecisionType[] }>]> = [
    ["one call, one decision", [{ id: "c1", allowed: ["approve"] }]],
    ["one call, only edit", [{ id: "c1", allowed: ["edit"] }]],
    ["two calls, one decision each", [{ id: "c1", allowed: ["approve"] }, { id: "c2", allowed: ["approve"] }]],
    ["a lone edit beside edit-or-reject", [{ id: "c1", allowed: ["edit"] }, { id: "c2", allowed: ["edit", "reject"] }]],
    ["every decision, then approve-or-reject", [{ id: "c1" }, { id: "c2" }, { id: "c3", allowed: ["approve", "reject"] }]],
  ];

  test.each(SHAPES)("%s: every $ref points at a $defs entry, each entry is used more than once, and each call's first alternative passes schema and validator", async (_label, calls) => {
    const payload = approval(calls);
    const schema = approvalResponseSchema(payload) as { $defs?: Record<string, unknown> };
    const text = JSON.stringify(schema);
    const refs = (text.match(/#\/\$defs\/d\d+/g) ?? []).map((ref) => ref.slice("#/$defs/".length));
    for (const ref of refs) expect(schema.$defs).toHaveProperty(ref);
    for (const key of Object.keys(schema.$defs ?? {})) expect(refs.filter((ref) => ref === key).length).toBeGreaterThan(1);
    const value = sampleOf(schema, 0);
    expect(satisfies(schema, value)).toBe(true);
    expect(await accepts(payload, value)).toBe(true);
  });
});

const OPEN: AskUserQuestionRequest = { question: "Why?" };
const CLOSED: AskUserQuestionRequest = { question: "Which?", options: [{ label: "A", value: "a" }, { label: "B", value: "b" }], allowFreeText: false };
const MULTI: AskUserQuestionRequest = { question: "Which ones?", options: [{ label: "A", value: "a" }, { label: "B", value: "b" }], multiSelect: true, allowFreeText: false };

const one = (question: AskUserQuestionRequest): AskUserQuestionInterruptPayload => ({ type: "ask_user_question", question });
const several: AskUserQuestionInterruptPayload = { type: "ask_user_question", question: OPEN, questions: [OPEN, CLOSED, MULTI] };

const validAnswer = (payload: AskUserQuestionInterruptPayload, value: unknown): boolean => {
  try {
    if (payload.questions === undefined) validateResolution(payload.question, value);
    else validateResolutions(payload.questions, value);
    return true;
  } catch {
    return false;
  }
};

describe("questionResponseSchema", () => {
  test.each([
    ["an open question, answered with text", one(OPEN), { answer: "because" }, true],
    ["an open question, answered with a number", one(OPEN), { answer: 3 }, false],
    ["an open question, without answer", one(OPEN), {}, false],
    ["an open question, with an extra field", one(OPEN), { answer: "x", mood: "happy" }, false],
    ["a closed question, answered with an option", one(CLOSED), { answer: "b" }, true],
    ["a closed question, answered outside its options", one(CLOSED), { answer: "c" }, false],
    ["a multi-select question, answered with options", one(MULTI), { answer: ["a", "b"] }, true],
    ["a multi-select question, answered with a string", one(MULTI), { answer: "a" }, false],
    ["a multi-select question, answered outside its options", one(MULTI), { answer: ["z"] }, false],
    ["several questions, all answered", several, { answers: { "Why?": "x", "Which?": "a", "Which ones?": [] } }, true],
    ["several questions, one missing", several, { answers: { "Why?": "x", "Which?": "a" } }, false],
    ["several questions, an unknown one", several, { answers: { "Why?": "x", "Which?": "a", "Which ones?": [], "When?": "now" } }, false],
    ["several questions, answered as one", several, { answer: "x" }, false],
  ])("%s: the schema and the validator agree (%p)", (_label, payload, value, valid) => {
    expect(validAnswer(payload, value)).toBe(valid);
    expect(satisfies(questionResponseSchema(payload), value)).toBe(valid);
  });

  test.each([one(OPEN), one(CLOSED), one(MULTI), several])("a value built from the schema alone is a valid answer", (payload) => {
    expect(validAnswer(payload, sampleOf(questionResponseSchema(payload)))).toBe(true);
  });
});

describe("the response_schema of an approval that offers standing grants", () => {
  const offered: ToolApprovalInterruptPayload = {
    ...approval([{ id: "c1" }, { id: "c2" }]),
    review_configs: approval([{ id: "c1" }, { id: "c2" }]).review_configs.map((config) =>
      config.tool_call_id === "c1" ? { ...config, grants: { scopes: [{ name: "thread" }, { name: "user", key: "u_42" }], matches: ["arguments", "tool", "predicate"], predicates: ["small"], max_duration_ms: 60_000 } } : config,
    ),
  };
  const schema = approvalResponseSchema(offered);

  test.each([
    ["a grant the offer allows", { c1: { type: "approve", grant: { scope: "user", match: { kind: "predicate", name: "small" }, expiresInMs: 60_000 } }, c2: { type: "approve" } }, true],
    ["an approve without a grant", { c1: { type: "approve" }, c2: { type: "approve" } }, true],
    ["a grant on a call that offers none", { c1: { type: "approve" }, c2: { type: "approve", grant: { scope: "thread", expiresInMs: 1 } } }, false],
    ["a scope not offered", { c1: { type: "approve", grant: { scope: "team", expiresInMs: 1 } }, c2: { type: "approve" } }, false],
    ["a duration beyond the longest", { c1: { type: "approve", grant: { scope: "thread", expiresInMs: 60_001 } }, c2: { type: "approve" } }, false],
    ["a predicate not offered", { c1: { type: "approve", grant: { scope: "thread", match: { kind: "predicate", name: "big" }, expiresInMs: 1 } }, c2: { type: "approve" } }, false],
  ])("%s: the schema and our validator agree", async (_label, value, valid) => {
    expect(satisfies(schema, value)).toBe(valid);
    expect(await accepts(offered, value)).toBe(valid);
  });
});
