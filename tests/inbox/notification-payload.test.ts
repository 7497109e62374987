import { hintOf } from "../../src/postgres/inbox/inbox-notifications.js";

describe("hintOf (reading a langgraph_hitl_inbox notification)", () => {
  test.each([
    ["public:t1", "public", { kind: "thread", threadId: "t1" }],
    ["public:a:b", "public", { kind: "thread", threadId: "a:b" }],
    ["public:", "public", { kind: "resync" }],
    ["agents:t1", "public", undefined],
    ["publicity:t1", "public", undefined],
    ["no separator", "public", undefined],
    [undefined, "public", undefined],
  ])("%j for schema %s is %j", (payload, schema, hint) => {
    expect(hintOf(payload, schema)).toEqual(hint);
  });
});
