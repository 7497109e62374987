// pruneResolved run over and over by one process while another process resumes threads (one
// of them held inside its reviewed tool): every reviewed tool still runs exactly once, no
// history forks, the batch being run keeps its claim until it is finished and no one holds it,
// and a thread still paused is resumed normally afterwards.
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { spawnChild, type ChildScript } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

jest.setTimeout(120_000);

/** spawnChild resolves names under tests/support/postgres/children. */
const WORKER = "../../../postgres/children/continuation-worker.ts";
// Long enough that a heartbeat on a busy machine keeps it; the test waits for it to lapse twice.
const LEASE_MS = 2_000;
const ENV = { HITL_TEST_LEASE_MS: String(LEASE_MS) };

let db: TestDatabase;
let saver: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query("CREATE TABLE activity (thread_id TEXT, kind TEXT, pid INT, copy INT)");
  saver = await createPostgresCheckpointer(db.url, { claimLeaseMs: LEASE_MS });
});
afterAll(async () => {
  await saver.end();
  await db.drop();
});

async function pause(threadIds: string[]): Promise<string[]> {
  const child = spawnChild(WORKER, [db.url, "pause", "graph", threadIds.join(",")], ENV);
  const line = await child.line("paused ");
  await child.exited;
  return line.slice("paused ".length).split(",");
}

function resumer(threadIds: string[], interruptIds: string[], env: Record<string, string> = {}): { child: ChildScript; outcomes: Promise<string[]> } {
  const child = spawnChild(WORKER, [db.url, "resume", "graph", threadIds.join(","), interruptIds.join(","), '{"type":"approve"}', "1", "resume"], { ...ENV, ...env });
  const outcomes = (async () => {
    await child.line("ready");
    child.send("go");
    const lines = await Promise.all(threadIds.map((threadId) => child.line(`outcome ${child.process.pid}/0@${threadId} `)));
    await child.exited;
    return lines.map((line) => line.split(" ").slice(2).join(" "));
  })();
  return { child, outcomes };
}

/** As if every row had been written two days ago, then one pruning pass with a day's retention. */
async function ageAndPrune(): Promise<number> {
  await db.pool.query("UPDATE hitl_claims SET claimed_at = now() - interval '2 days'; UPDATE hitl_continuations SET created_at = now() - interval '2 days'");
  const { claims } = await saver.pruneResolved({ olderThan: new Date(Date.now() - 86_400_000) });
  return claims;
}

async function claimedThreads(): Promise<string[]> {
  return (await db.pool.query<{ thread_id: string }>("SELECT thread_id FROM hitl_claims ORDER BY thread_id")).rows.map((row) => row.thread_id);
}

test("pruning in a loop while another process resumes threads never lets a reviewed tool run twice, never forks a history, and keeps what is still needed", async () => {
  const stamp = Date.now();
  const threads = ["a", "b", "c", "d"].map((name) => `prune-${name}-${stamp}`);
  const [a, b, c, d] = threads as [string, string, string, string];
  const ids = await pause(threads);
  const [idA, idB, idC, idD] = ids as [string, string, string, string];

  // a and b: resumed to the end by another process.
  expect(await resumer([a, b], [idA, idB]).outcomes).toEqual(["ok done", "ok done"]);
  // c: resumed by another process that stops inside its reviewed tool; prune over and over meanwhile.
  const held = resumer([c], [idC], { HITL_WORKER_HOLD: "charge" });
  await held.child.line("holding charge");
  await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
  let pruned = 0;
  for (let pass = 0; pass < 10; pass += 1) pruned += await ageAndPrune();
  expect(pruned).toBe(2);
  expect(await claimedThreads()).toEqual([c]);

  // While c's run goes on to the end, pruning goes on too.
  held.child.send("continue");
  let running = true;
  const loop = (async () => {
    while (running) {
      pruned += await ageAndPrune();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    expect(await held.outcomes).toEqual(["ok done"]);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
  } finally {
    running = false;
    await loop;
  }
  pruned += await ageAndPrune();
  expect(pruned).toBe(3);
  expect(await claimedThreads()).toEqual([]);

  // d: still paused after all this, resumed normally.
  expect(await resumer([d], [idD]).outcomes).toEqual(["ok done"]);

  const { rows: runs } = await db.pool.query<{ thread_id: string; kind: string; n: number }>(
    "SELECT thread_id, kind, count(*)::int AS n FROM activity WHERE kind IN ('charge', 'notify') AND copy >= 0 GROUP BY thread_id, kind ORDER BY thread_id, kind",
  );
  expect(runs).toEqual(threads.flatMap((threadId) => [{ thread_id: threadId, kind: "charge", n: 1 }, { thread_id: threadId, kind: "notify", n: 1 }]).sort((x, y) => x.thread_id.localeCompare(y.thread_id)));
  const forks = await db.pool.query("SELECT 1 FROM checkpoints GROUP BY thread_id, checkpoint_ns, parent_checkpoint_id HAVING count(*) > 1");
  expect(forks.rowCount).toBe(0);
});
