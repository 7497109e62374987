import { callKey, duplicateCallIds, unstorableIdReason } from "../../src/core/call-identity.js";

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

  test("leaves ids that are not strings but have a text form to isReviewable", () => {
    expect(unstorableIdReason({ id: 7 as unknown as string })).toBeUndefined();
    expect(unstorableIdReason({ id: {} as unknown as string })).toBeUndefined();
    expect(unstorableIdReason({})).toBeUndefined();
  });

  test.each([
    ["an object whose toString is not a function (JSON can carry one)", { toString: 1 }],
    ["an object without a prototype", Object.create(null) as object],
  ])("refuses an id that is %s: no text form, so no key to store", (_what, id) => {
    expect(unstorableIdReason({ id: id as unknown as string })).toMatch(/no text form/);
  });
});

describe("callKey: a call's identity as text", () => {
  test("is total: an id with no text form gets a key no storable id has (it holds a NUL), shared only with other such ids", () => {
    const untextual = { id: { toString: 1 } as unknown as string };
    expect(callKey(untextual)).toContain("\u0000");
    expect(duplicateCallIds([untextual, { id: Object.create(null) as unknown as string }, { id: "call_1" }])).toEqual(new Set([callKey(untextual)]));
  });

  test("keeps the text of numbers and strings, and the empty key for a missing id", () => {
    expect([callKey({ id: 7 as unknown as string }), callKey({ id: "7" }), callKey({})]).toEqual(["7", "7", ""]);
  });
});
