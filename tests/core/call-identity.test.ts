import { unstorableIdReason } from "../../src/core/call-identity.js";

describe("unstorableIdReason: ids a database cannot store exactly", () => {
  test.each([
    ["a NUL character", "a\u0000b", /NUL/],
    ["a NUL character alone", "\u0000", /NUL/],
    ["an unpaired high surrogate at the end", "call\ud800", /surrogate/],
    ["an unpaired high surrogate before another high one", "\ud800\ud83d\ude00", /surrogate/],
    ["an unpaired low surrogate at the start", "\udc00call", /surrogate/],
    ["two low surrogates", "\ude00\ude00", /surrogate/],
  ])("refuses an id with %s", (_what, id, reason) => {
    expect(unstorableIdReason({ id })).toMatch(reason);
  });

  test.each([
    ["an ordinary id", "call_abc123"],
    ["an emoji (a surrogate pair)", "call_\u{1F600}"],
    ["non-ASCII letters", "appel_é_漢字"],
    ["an empty id (unreviewable, not unstorable)", ""],
    ["an id of 10 000 characters", "x".repeat(10_000)],
  ])("accepts %s", (_what, id) => {
    expect(unstorableIdReason({ id })).toBeUndefined();
  });

  test("leaves ids that are not strings to isReviewable", () => {
    expect(unstorableIdReason({ id: 7 as unknown as string })).toBeUndefined();
    expect(unstorableIdReason({})).toBeUndefined();
  });
});
