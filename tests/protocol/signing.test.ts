import { signResume, verifyResume, type SignedResume } from "../../src/protocol/signing.js";

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
  let copy: SigningModule | undefined;
  jest.isolateModules(() => {
    copy = require("../../src/protocol/signing") as SigningModule;
  });
  return copy!;
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

  test("a value too deep to canonicalise does not verify (and does not throw)", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    const resume = { ...signed({ value: deep }), meta: { ...signed().meta, signature: "0".repeat(64) } };
    expect(verifyResume(resume, KEY)).toBe(false);
  });
});
