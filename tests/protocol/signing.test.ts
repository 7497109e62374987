import { signResume, verifyResume, type SignedResume } from "../../src/protocol/signing.js";
import { inFreshModules } from "../support/fresh-modules.js";

const KEY = "a-shared-secret-of-32-characters";
const signed = (overrides: Partial<SignedResume> = {}): SignedResume => ({
  threadId: "t1",
  taskId: "task-1",
  interruptId: "0123456789abcdef0123456789abcdef",
  value: { d1: { type: "approve" } },
  meta: { v: 1, decidedAt: "2026-01-01T00:00:00.000Z", attempt: "a1" },
  ...overrides,
});
const withSignature = (resume: SignedResume, key: string | undefined): SignedResume => ({ ...resume, meta: { ...resume.meta, signature: signResume(resume, key) } });

type SigningModule = typeof import("../../src/protocol/signing.js");
/** A fresh instance of the signing module, as a second copy of the package would load it. */
function anotherCopy(): SigningModule {
  return inFreshModules(() => require("../../src/protocol/signing") as SigningModule);
}

describe("signing resume values", () => {
  test("a node with a key accepts only that key: a value signed with the per-process key is refused", () => {
    const byProcess = withSignature(signed(), undefined);
    expect(verifyResume(byProcess, undefined)).toBe(true);
    expect(verifyResume(byProcess, KEY)).toBe(false);
    expect(verifyResume(withSignature(signed(), KEY), KEY)).toBe(true);
  });

  test("the per-process key is shared by every copy of the package loaded in the process", () => {
    const graphSide = anotherCopy();
    const hostSide = anotherCopy();
    expect(graphSide).not.toBe(hostSide);
    const resume = signed();
    const signature = hostSide.signResume(resume, undefined);
    expect(graphSide.verifyResume({ ...resume, meta: { ...resume.meta, signature } }, undefined)).toBe(true);
  });

  test.each([
    ["another interrupt", { interruptId: "fedcba9876543210fedcba9876543210" }],
    ["another thread", { threadId: "t2" }],
    ["another task", { taskId: "task-2" }],
    ["another value", { value: { d1: { type: "reject" } } }],
  ])("a signature does not verify for %s", (_label, other) => {
    const original = withSignature(signed(), KEY);
    expect(verifyResume({ ...signed(other), meta: original.meta }, KEY)).toBe(false);
  });

  test("a signature is the same on every release: pinned for a string key and for a key given as bytes", () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, index) => index);
    expect(signResume(signed(), KEY)).toBe("80e7e29a15f25338c5b85f4c5219b0402d9530aa980de1ca33450c923dd8b1bc");
    expect(signResume(signed(), bytes)).toBe("ce0e8a000e63cb8eb7fae98ae613e90667a805bd586c1e1e9460738b5df759f7");
  });

  test("a key given as bytes signs as the same key given as its UTF-8 string", () => {
    const bytes = new TextEncoder().encode(KEY);
    expect(signResume(signed(), bytes)).toBe(signResume(signed(), KEY));
    expect(verifyResume(withSignature(signed(), KEY), bytes)).toBe(true);
  });

  test("key bytes changed in place sign with what they are now, never with what they were", () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, index) => index);
    const before = signResume(signed(), bytes);
    bytes[0] = 255;
    const after = signResume(signed(), bytes);
    expect(after).not.toBe(before);
    expect(after).toBe(signResume(signed(), Uint8Array.from(bytes)));
    expect(verifyResume({ ...signed(), meta: { ...signed().meta, signature: before } }, bytes)).toBe(false);
  });

  test("a value too deep to canonicalise does not verify (and does not throw)", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    const resume = { ...signed({ value: deep }), meta: { ...signed().meta, signature: "0".repeat(64) } };
    expect(verifyResume(resume, KEY)).toBe(false);
  });
});
