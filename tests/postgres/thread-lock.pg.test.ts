import pg from "pg";
import { HITLPostgresSaver } from "../../src/postgres/index.js";
import { spawnChild, type ChildScript } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query("CREATE TABLE lock_events (seq bigserial PRIMARY KEY, holder text NOT NULL, event text NOT NULL)");
});
afterAll(() => db.drop());
beforeEach(() => db.pool.query("TRUNCATE lock_events"));

async function events(): Promise<string[]> {
  const { rows } = await db.pool.query<{ holder: string; event: string }>("SELECT holder, event FROM lock_events ORDER BY seq");
  return rows.map((row) => `${row.holder}:${row.event}`);
}

/** Resolves once `count` sessions of this database wait for an advisory lock (seen in pg_locks). */
async function advisoryWaiters(count: number): Promise<void> {
  for (;;) {
    const { rows } = await db.pool.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_database d ON d.oid = l.database
       WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database()`,
    );
    if (rows[0]?.waiting === count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once exactly `count` sessions of this database hold an advisory lock. */
async function advisoryHolders(count: number): Promise<void> {
  for (;;) {
    const { rows } = await db.pool.query<{ holding: number }>(
      `SELECT count(*)::int AS holding FROM pg_locks l JOIN pg_database d ON d.oid = l.database
       WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()`,
    );
    if (rows[0]?.holding === count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function holding(threadId: string, holder: string): Promise<ChildScript> {
  const child = spawnChild("lock-holder", [db.url, threadId, holder]);
  await child.line("locked");
  return child;
}

async function finish(child: ChildScript): Promise<void> {
  child.send("release");
  await child.line("done");
  expect((await child.exited).code).toBe(0);
}

describe("withThreadLock() serialises one thread across processes", () => {
  test("a second process waits for the lock until the first releases it", async () => {
    const first = await holding("thread-a", "first");
    const second = spawnChild("lock-holder", [db.url, "thread-a", "second"]);
    await second.line("waiting");
    await advisoryWaiters(1);
    expect(await events()).toEqual(["first:enter"]);

    await finish(first);
    await second.line("locked");
    await finish(second);
    expect(await events()).toEqual(["first:enter", "first:leave", "second:enter", "second:leave"]);
  });

  test("a holder killed with SIGKILL mid-lock releases it, and the waiting process gets it", async () => {
    const doomed = await holding("thread-b", "doomed");
    const next = spawnChild("lock-holder", [db.url, "thread-b", "next"]);
    await advisoryWaiters(1);

    doomed.process.kill("SIGKILL");
    expect((await doomed.exited).signal).toBe("SIGKILL");
    await next.line("locked");
    await finish(next);
    expect(await events()).toEqual(["doomed:enter", "next:enter", "next:leave"]);
  });

  test("a lock on another thread id is not blocked by a held one", async () => {
    const holder = await holding("thread-c", "holder");
    const other = await holding("thread-d", "other");
    await finish(other);
    expect(await events()).toEqual(["holder:enter", "other:enter", "other:leave"]);
    await finish(holder);
  });

  test("the same thread id in another schema is a different lock", async () => {
    const holder = await holding("thread-e", "holder");
    const saver = new HITLPostgresSaver(new pg.Pool({ connectionString: db.url }), { schema: "elsewhere" });
    try {
      await expect(saver.withThreadLock("thread-e", async () => "ran")).resolves.toBe("ran");
    } finally {
      await saver.end();
      await finish(holder);
    }
  });
});

describe("withThreadLock() within one process", () => {
  let pool: pg.Pool;
  let saver: HITLPostgresSaver;
  beforeEach(() => {
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    saver = new HITLPostgresSaver(pool);
  });
  afterEach(() => saver.end());

  test("returns the work's result and passes its error through, releasing the lock both times", async () => {
    await expect(saver.withThreadLock("t1", async () => 42)).resolves.toBe(42);
    await expect(saver.withThreadLock("t1", async () => Promise.reject(new Error("work failed")))).rejects.toThrow("work failed");
    await expect(saver.withThreadLock("t1", async () => "again")).resolves.toBe("again");
  });

  test("concurrent calls on one thread run one at a time, in arrival order", async () => {
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name}:enter`);
      await pool.query("SELECT pg_sleep(0.02)");
      log.push(`${name}:leave`);
    };
    await Promise.all(["a", "b", "c"].map((name) => saver.withThreadLock("t2", step(name))));
    expect(log).toEqual(["a:enter", "a:leave", "b:enter", "b:leave", "c:enter", "c:leave"]);
  });

  test("more concurrent threads than pool connections all complete (locks never take the last connection)", async () => {
    const threads = Array.from({ length: 6 }, (_, index) => `busy-${index}`);
    const results = await Promise.all(
      threads.map((threadId) => saver.withThreadLock(threadId, async () => (await pool.query<{ id: string }>("SELECT $1::text AS id", [threadId])).rows[0]?.id)),
    );
    expect(results).toEqual(threads);
  });

  test("a lock connection terminated mid-work still returns the result and leaves the thread free", async () => {
    const admin = db.pool;
    const result = await saver.withThreadLock("t3", async () => {
      await admin.query(
        `SELECT pg_terminate_backend(l.pid) FROM pg_locks l JOIN pg_database d ON d.oid = l.database
         WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()`,
      );
      // Let the connection's end reach the client while the work still runs.
      await advisoryHolders(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return "finished";
    });
    expect(result).toBe("finished");
    await expect(saver.withThreadLock("t3", async () => "next")).resolves.toBe("next");
  });
});
