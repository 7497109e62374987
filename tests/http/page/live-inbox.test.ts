import { applyChange, type LiveInbox } from "../../../src/http/page/logic/live-inbox.js";
import type { PendingInterruptRecord } from "../../../src/inbox/types.js";

function record(interruptId: string, createdAt: string, threadId = "t1"): PendingInterruptRecord {
  return { threadId, interruptId, createdAt, payload: { type: "tool_approval", action_requests: [], review_configs: [] } };
}

const empty: LiveInbox = { items: [], truncated: false };

describe("applyChange (the reviewer page's view of the event stream)", () => {
  test("a snapshot replaces what the page knew, in inbox order", () => {
    const before: LiveInbox = { items: [record("old", "2026-01-01T00:00:00.000Z")], truncated: false };
    const { inbox } = applyChange(before, { type: "snapshot", truncated: true, items: [record("b", "2026-01-02T00:00:00.000Z"), record("a", "2026-01-01T00:00:00.000Z")] });
    expect(inbox).toEqual({ truncated: true, items: [record("a", "2026-01-01T00:00:00.000Z"), record("b", "2026-01-02T00:00:00.000Z")] });
  });

  test("raised adds a new interrupt in order and replaces one raised again", () => {
    const first = applyChange(empty, { type: "raised", interrupt: record("b", "2026-01-02T00:00:00.000Z") }).inbox;
    const second = applyChange(first, { type: "raised", interrupt: record("a", "2026-01-01T00:00:00.000Z") }).inbox;
    expect(second.items.map((item) => item.interruptId)).toEqual(["a", "b"]);
    const again = { ...record("a", "2026-01-01T00:00:00.000Z"), payload: { type: "tool_approval", action_requests: [], review_configs: [], error: { code: "INVALID_DECISION", message: "no", details: [] } } } as PendingInterruptRecord;
    expect(applyChange(second, { type: "raised", interrupt: again }).inbox.items).toEqual([again, record("b", "2026-01-02T00:00:00.000Z")]);
  });

  test("resolved and expired remove the interrupt and say why; an unknown one changes nothing", () => {
    const inbox: LiveInbox = { items: [record("a", "2026-01-01T00:00:00.000Z"), record("b", "2026-01-02T00:00:00.000Z")], truncated: false };
    expect(applyChange(inbox, { type: "resolved", threadId: "t1", interruptId: "a" })).toEqual({ inbox: { items: [record("b", "2026-01-02T00:00:00.000Z")], truncated: false }, departed: { threadId: "t1", interruptId: "a", why: "resolved" } });
    expect(applyChange(inbox, { type: "expired", threadId: "t1", interruptId: "b", expiresAt: "2026-01-03T00:00:00.000Z" }).departed).toEqual({ threadId: "t1", interruptId: "b", why: "expired" });
    expect(applyChange(inbox, { type: "resolved", threadId: "t9", interruptId: "zzz" })).toEqual({ inbox });
  });
});
