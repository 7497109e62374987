import { applyModifications, effectsToResult } from "../../src/remote/effects.js";
import { isRemoteHookError } from "../../src/remote/index.js";
import { parseInterceptResponse } from "../../src/remote/response.js";

const ok = (effects: unknown[], extra: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id: "evt_1", result: { protocolVersion: "draft", effects, ...extra } });

function failureOf(raw: unknown): string | undefined {
  try {
    parseInterceptResponse(raw, "evt_1", "policy");
    return undefined;
  } catch (error) {
    return isRemoteHookError(error) ? error.failure : "not a RemoteHookError";
  }
}

describe("parseInterceptResponse validates every answer strictly", () => {
  test.each<[string, unknown]>([
    ["a non-object", "allow"],
    ["a batch", [ok([])]],
    ["a wrong jsonrpc version", { ...ok([]), jsonrpc: "1.0" }],
    ["a response with both result and error", { ...ok([]), error: { code: 1, message: "x" } }],
    ["an unknown envelope field", { ...ok([]), method: "hooks/intercept" }],
    ["a mismatched id", { ...ok([]), id: "evt_2" }],
    ["a missing effects list", { jsonrpc: "2.0", id: "evt_1", result: { protocolVersion: "draft" } }],
    ["another protocol version", { jsonrpc: "2.0", id: "evt_1", result: { protocolVersion: "0.1.0", effects: [] } }],
    ["an unknown result field", ok([], { manifest: {} })],
    ["a deny without a reason", ok([{ type: "deny" }])],
    ["a deny with an empty reason", ok([{ type: "deny", reason: "" }])],
    ["a deny code that is not reverse-DNS", ok([{ type: "deny", reason: "no", code: "nope" }])],
    ["an allow with extra fields", ok([{ type: "allow", reason: "fine" }])],
    ["an ask with an unknown decision", ok([{ type: "ask", allowedDecisions: ["approve", "maybe"] }])],
    ["an ask with no allowed decisions", ok([{ type: "ask", allowedDecisions: [] }])],
    ["a modify of the output", ok([{ type: "modify", target: "output", operation: "replace", value: {} }])],
    ["a modify with a non-object value", ok([{ type: "modify", target: "input", operation: "replace", value: "rm -rf" }])],
    ["an unadvertised effect", ok([{ type: "return", value: "done" }])],
    ["allow and deny together", ok([{ type: "allow" }, { type: "deny", reason: "no" }])],
    ["ask and allow together", ok([{ type: "ask" }, { type: "allow" }])],
    ["a malformed JSON-RPC error", { jsonrpc: "2.0", id: "evt_1", error: { code: "E1", message: "bad" } }],
  ])("%s is a protocol_rejection", (_what, raw) => {
    expect(failureOf(raw)).toBe("protocol_rejection");
  });

  test("a well-formed JSON-RPC error is remote_rpc and keeps its code", () => {
    let caught: unknown;
    try {
      parseInterceptResponse({ jsonrpc: "2.0", id: "evt_1", error: { code: -32004, message: "boom", data: { at: "eval" } } }, "evt_1", "policy");
    } catch (error) {
      caught = error;
    }
    expect(isRemoteHookError(caught, "remote_rpc") && caught.rpcCode).toBe(-32004);
  });

  test("the protocol's own deny fixture is accepted, with its code and extensions", () => {
    const raw = ok([{ type: "deny", reason: "Writes to this path require a separate approval.", code: "com.example.policy.protected_path", extensions: { "com.example.policy": { ruleId: "paths-17" } } }]);
    expect(parseInterceptResponse(raw, "evt_1", "policy")).toHaveLength(1);
  });
});

describe("effects map to PreToolUse answers", () => {
  const input = { path: "a.txt", mode: "w" };

  test.each<[string, unknown[], unknown]>([
    ["no effects: no opinion", [], undefined],
    ["allow", [{ type: "allow" }], { decision: "allow" }],
    ["deny keeps the reason", [{ type: "deny", reason: "no" }], { decision: "deny", reason: "no" }],
    ["a bare ask", [{ type: "ask" }], { decision: "ask" }],
    ["ask with reason and decisions", [{ type: "ask", reason: "why", allowedDecisions: ["reject"] }], { decision: "ask", reason: "why", allowedDecisions: ["reject"] }],
    ["modify alone rewrites without deciding", [{ type: "modify", target: "input", operation: "merge", value: { mode: "r" } }], { updatedInput: { path: "a.txt", mode: "r" } }],
    [
      "ask with modify shows the reviewer the rewritten input",
      [{ type: "modify", target: "input", operation: "replace", value: { path: "b.txt" } }, { type: "ask" }],
      { decision: "ask", updatedInput: { path: "b.txt" } },
    ],
    ["deny wins over modify", [{ type: "modify", target: "input", operation: "replace", value: {} }, { type: "deny", reason: "no" }], { decision: "deny", reason: "no" }],
  ])("%s", (_what, effects, expected) => {
    const parsed = parseInterceptResponse(ok(effects), "evt_1", "policy");
    expect(effectsToResult(parsed, input)).toEqual(expected);
  });

  test("modifications apply in order: replace substitutes, merge overwrites top-level keys, the input is not mutated", () => {
    const original = { path: "a", nested: { keep: true } };
    const result = applyModifications(original, [
      { type: "modify", target: "input", operation: "replace", value: { path: "b", nested: { keep: true } } },
      { type: "modify", target: "input", operation: "merge", value: { nested: { keep: false } } },
    ]);
    expect(result).toEqual({ path: "b", nested: { keep: false } });
    expect(original).toEqual({ path: "a", nested: { keep: true } });
  });
});
