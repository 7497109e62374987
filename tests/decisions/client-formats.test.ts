import { normalizeHitlResponseForServer } from "@langchain/langgraph-sdk/ui";
import { fromClientFormat } from "../../src/decisions/client-formats.js";
import { validateDecisions } from "../../src/decisions/validate-decisions.js";
import { isHITLError, type HITLError, type ToolApprovalInterruptPayload } from "../../src/index.js";

const argsSchema = {
  type: "object",
  properties: { service: { type: "string" }, replicas: { type: "integer", minimum: 1 } },
  required: ["service", "replicas"],
  additionalProperties: false,
};

function approval(calls: Array<[id: string, name: string]>): ToolApprovalInterruptPayload {
  return {
    type: "tool_approval",
    action_requests: calls.map(([id, name]) => ({ tool_call_id: id, name, arguments: { service: "api", replicas: 2 }, args: { service: "api", replicas: 2 } })),
    review_configs: calls.map(([id, name]) => ({ tool_call_id: id, action_name: name, allowed_decisions: ["approve", "edit", "reject", "respond"], args_schema: argsSchema })),
  };
}

const one = approval([["c1", "deploy"]]);
const two = approval([["c1", "deploy"], ["c2", "restart"]]);

/** What fromClientFormat read: the format, and the decisions that converted (ours passes through). */
function read(payload: ToolApprovalInterruptPayload, value: unknown): { format: string; value: unknown } {
  const result = fromClientFormat(payload, value);
  return result.format === "langgraph-hitl" ? result : { format: result.format, value: result.decisions.map((entry) => entry.decision) };
}

/** The refusal validateDecisions (which reports the conversion's problems) throws for `value`. */
async function refusal(payload: ToolApprovalInterruptPayload, value: unknown): Promise<HITLError> {
  return validateDecisions(payload, value, () => undefined).then(
    () => {
      throw new Error("the value was accepted");
    },
    (error: HITLError) => error,
  );
}

describe("fromClientFormat: LangChain `{ decisions }`", () => {
  const cases: Array<[string, ToolApprovalInterruptPayload, unknown, unknown]> = [
    ["approve", one, { decisions: [{ type: "approve" }] }, [{ type: "approve" }]],
    ["reject with a message", one, { decisions: [{ type: "reject", message: "not today" }] }, [{ type: "reject", reason: "not today" }]],
    ["reject without a message", one, { decisions: [{ type: "reject" }] }, [{ type: "reject" }]],
    ["respond", one, { decisions: [{ type: "respond", message: "done by hand" }] }, [{ type: "respond", responseText: "done by hand" }]],
    ["edit with snake_case edited_action", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web", replicas: 3 } } }] }, [{ type: "edit", updatedInput: { service: "web", replicas: 3 } }]],
    ["edit with camelCase editedAction", one, { decisions: [{ type: "edit", editedAction: { name: "deploy", args: { service: "web", replicas: 3 } } }] }, [{ type: "edit", updatedInput: { service: "web", replicas: 3 } }]],
    ["edit whose values arrive as strings", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "7", replicas: "3" } } }] }, [{ type: "edit", updatedInput: { service: "7", replicas: 3 } }]],
    ["edit with both spellings, equal (as the SDK's respond() sends it)", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web", replicas: 3 } }, editedAction: { args: { replicas: 3, service: "web" }, name: "deploy" } }] }, [{ type: "edit", updatedInput: { service: "web", replicas: 3 } }]],
    ["several decisions, by position", two, { decisions: [{ type: "approve" }, { type: "reject" }] }, [{ type: "approve" }, { type: "reject" }]],
  ];
  test.each(cases)("converts %s", (_label, payload, value, expected) => {
    expect(read(payload, value)).toEqual({ format: "langchain", value: expected });
  });

  const junk: Array<[string, ToolApprovalInterruptPayload, unknown, string, Array<string | number> | undefined]> = [
    ["decisions that are not an array", one, { decisions: { type: "approve" } }, "INVALID_DECISION", ["decisions"]],
    ["too few decisions", two, { decisions: [{ type: "approve" }] }, "INVALID_DECISION", ["decisions"]],
    ["too many decisions", one, { decisions: [{ type: "approve" }, { type: "approve" }] }, "INVALID_DECISION", ["decisions"]],
    ["an unknown type", one, { decisions: [{ type: "maybe" }] }, "INVALID_DECISION", ["decisions", 0, "type"]],
    ["a decision that is not an object", one, { decisions: ["approve"] }, "INVALID_DECISION", ["decisions", 0]],
    ["a respond without a message", one, { decisions: [{ type: "respond" }] }, "INVALID_DECISION", ["decisions", 0, "message"]],
    ["a reject with a non-string message", one, { decisions: [{ type: "reject", message: 3 }] }, "INVALID_DECISION", ["decisions", 0, "message"]],
    ["our own field in a LangChain decision", one, { decisions: [{ type: "reject", reason: "no" }] }, "INVALID_DECISION", ["decisions", 0]],
    ["an edit without an action", one, { decisions: [{ type: "edit" }] }, "INVALID_DECISION", ["decisions", 0]],
    ["an edit whose two spellings name different tools", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: {} }, editedAction: { name: "restart", args: {} } }] }, "INVALID_DECISION", ["decisions", 0, "editedAction", "name"]],
    ["an edit whose two spellings differ in one argument", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web", replicas: 3 } }, editedAction: { name: "deploy", args: { service: "web", replicas: 30 } } }] }, "INVALID_DECISION", ["decisions", 0, "editedAction", "args", "replicas"]],
    ["an edit whose second spelling has an extra argument", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web" } }, editedAction: { name: "deploy", args: { service: "web", replicas: 3 } } }] }, "INVALID_DECISION", ["decisions", 0, "editedAction", "args", "replicas"]],
    ["an edit whose spellings differ only in a value's type", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web", replicas: "3" } }, editedAction: { name: "deploy", args: { service: "web", replicas: 3 } } }] }, "INVALID_DECISION", ["decisions", 0, "editedAction", "args", "replicas"]],
    ["a valid edit whose second spelling is malformed", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: {} }, editedAction: { name: "deploy" } }] }, "INVALID_DECISION", ["decisions", 0, "editedAction", "args"]],
    ["an edit whose args are not an object", one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: "x" } }] }, "INVALID_DECISION", ["decisions", 0, "edited_action", "args"]],
    ["an edit that switches tools", one, { decisions: [{ type: "edit", edited_action: { name: "drop_database", args: {} } }] }, "INVALID_EDIT", ["decisions", 0, "edited_action", "name"]],
    ["a key beside decisions", one, { decisions: [{ type: "approve" }], extra: 1 }, "INVALID_DECISION", ["extra"]],
  ];
  test.each(junk)("refuses %s", async (_label, payload, value, code, path) => {
    const error = await refusal(payload, value);
    expect(isHITLError(error) && error.code).toBe(code);
    expect(isHITLError(error) && error.details[0]?.path).toEqual(path);
  });
});

describe("fromClientFormat: what @langchain/langgraph-sdk's respond() sends", () => {
  test("normalizeHitlResponseForServer writes an edit under both spellings, and it is accepted as one edit", () => {
    const sent = normalizeHitlResponseForServer({ decisions: [{ type: "edit", editedAction: { name: "deploy", args: { service: "web", replicas: "4" } } }, { type: "approve" }] }) as { decisions: Array<Record<string, unknown>> };
    expect(Object.keys(sent.decisions[0] ?? {}).sort()).toEqual(["editedAction", "edited_action", "type"]);
    expect(read(two, sent)).toEqual({ format: "langchain", value: [{ type: "edit", updatedInput: { service: "web", replicas: 4 } }, { type: "approve" }] });
  });

  test("an edit whose spellings differ is refused naming both fields and what differs", async () => {
    const value = { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web", replicas: 3 } }, editedAction: { name: "deploy", args: { service: "db", replicas: 3 } } }] };
    expect(await refusal(one, value)).toEqual(
      expect.objectContaining({
        code: "INVALID_DECISION",
        message: expect.stringMatching(/`edited_action` and `editedAction`.*differ at `args\.service`/),
        details: [expect.objectContaining({ toolCallId: "c1", received: { edited_action: "web", editedAction: "db" } })],
      }),
    );
  });
});

describe("fromClientFormat: agent-inbox `HumanResponse[]`", () => {
  const cases: Array<[string, unknown, unknown]> = [
    ["accept", [{ type: "accept", args: null }], [{ type: "approve" }]],
    ["accept carrying the reviewed action", [{ type: "accept", args: { action: "deploy", args: { service: "api", replicas: "2" } } }], [{ type: "approve" }]],
    ["ignore", [{ type: "ignore", args: null }], [{ type: "reject" }]],
    ["response", [{ type: "response", args: "use the staging cluster" }], [{ type: "respond", responseText: "use the staging cluster" }]],
    ["edit", [{ type: "edit", args: { action: "deploy", args: { service: "web", replicas: "4" } } }], [{ type: "edit", updatedInput: { service: "web", replicas: 4 } }]],
  ];
  test.each(cases)("converts %s", (_label, value, expected) => {
    expect(read(one, value)).toEqual({ format: "agent-inbox", value: expected });
  });

  const junk: Array<[string, ToolApprovalInterruptPayload, unknown, string]> = [
    ["a response for an approval of two calls", two, [{ type: "accept", args: null }], "INVALID_DECISION"],
    ["two responses", one, [{ type: "accept", args: null }, { type: "ignore", args: null }], "INVALID_DECISION"],
    ["a response without text", one, [{ type: "response", args: null }], "INVALID_DECISION"],
    ["an edit without an action", one, [{ type: "edit", args: { service: "web" } }], "INVALID_DECISION"],
    ["an accept carrying other arguments", one, [{ type: "accept", args: { action: "deploy", args: { service: "web", replicas: 2 } } }], "INVALID_DECISION"],
    ["an extra field", one, [{ type: "ignore", args: null, why: "x" }], "INVALID_DECISION"],
    ["an inbox response mixed with one of ours", one, [{ type: "accept", args: null }, { type: "approve" }], "INVALID_DECISION"],
    ["an edit that switches tools", one, [{ type: "edit", args: { action: "drop_database", args: {} } }], "INVALID_EDIT"],
  ];
  test.each(junk)("refuses %s", async (_label, payload, value, code) => {
    expect(await refusal(payload, value)).toEqual(expect.objectContaining({ name: "HITLError", code }));
  });
});

describe("fromClientFormat: our own format", () => {
  test.each([
    ["an array", [{ type: "approve" }]],
    ["a map by tool_call_id", { c1: { type: "approve" } }],
    ["something unreadable", "approve"],
  ])("passes %s through untouched", (_label, value) => {
    expect(read(one, value)).toEqual({ format: "langgraph-hitl", value });
  });

  test("a map addressing a tool call named `decisions` stays ours", () => {
    const payload = approval([["decisions", "deploy"]]);
    expect(fromClientFormat(payload, { decisions: { type: "approve" } }).format).toBe("langgraph-hitl");
  });

  test("our edits are never coerced", async () => {
    const outcome = await validateDecisions(one, [{ type: "edit", updatedInput: { service: "web", replicas: "3" } }], () => ({ name: "deploy", schema: argsSchema })).catch((error: unknown) => error);
    expect(isHITLError(outcome, "INVALID_EDIT")).toBe(true);
  });
});

describe("validateDecisions takes every client format", () => {
  const lookup = () => ({ name: "deploy", schema: argsSchema });
  test("a LangChain edit whose coerced values still break the schema is INVALID_EDIT", async () => {
    const outcome = await validateDecisions(one, { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web", replicas: "0" } } }] }, lookup).catch((error: unknown) => error);
    // Named where the client wrote it, with the value received there (after coercion).
    expect(isHITLError(outcome, "INVALID_EDIT") && outcome.details).toEqual([expect.objectContaining({ path: ["decisions", 0, "edited_action", "args", "replicas"], received: 0, message: expect.stringMatching(/^replicas: /) })]);
  });

  test("a LangChain decision not allowed for the call is INVALID_DECISION", async () => {
    const restricted: ToolApprovalInterruptPayload = { ...one, review_configs: [{ ...one.review_configs[0]!, allowed_decisions: ["approve", "reject"] }] };
    const outcome = await validateDecisions(restricted, { decisions: [{ type: "respond", message: "hi" }] }, lookup).catch((error: unknown) => error);
    expect(isHITLError(outcome, "INVALID_DECISION") && outcome.details[0]?.allowed).toEqual(["approve", "reject"]);
  });

  test("an agent-inbox edit becomes our edit keyed by tool_call_id", async () => {
    const decisions = await validateDecisions(one, [{ type: "edit", args: { action: "deploy", args: { service: "web", replicas: "5" } } }], lookup);
    expect(Object.fromEntries(decisions)).toEqual({ c1: { type: "edit", updatedInput: { service: "web", replicas: 5 } } });
  });
});
