import { MemoryGrantStore, resolveListGrantsOptions, type GrantDraft } from "../../src/grants/index.js";
import { createMemoryCheckpointer, isHITLError, listGrants, revokeGrant } from "../../src/index.js";
import { memoryGrantStoreFor } from "../../src/grants/index.js";

function draft(id: string, scope: { name: string; key: string }, extra: Partial<GrantDraft> = {}): GrantDraft {
  return {
    id,
    toolName: "deploy",
    scope,
    match: { kind: "tool" },
    origin: { threadId: "t1", interruptId: "i1", toolCallId: "c1", digest: "d" },
    reviewer: { id: "ada" },
    reviewerVerified: true,
    ...extra,
  };
}

describe("grants kept in this process", () => {
  test("live grants are read by scope and tool; an expired one is not live; revoking is idempotent and recorded", async () => {
    const store = new MemoryGrantStore();
    const now = Date.now();
    store.commit([draft("a", { name: "thread", key: "t1" }), draft("b", { name: "user", key: "u" }, { expiresInMs: 1 }), draft("c", { name: "thread", key: "t2" })], now - 10);
    expect((await store.liveGrants({ toolNames: ["deploy"], scopes: [{ name: "thread", key: "t1" }, { name: "user", key: "u" }] })).map((grant) => grant.id)).toEqual(["a"]);
    expect(await store.liveGrants({ toolNames: ["other"], scopes: [{ name: "thread", key: "t1" }] })).toEqual([]);
    const first = await store.revoke("a", { id: "bob" });
    const second = await store.revoke("a", { id: "carol" });
    expect(second).toEqual(first);
    expect(first).toMatchObject({ status: "revoked", revokedBy: { id: "bob" } });
    expect(await store.revoke("missing", undefined)).toBeUndefined();
  });

  test("a grant read back is a copy: changing it changes nothing stored", async () => {
    const store = new MemoryGrantStore();
    store.commit([draft("a", { name: "thread", key: "t1" })], Date.now());
    const [read] = await store.liveGrants({ toolNames: ["deploy"], scopes: [{ name: "thread", key: "t1" }] });
    read!.reviewer.id = "mallory";
    expect((await store.list(resolveListGrantsOptions({ limit: 10 }))).items[0]?.reviewer.id).toBe("ada");
  });

  test("the memory checkpointer's deleteThread forgets the thread's own grants and keeps a host scope's", async () => {
    const saver = createMemoryCheckpointer();
    memoryGrantStoreFor(saver).commit([draft("own", { name: "thread", key: "t1" }), draft("user", { name: "user", key: "u" })], Date.now());
    await saver.deleteThread("t1");
    expect((await listGrants(saver, { limit: 10, includeInactive: true })).items.map((grant) => grant.id)).toEqual(["user"]);
  });

  test("listGrants pages oldest first; its options and revokeGrant's arguments are checked", async () => {
    const saver = createMemoryCheckpointer();
    const now = Date.now();
    memoryGrantStoreFor(saver).commit(["g1", "g2", "g3"].map((id) => draft(id, { name: "team", key: "k" })), now);
    const first = await listGrants(saver, { limit: 2, scope: "team" });
    const second = await listGrants(saver, { limit: 2, scope: "team", cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((grant) => grant.id)).toEqual(["g1", "g2", "g3"]);
    expect(second.nextCursor).toBeUndefined();
    for (const bad of [{ limit: 0 }, { limit: 5, scopeKey: "k" }, { limit: 5, threadId: "t", scope: "team" }, { limit: 5, toolName: "a\u0000b" }, { limit: 5, cursor: "nope" }]) {
      const error = await listGrants(saver, bad as never).catch((caught: unknown) => caught);
      expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    }
    expect(isHITLError(await revokeGrant(saver, "").catch((caught: unknown) => caught), "INVALID_OPTIONS")).toBe(true);
    expect(isHITLError(await revokeGrant(saver, "g1", { revokedBy: { id: "" } }).catch((caught: unknown) => caught), "INVALID_OPTIONS")).toBe(true);
    expect(isHITLError(await listGrants(undefined as never, { limit: 1 }).catch((caught: unknown) => caught), "INVALID_OPTIONS")).toBe(true);
  });
});
