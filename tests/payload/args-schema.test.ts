import { z } from "zod";
import { toolArgsSchema } from "../../src/payload/args-schema.js";
import { isToolApprovalInterrupt } from "../../src/index.js";
import { withDigests } from "../../src/payload/digest.js";

describe("toolArgsSchema", () => {
  test("converts a zod object to JSON Schema without the dialect marker", () => {
    expect(toolArgsSchema(z.object({ service: z.string(), replicas: z.number().int().min(1) }))).toEqual({
      type: "object",
      properties: { service: { type: "string" }, replicas: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
      required: ["service", "replicas"],
      additionalProperties: false,
    });
  });

  test("passes a JSON Schema object through", () => {
    const schema = { type: "object", properties: { path: { type: "string" } } };
    expect(toolArgsSchema(schema)).toEqual(schema);
  });

  test("converts each schema object once", () => {
    const schema = z.object({ path: z.string() });
    expect(toolArgsSchema(schema)).toBe(toolArgsSchema(schema));
  });

  test.each([
    ["no schema", undefined],
    ["null", null],
    ["a string", "object"],
  ])("gives nothing for %s", (_label, schema) => {
    expect(toolArgsSchema(schema)).toBeUndefined();
  });
});

describe("payloads stored before `args` existed", () => {
  const stored = {
    type: "tool_approval",
    action_requests: [{ tool_call_id: "c1", name: "deploy", arguments: { service: "api" } }],
    review_configs: [{ tool_call_id: "c1", action_name: "deploy", allowed_decisions: ["approve"] }],
  };

  test("are still recognised as approvals", () => {
    expect(isToolApprovalInterrupt(stored)).toBe(true);
  });

  test("get `args` filled in from `arguments` when read", () => {
    expect(withDigests(stored).action_requests[0]).toMatchObject({ args: { service: "api" }, arguments: { service: "api" } });
  });

  test.each([
    ["an `args` that is neither an object nor a string", { action_requests: [{ ...stored.action_requests[0], args: 3 }] }],
    ["an `args_schema` that is not an object", { review_configs: [{ ...stored.review_configs[0], args_schema: [] }] }],
  ])("are refused with %s", (_label, change) => {
    expect(isToolApprovalInterrupt({ ...stored, ...change })).toBe(false);
  });
});

test("LangChain's per-call value, which also says `tool_approval`, is not taken for ours", () => {
  const perCall = { type: "tool_approval", tool_call_id: "c1", name: "deploy", args: { service: "api" }, description: "deploys" };
  expect(isToolApprovalInterrupt(perCall)).toBe(false);
});
