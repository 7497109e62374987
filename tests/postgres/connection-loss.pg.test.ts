import { withThreadContinuation } from "../../src/index.js";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

async function terminateOtherSessions(): Promise<number> {
  const { rows } = await db.pool.query<{ terminated: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS terminated FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return rows[0]?.terminated ?? 0;
}

describe("connections the server closes", () => {
  test("a checkpointer made from a URL survives the server closing its idle connections, and reconnects", async () => {
    const saver = await createPostgresCheckpointer(db.url);
    try {
      await withThreadContinuation(saver, "t1", async () => undefined);
      expect(await terminateOtherSessions()).toBeGreaterThan(0);
      // Give the pool time to see its idle connections close (and emit 'error').
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(withThreadContinuation(saver, "t1", async () => "reconnected")).resolves.toBe("reconnected");
      await expect(saver.getTuple({ configurable: { thread_id: "none" } })).resolves.toBeUndefined();
    } finally {
      await saver.end();
    }
  });
});
