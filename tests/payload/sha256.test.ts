import { createHash } from "node:crypto";
import { sha256Hex } from "../../src/payload/sha256.js";
import { requestDigest } from "../../src/payload/digest.js";
import { submissionDigest } from "../../src/protocol/submission-digest.js";

describe("sha256Hex: the one SHA-256 of this library", () => {
  test("gives the published SHA-256 test vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  // Digests already stored in claims and sent to clients were made with createHash over UTF-8: the one-shot must give the same bytes.
  test.each([
    ["ASCII", "deploy\u0000{\"env\":\"prod\"}"],
    ["accents and CJK", "é 日本語 ü"],
    ["astral characters (surrogate pairs)", "🚀 𝄞"],
    ["a lone surrogate (encoded as U+FFFD, as createHash encodes it)", "a\ud800b"],
    ["NUL and control characters", "\u0000\u0001\n\t"],
    ["a megabyte", "x".repeat(1 << 20)],
  ])("hashes %s exactly as createHash(\"sha256\") over UTF-8 does", (_label, text) => {
    expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
  });

  test("request and submission digests are the SHA-256 of the same texts as before", () => {
    expect(requestDigest("delete_file", { path: "/tmp/a" })).toBe(createHash("sha256").update('delete_file\u0000{"path":"/tmp/a"}').digest("hex"));
    expect(submissionDigest("a1", { call_1: { type: "approve" } })).toBe(
      createHash("sha256").update("langgraph-hitl/submission/v1\u0000").update('["a1",{"call_1":{"type":"approve"}}]').digest("hex"),
    );
  });
});
