import { HITLError, isAskUserQuestionInterrupt, isHITLError, isToolApprovalInterrupt } from "../../src/index.js";

const hostile = new Proxy({}, {
  get() {
    throw new Error("boom");
  },
  has() {
    throw new Error("boom");
  },
});

describe("runtime guards accept anything and never throw", () => {
  const values: Array<[string, unknown]> = [
    ["undefined", undefined],
    ["null", null],
    ["a number", 0],
    ["a string", "tool_approval"],
    ["an array", []],
    ["an empty object", {}],
    ["a Proxy whose every read throws", hostile],
    ["a payload without requests", { type: "tool_approval" }],
    ["a payload with a malformed request", { type: "tool_approval", action_requests: [{}], review_configs: [] }],
  ];
  test.each(values)("both guards are false for %s", (_label, value) => {
      expect(isToolApprovalInterrupt(value)).toBe(false);
      expect(isAskUserQuestionInterrupt(value)).toBe(false);
  });

  test("recognise the payloads this library raises", () => {
    expect(
      isToolApprovalInterrupt({
        type: "tool_approval",
        action_requests: [{ tool_call_id: "c", name: "t", arguments: {} }],
        review_configs: [{ tool_call_id: "c", action_name: "t", allowed_decisions: ["approve"] }],
      }),
    ).toBe(true);
    expect(isAskUserQuestionInterrupt({ type: "ask_user_question", question: { question: "why?" } })).toBe(true);
  });
});

describe("isHITLError", () => {
  test("recognises the error by name and code, even from another copy of the package", () => {
    const foreign = Object.assign(new Error("x"), { name: "HITLError", code: "INVALID_DECISION" });
    expect(isHITLError(foreign, "INVALID_DECISION")).toBe(true);
    expect(isHITLError(foreign, "INVALID_EDIT")).toBe(false);
    expect(isHITLError(new HITLError("NO_PENDING_INTERRUPT", "none"))).toBe(true);
    expect(isHITLError(new Error("plain"))).toBe(false);
  });
});

describe("isToolApprovalInterrupt and the identity of each request", () => {
  const request = (id: string, args: unknown) => ({ tool_call_id: id, name: "shell", arguments: args, args });
  const config = (id: string) => ({ tool_call_id: id, action_name: "shell", allowed_decisions: ["approve"] });

  test("recognises a request whose arguments are the string the model sent", () => {
    expect(isToolApprovalInterrupt({ type: "tool_approval", action_requests: [request("c1", "rm -rf /tmp/x")], review_configs: [config("c1")] })).toBe(true);
  });

  test("is false for a payload whose requests share a tool_call_id: no decision could be matched to one call", () => {
    const payload = { type: "tool_approval", action_requests: [request("dup", { path: "/a" }), request("dup", { path: "/b" })], review_configs: [config("dup"), config("dup")] };
    expect(isToolApprovalInterrupt(payload)).toBe(false);
  });
});
