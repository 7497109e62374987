import { formatInterrupt, isAskUserQuestionInterrupt, isToolApprovalInterrupt } from "../../src/index.js";
import { withDigests } from "../../src/payload/digest.js";
import { PER_CALL_VALUE } from "../langchain/per-call-payload.cases.js";

const malformed: unknown[] = [
  PER_CALL_VALUE,
  { ...PER_CALL_VALUE, action_requests: [null], review_configs: [] },
  { type: "tool_approval", action_requests: [{ name: "deploy", args: {} }], review_configs: [] },
  { type: "tool_approval", action_requests: "deploy", review_configs: [] },
  { type: "tool_approval", actionRequests: [{ name: "deploy", args: {} }], reviewConfigs: [{ actionName: "deploy", allowedDecisions: ["approve"] }] },
];

describe("payloads that say type: tool_approval without being ours", () => {
  test.each(malformed.map((value) => [JSON.stringify(value), value]))("%s is not ours, passes withDigests untouched, and formats as an unknown interrupt", (_label, value) => {
    expect(isToolApprovalInterrupt(value)).toBe(false);
    expect(isAskUserQuestionInterrupt(value)).toBe(false);
    expect(withDigests(value)).toBe(value);
    expect(formatInterrupt(value)).toMatch(/^Interrupt this library does not recognise:/);
  });

  test("our payload with LangChain's camelCase spelling beside it is still ours", () => {
    const ours = {
      type: "tool_approval",
      action_requests: [{ tool_call_id: "c1", name: "deploy", arguments: { service: "api" }, args: { service: "api" } }],
      review_configs: [{ action_name: "deploy", tool_call_id: "c1", allowed_decisions: ["approve"] }],
      actionRequests: [{ name: "deploy", args: { service: "api" }, description: "Tool execution requires approval" }],
      reviewConfigs: [{ actionName: "deploy", allowedDecisions: ["approve"] }],
    };
    expect(isToolApprovalInterrupt(ours)).toBe(true);
    expect((withDigests(ours) as typeof ours & { action_requests: Array<{ digest?: string }> }).action_requests[0]?.digest).toMatch(/^[0-9a-f]{64}$/);
  });
});
