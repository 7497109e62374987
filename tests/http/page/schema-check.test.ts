import { checkEditedArguments, schemaHints } from "../../../src/http/page/logic/schema-check.js";
import { approvalResumeBody } from "../../../src/http/page/logic/resume-body.js";
import type { ToolApprovalInterruptPayload } from "../../../src/index.js";

const schema = {
  type: "object",
  properties: {
    service: { type: "string", minLength: 1, description: "Which service" },
    replicas: { type: "integer", minimum: 1, maximum: 9007199254740991 },
    region: { enum: ["eu", "us"] },
  },
  required: ["service", "replicas"],
  additionalProperties: false,
};

describe("schemaHints", () => {
  test("describe each argument: type, constraints, whether required, description", () => {
    expect(schemaHints(schema)).toEqual([
      "service: string, at least 1 character(s) (required) — Which service",
      "replicas: integer, ≥ 1 (required)",
      'region: any, one of "eu", "us"',
    ]);
  });

  test("are empty without a schema", () => {
    expect(schemaHints(undefined)).toEqual([]);
  });
});

describe("checkEditedArguments", () => {
  test.each<[string, Record<string, unknown>, string[]]>([
    ["an edit that fits", { service: "web", replicas: 3, region: "eu" }, []],
    ["a number typed as a string", { service: "web", replicas: "3" }, ['replicas must be integer, not "3".']],
    ["a fraction for an integer", { service: "web", replicas: 2.5 }, ["replicas must be integer, not 2.5."]],
    ["a value below the minimum", { service: "web", replicas: 0 }, ["replicas must be ≥ 1."]],
    ["an empty string below minLength", { service: "", replicas: 1 }, ["service must have at least 1 character(s)."]],
    ["a value outside the enum", { service: "web", replicas: 1, region: "mars" }, ['region must be one of "eu", "us".']],
    ["a missing required argument", { service: "web" }, ["replicas is required."]],
    ["an argument the tool does not take", { service: "web", replicas: 1, force: true }, ["force is not an argument of this tool."]],
    ["an argument named like a member of Object.prototype", { service: "web", replicas: 1, constructor: 1, toString: "x" }, ["constructor is not an argument of this tool.", "toString is not an argument of this tool."]],
  ])("%s", (_label, args, problems) => {
    expect(checkEditedArguments(args, schema)).toEqual(problems);
  });

  test("checks nothing without a schema", () => {
    expect(checkEditedArguments({ anything: 1 }, undefined)).toEqual([]);
  });
});

describe("approvalResumeBody with args_schema", () => {
  const payload: ToolApprovalInterruptPayload = {
    type: "tool_approval",
    action_requests: [{ tool_call_id: "c1", name: "deploy", arguments: { service: "api", replicas: 2 }, args: { service: "api", replicas: 2 } }],
    review_configs: [{ tool_call_id: "c1", action_name: "deploy", allowed_decisions: ["approve", "edit"], args_schema: schema }],
  };

  test("an edit that breaks the schema is placed on its call, one issue per problem, and nothing is built", () => {
    const result = approvalResumeBody("i1", payload, new Map([["c1", { type: "edit", text: '{ "service": "web", "replicas": "two", "force": 1 }' }]]), "");
    expect(result).toEqual({
      ok: false,
      issues: [
        { toolCallId: "c1", message: "force is not an argument of this tool." },
        { toolCallId: "c1", message: 'replicas must be integer, not "two".' },
      ],
    });
  });

  test("an edit that fits is sent", () => {
    const result = approvalResumeBody("i1", payload, new Map([["c1", { type: "edit", text: '{ "service": "web", "replicas": 4 }' }]]), "");
    expect(result).toEqual({ ok: true, body: { interruptId: "i1", decisions: { c1: { type: "edit", updatedInput: { service: "web", replicas: 4 } } } } });
  });
});
