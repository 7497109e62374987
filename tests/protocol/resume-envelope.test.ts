import { MAX_RESUME_VALUE_COUNT } from "../../src/decisions/value-limits.js";
import { unwrapResumeValue } from "../../src/protocol/resume-envelope.js";

const DIGEST = "a".repeat(64);

function envelope(digests: unknown): Record<string, unknown> {
  return { __hitl: { v: 1, decidedAt: "2026-12-06T00:00:00.000Z", digests }, value: [{ type: "approve" }] };
}

function manyDigests(count: number): Record<string, string> {
  const digests: Record<string, string> = {};
  for (let index = 0; index < count; index += 1) digests[`call_${index}`] = DIGEST;
  return digests;
}

describe("a resume envelope's digests", () => {
  test("as many digests as a resume value may hold values are read", () => {
    const read = unwrapResumeValue(envelope(manyDigests(MAX_RESUME_VALUE_COUNT)));
    expect(read.ok && Object.keys(read.meta?.digests ?? {}).length).toBe(MAX_RESUME_VALUE_COUNT);
  });

  test("one digest more than that makes the envelope malformed", () => {
    expect(unwrapResumeValue(envelope(manyDigests(MAX_RESUME_VALUE_COUNT + 1)))).toEqual({ ok: false, message: "the resume envelope is malformed" });
  });

  test("too many digests are refused by counting keys, before any digest is read", () => {
    const digests = manyDigests(MAX_RESUME_VALUE_COUNT + 1);
    let reads = 0;
    Object.defineProperty(digests, "call_0", { enumerable: true, get: () => ((reads += 1), DIGEST) });
    expect(unwrapResumeValue(envelope(digests)).ok).toBe(false);
    expect(reads).toBe(0);
  });

  test.each([
    ["a digest longer than 128 characters", { c1: "a".repeat(129) }],
    ["a digest that is a number", { c1: 7 }],
    ["an array", [DIGEST]],
    ["a string", DIGEST],
  ])("%s makes the envelope malformed", (_what, digests) => {
    expect(unwrapResumeValue(envelope(digests)).ok).toBe(false);
  });

  test("a 128-character digest (room beyond SHA-256's 64) is read as sent", () => {
    const read = unwrapResumeValue(envelope({ c1: "b".repeat(128) }));
    expect(read.ok && read.meta?.digests).toEqual({ c1: "b".repeat(128) });
  });
});
