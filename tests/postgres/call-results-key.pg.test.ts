// How the results of a claimed batch's calls are keyed on Postgres (migration 12): by a SHA-256
// of the tool_call_id, so an id of any length fits, and a writer that names only the columns of
// migration 3 (a replica not yet upgraded) still fills the key and still meets its conflicts.
import { createHash } from "node:crypto";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const session = usePostgresCheckpointer();

/** A claim row the results can reference (the foreign key). */
async function claimRow(threadId: string): Promise<void> {
  await session.db.pool.query(
    `INSERT INTO "public".hitl_claims (thread_id, checkpoint_ns, checkpoint_id, attempt, owner, review, state, lease_until) VALUES ($1, '', 'c1', 'a', 'o', '{}', 'running', now())`,
    [threadId],
  );
}

/** A result written the way migration 3's writers wrote it: the id, type and blob, no key. */
function writeAsBefore(threadId: string, toolCallId: string) {
  return session.db.pool.query(
    `INSERT INTO "public".hitl_call_results (thread_id, checkpoint_ns, checkpoint_id, tool_call_id, type, blob) VALUES ($1, '', 'c1', $2, 'json', '\\x7b7d') ON CONFLICT DO NOTHING`,
    [threadId, toolCallId],
  );
}

const incompressibleId = Array.from({ length: 63 }, (_, index) => createHash("sha256").update(`id:${index}`).digest("hex")).join("");

describe("call results are keyed by a digest of the tool_call_id", () => {
  test("a 4 032-character id no compression shortens is stored as written, and its key is the SHA-256 of its UTF-8 bytes", async () => {
    await claimRow("key-long");
    await writeAsBefore("key-long", incompressibleId);
    const { rows } = await session.db.pool.query<{ tool_call_id: string; call_key: Buffer }>(`SELECT tool_call_id, call_key FROM "public".hitl_call_results WHERE thread_id = 'key-long'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tool_call_id).toBe(incompressibleId);
    expect(rows[0]?.call_key.toString("hex")).toBe(createHash("sha256").update(incompressibleId, "utf8").digest("hex"));
  });

  test("a writer naming only the old columns fills the key, and writing the same call twice keeps one row; another id is another row", async () => {
    await claimRow("key-old-writer");
    const written: Array<number | null> = [];
    for (const id of ["call_1", "call_1", "caïll_2"]) written.push((await writeAsBefore("key-old-writer", id)).rowCount);
    expect(written).toEqual([1, 0, 1]);
    const { rows } = await session.db.pool.query<{ n: number; keyed: number }>(`SELECT count(*)::int AS n, count(call_key)::int AS keyed FROM "public".hitl_call_results WHERE thread_id = 'key-old-writer'`);
    expect(rows[0]).toEqual({ n: 2, keyed: 2 });
  });

  test("the table keeps a primary key, now on the digest (logical replication needs one to publish deletes)", async () => {
    const { rows } = await session.db.pool.query<{ definition: string }>(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = '"public".hitl_call_results'::regclass AND contype = 'p'`,
    );
    expect(rows.map((row) => row.definition)).toEqual(["PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, call_key)"]);
  });
});
