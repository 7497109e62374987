import { HITLPostgresSaver } from "../../src/postgres/index.js";
import { spawnChild, type ChildScript } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

jest.setTimeout(60_000);

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query("CREATE TABLE tool_runs (thread_id TEXT, tool_call_id TEXT, pid INT, amount INT)");
  const saver = new HITLPostgresSaver(db.pool);
  await saver.setup();
});
afterAll(() => db.drop());

let threads = 0;
const threadName = (label: string): string => `${label}-${(threads += 1)}-${Date.now()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runsOf(threadId: string): Promise<Record<string, number>> {
  const { rows } = await db.pool.query<{ tool_call_id: string; n: number }>("SELECT tool_call_id, count(*)::int AS n FROM tool_runs WHERE thread_id = $1 GROUP BY tool_call_id", [threadId]);
  return Object.fromEntries(rows.map((row) => [row.tool_call_id, row.n]));
}

async function forks(threadId: string): Promise<number> {
  const { rows } = await db.pool.query(
    "SELECT parent_checkpoint_id FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = '' GROUP BY parent_checkpoint_id HAVING count(*) > 1",
    [threadId],
  );
  return rows.length;
}

async function pause(threadId: string, env: Record<string, string>): Promise<string> {
  const child = spawnChild("agent-worker", [db.url, "pause", threadId], env);
  const line = await child.line("paused ");
  await child.exited;
  return line.slice("paused ".length);
}

function resumer(mode: string, threadId: string, interruptId: string, decision: string, env: Record<string, string>): ChildScript & { outcome(): Promise<string> } {
  const child = spawnChild("agent-worker", [db.url, mode, threadId, interruptId, decision, "1"], env);
  return Object.assign(child, { outcome: () => child.line("outcome ").then((line) => line.slice("outcome ".length)) });
}

async function start(child: ChildScript): Promise<void> {
  await child.line("ready");
  child.send("go");
}

describe("exactly once across processes, without a held lock", () => {
  test("connections dropped by the server while a tool runs (idle_session_timeout) do not let a second replica run it again, and history does not fork", async () => {
    const threadId = threadName("lock-loss");
    const env = { HITL_WORKER_TOOL_MS: "6000", HITL_TEST_LEASE_MS: "30000" };
    const interruptId = await pause(threadId, env);
    // The server closes every session idle for 1.5 s: the first resumer's idle connections go while its tool runs.
    await db.pool.query(`ALTER DATABASE ${new URL(db.url).pathname.slice(1)} SET idle_session_timeout = '1500ms'`);
    try {
      const first = resumer("resume", threadId, interruptId, '{"type":"approve"}', env);
      await start(first);
      await sleep(2500);
      await db.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
      const second = resumer("resume", threadId, interruptId, '{"type":"approve"}', env);
      await start(second);
      const [a, b] = await Promise.all([first.outcome(), second.outcome()]);
      expect(a).toBe("ok done");
      expect(["error INTERRUPT_ALREADY_RESOLVED", "error THREAD_BUSY"]).toContain(b);
      expect(await runsOf(threadId)).toEqual({ "charge-1": 1 });
      expect(await forks(threadId)).toBe(0);
      await Promise.all([first.exited, second.exited]);
    } finally {
      await db.pool.query(`ALTER DATABASE ${new URL(db.url).pathname.slice(1)} RESET idle_session_timeout`);
    }
  });

  test("kill -9 while a slow sibling runs: the finished sibling is not run again when another process completes the batch", async () => {
    const threadId = threadName("sibling");
    const env = { HITL_WORKER_CALLS: "pair", HITL_WORKER_HANG: "ship", HITL_TEST_LEASE_MS: "1000" };
    const interruptId = await pause(threadId, env);
    const doomed = resumer("resume-and-hang", threadId, interruptId, '{"type":"approve"}', env);
    await start(doomed);
    await doomed.line("running");
    // The charge finished first; give its result its commit, then kill the process mid-shipment.
    await sleep(200);
    doomed.process.kill("SIGKILL");
    await doomed.exited;

    const next = resumer("resume", threadId, interruptId, '{"type":"reject"}', { ...env, HITL_WORKER_HANG: "none" });
    await start(next);
    expect(await next.outcome()).toBe("superseded");
    await next.exited;
    // The charge ran once; the shipment, running when the process died, ran again (the one at-least-once case).
    expect(await runsOf(threadId)).toEqual({ "charge-1": 1, "ship-1": 2 });
    expect(await forks(threadId)).toBe(0);
  });
});
