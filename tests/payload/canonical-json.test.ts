import { canonicalJson } from "../../src/payload/canonical-json.js";
import { requestDigest } from "../../src/payload/digest.js";
import { signResume, verifyResume } from "../../src/protocol/signing.js";

describe("one canonical JSON for digests and signatures", () => {
  test.each([
    ["keys sorted at every level", { b: 1, a: { d: [1, { z: 0, y: 1 }], c: 2 } }, '{"a":{"c":2,"d":[1,{"y":1,"z":0}]},"b":1}'],
    ["a Date is its ISO string, as JSON writes it", { when: new Date(0) }, '{"when":"1970-01-01T00:00:00.000Z"}'],
    ["toJSON honoured inside arrays and nested objects", [{ at: new Date(1000) }], '[{"at":"1970-01-01T00:00:01.000Z"}]'],
    ["undefined left out of objects, null in arrays", { a: undefined, b: [undefined, 1] }, '{"b":[null,1]}'],
    ["non-finite numbers are null", [Number.NaN, Number.POSITIVE_INFINITY], "[null,null]"],
    ["a string stays a string", "rm -rf /tmp/x", '"rm -rf /tmp/x"'],
  ])("%s", (_label, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  test("a value and its copy read back from JSON (what a checkpointer stores) give the same text", () => {
    const value = { when: new Date(12_345), nested: { list: [new Date(0), { b: 2, a: 1 }] }, gone: undefined };
    expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
    expect(requestDigest("deploy", JSON.parse(JSON.stringify(value)))).toBe(requestDigest("deploy", value));
  });

  test("an edit carrying a Date signs the same as its stored copy, so a signature made before storage verifies after it", () => {
    const key = "a-shared-secret-of-32-characters";
    const value = { d1: { type: "edit", updatedInput: { at: new Date(0) } } };
    const meta = { v: 1 as const, decidedAt: new Date(0).toISOString(), attempt: "a1" };
    const signature = signResume({ threadId: "t", taskId: "task", interruptId: "i", value, meta }, key);
    const stored = JSON.parse(JSON.stringify(value)) as unknown;
    expect(verifyResume({ threadId: "t", taskId: "task", interruptId: "i", value: stored, meta: { ...meta, signature } }, key)).toBe(true);
  });

  test("a value nested 20 000 levels deep does not overflow the stack", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 20_000; level += 1) deep = { next: deep };
    expect(canonicalJson(deep).length).toBeGreaterThan(20_000);
  });

  test("a shared reference is written twice, as JSON does; a cycle is a TypeError", () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
  });
});
