import { HITLError, type HITLErrorCode } from "../../src/index.js";
import { busyForNow, notYetDueHere, resolvedElsewhere } from "../../src/inbox/expiry-refusals.js";

const refusal = (code: HITLErrorCode) => new HITLError(code, code);

// An expiry (a pass, the sweeper: src/inbox/expire-approval.ts) moves on past what is resolved
// elsewhere (skipped) or busy for now (busy), and throws anything else.
describe("which refusals an expiry moves on past", () => {
  test.each(["INTERRUPT_ALREADY_RESOLVED", "INTERRUPT_MISMATCH", "NO_PENDING_INTERRUPT", "UNKNOWN_INTERRUPT", "UNKNOWN_THREAD"] as const)("%s: resolved elsewhere, and a pass moves on", (code) => {
    expect(resolvedElsewhere(refusal(code))).toBe(true);
  });

  test("THREAD_BUSY: not resolved but busy for now (the sweeper counts it as busy and looks again next round); a pass moves on to the next approval", () => {
    expect(resolvedElsewhere(refusal("THREAD_BUSY"))).toBe(false);
    expect(busyForNow(refusal("THREAD_BUSY"))).toBe(true);
  });

  test("RUN_ABORTED (the expiry's run stopped on the Agent Server by another client): busy for now; a pass moves on; the approval, if still pending, is the next pass's", () => {
    expect(resolvedElsewhere(refusal("RUN_ABORTED"))).toBe(false);
    expect(busyForNow(refusal("RUN_ABORTED"))).toBe(true);
  });

  test.each(["INTERRUPT_ALREADY_RESOLVED", "UNKNOWN_THREAD", "DATABASE_UNAVAILABLE", "AGENT_SERVER_FAILED", "INVALID_DECISION"] as const)("%s: not busy for now", (code) => {
    expect(busyForNow(refusal(code))).toBe(false);
  });

  test.each(["DATABASE_UNAVAILABLE", "AGENT_SERVER_FAILED", "INVALID_SIGNATURE", "INVALID_DECISION"] as const)("%s: a failure the pass throws", (code) => {
    expect(resolvedElsewhere(refusal(code))).toBe(false);
    expect(busyForNow(refusal(code))).toBe(false);
  });

  test("an error that is not the library's (a TypeError, a string) is thrown, not skipped", () => {
    expect(resolvedElsewhere(new TypeError("boom"))).toBe(false);
    expect(busyForNow(new TypeError("boom"))).toBe(false);
    expect(busyForNow("THREAD_BUSY")).toBe(false);
    expect(resolvedElsewhere({ name: "HITLError", code: "UNKNOWN_THREAD" })).toBe(true);
  });

  test("INVALID_DECISION: a remote expiry refused before sending (not yet due by this host's clock), and only that", () => {
    expect(notYetDueHere(refusal("INVALID_DECISION"))).toBe(true);
    expect(notYetDueHere(refusal("THREAD_BUSY"))).toBe(false);
  });
});
