import { canonicalJson } from "../../src/payload/canonical-json.js";
import { requestDigest } from "../../src/payload/digest.js";
import { signResume, verifyResume } from "../../src/protocol/signing.js";
import { seededRandom } from "../../bench/support/random.js";

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

/** The canonical text by its definition, written the plainest way (recursion, `JSON.stringify` for every primitive). */
function definition(value: unknown, key = ""): string | undefined {
  const withToJson = value as { toJSON?: (key: string) => unknown } | null;
  const json = typeof withToJson?.toJSON === "function" ? withToJson.toJSON(key) : value;
  if (json === undefined || typeof json === "function" || typeof json === "symbol") return undefined;
  if (json === null || typeof json !== "object") return JSON.stringify(json);
  if (Array.isArray(json)) return `[${json.map((entry, index) => definition(entry, String(index)) ?? "null").join(",")}]`;
  const fields = Object.keys(json)
    .sort()
    .flatMap((field) => {
      const text = definition((json as Record<string, unknown>)[field], field);
      return text === undefined ? [] : [`${JSON.stringify(field)}:${text}`];
    });
  return `{${fields.join(",")}}`;
}

const AWKWARD_STRINGS = ["", "plain", 'quote"d', "back\\slash", "tab\there", "new\nline", "\u0000", "\u001f", "\u007f", "é", "😀", "\ud800", "a\udc00b", "10", "9", "__proto__", "constructor"];

function randomValue(next: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const kind = depth <= 0 ? Math.floor(next() * 6) : Math.floor(next() * 9);
  switch (kind) {
    case 0: return pick(AWKWARD_STRINGS);
    case 1: return pick([0, -0, 1.5, -7, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER]);
    case 2: return pick([true, false, null]);
    case 3: return pick([undefined, () => 1, Symbol("s")]);
    case 4: return new Date(Math.floor(next() * 2e12));
    case 5: return pick(AWKWARD_STRINGS) + pick(AWKWARD_STRINGS);
    case 6:
    case 7: {
      const object: Record<string, unknown> = {};
      const size = Math.floor(next() * 5);
      for (let index = 0; index < size; index += 1) Object.defineProperty(object, pick(AWKWARD_STRINGS), { value: randomValue(next, depth - 1), enumerable: true, configurable: true, writable: true });
      return object;
    }
    default:
      return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth - 1));
  }
}

describe("canonicalJson equals its definition", () => {
  test("on 3 000 generated values: awkward strings and keys (escapes, lone surrogates, integer-like keys), every number JSON writes, Dates, left-out values", () => {
    for (let seed = 1; seed <= 3_000; seed += 1) {
      const value = randomValue(seededRandom(seed), 4);
      expect([seed, canonicalJson(value)]).toEqual([seed, definition(value) ?? "null"]);
    }
  });

  test("across the depth where it stops recursing: arrays and objects nested 150 to 260 levels, with values at every level", () => {
    for (const levels of [150, 199, 200, 201, 202, 260]) {
      let value: unknown = { leaf: [new Date(0), "x", undefined] };
      for (let level = 0; level < levels; level += 1) value = level % 3 === 0 ? [value, level, { b: level, a: "é" }] : { z: value, a: level, u: undefined };
      expect(canonicalJson(value)).toBe(definition(value));
    }
  });

  test("a cycle deeper than the recursion is still a TypeError, and a shared reference there is written twice", () => {
    const cyclic: Record<string, unknown> = {};
    let deep: Record<string, unknown> = cyclic;
    for (let level = 0; level < 250; level += 1) deep = (deep["next"] = {}) as Record<string, unknown>;
    deep["back"] = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);

    const shared = { x: 1 };
    let chain: unknown = { a: shared, b: shared };
    for (let level = 0; level < 250; level += 1) chain = { next: chain, again: level === 100 ? shared : level };
    expect(canonicalJson(chain)).toBe(definition(chain));
  });

  test("a BigInt is a TypeError at any depth, as JSON.stringify makes it", () => {
    expect(() => canonicalJson({ a: [1n] })).toThrow(TypeError);
    let deep: unknown = [1n];
    for (let level = 0; level < 250; level += 1) deep = { next: deep };
    expect(() => canonicalJson(deep)).toThrow(TypeError);
  });
});
