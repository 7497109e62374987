import { ApprovalToolNode, getInterrupt } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { leaseDueSql } from "../../src/postgres/sweeper/due-approvals-sql.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { spawnChild, type ChildScript } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

jest.setTimeout(120_000);

let db: TestDatabase;
let saver: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  saver = await createPostgresCheckpointer(db.pool);
  await db.pool.query("CREATE TABLE sweeps (thread_id TEXT, interrupt_id TEXT, pid INT, leased_at TIMESTAMPTZ)");
});
afterAll(async () => {
  await saver.end();
  await db.drop();
});

const INTERVAL_MS = 500;

describe("the expiry sweeper on Postgres, three replicas", () => {
  test("three sweeper processes: each due approval is leased and expired exactly once, within a tick of its deadline (generous bound); nothing ran", async () => {
    const deploy = countingTool("deploy");
    const graph = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 3_000 } } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver).graph;
    const replicas: ChildScript[] = [0, 1, 2].map(() => spawnChild("notify-replica", [db.url, "sweep", String(INTERVAL_MS), "4"]));
    try {
      await Promise.all(replicas.map((replica) => replica.line("sweeping")));
      const paused: Array<{ threadId: string; interruptId: string }> = [];
      for (let index = 0; index < 12; index += 1) {
        const config = newThread("replicas");
        await graph.invoke(ask(), config);
        paused.push({ threadId: config.configurable.thread_id, interruptId: (await getInterrupt(graph, config))!.interruptId });
      }
      const until = Date.now() + 60_000;
      while ((await saver.listPendingInterrupts({ limit: 100 })).items.length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await saver.listPendingInterrupts({ limit: 100 })).items).toEqual([]);
      for (const replica of replicas) replica.send("stop");
      const stats = await Promise.all(replicas.map(async (replica) => JSON.parse((await replica.line("stats ")).slice("stats ".length)) as { expired: number; skipped: number; failed: number }));
      await Promise.all(replicas.map((replica) => replica.exited));

      const { rows: sweeps } = await db.pool.query<{ interrupt_id: string; pid: number }>("SELECT interrupt_id, pid FROM sweeps");
      // No duplicate work: every approval leased by one replica, once.
      expect(sweeps.map((row) => row.interrupt_id).sort()).toEqual(paused.map((entry) => entry.interruptId).sort());
      expect(stats.reduce((sum, entry) => sum + entry.expired, 0)).toBe(12);
      expect(stats.reduce((sum, entry) => sum + entry.skipped + entry.failed, 0)).toBe(0);
      // Each expired by the node's claim (the database clock), within a tick of its deadline plus generous room for a loaded machine.
      const { rows: claims } = await db.pool.query<{ interrupt_id: string; expired: boolean; late_ms: number }>(
        "SELECT interrupt_id, expired, (extract(epoch FROM judged_at - (review::jsonb->>'expiresAt')::timestamptz) * 1000)::float8 AS late_ms FROM hitl_claims WHERE interrupt_id = ANY($1)",
        [paused.map((entry) => entry.interruptId)],
      );
      expect(claims).toHaveLength(12);
      for (const claim of claims) {
        expect(claim.expired).toBe(true);
        expect(claim.late_ms).toBeGreaterThan(0);
        expect(claim.late_ms).toBeLessThan(INTERVAL_MS + 10_000);
      }
      expect(deploy.count).toBe(0);
    } finally {
      for (const replica of replicas) replica.process.kill("SIGKILL");
    }
  });

  test("the sweeper's query walks the deadline index, not the inbox (EXPLAIN at 20 000 pending approvals)", async () => {
    await db.pool.query(
      `INSERT INTO hitl_pending_interrupts (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at, expires_at, tool_names)
       SELECT 'plan-' || g, md5(g::text), 0, '1f0', md5('i' || g), now() - interval '1 hour', now() + (g - 100) * interval '1 second', ARRAY['deploy']
       FROM generate_series(1, 20000) g`,
    );
    await db.pool.query("ANALYZE hitl_pending_interrupts");
    const client = await db.pool.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${leaseDueSql("public")}`, [100, "token", 60_000]);
      await client.query("ROLLBACK");
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toMatch(/Index Scan using hitl_pending_interrupts_expiry on hitl_pending_interrupts/);
      expect(plan).not.toMatch(/Seq Scan on hitl_pending_interrupts/);
    } finally {
      client.release();
      await db.pool.query("DELETE FROM hitl_pending_interrupts WHERE thread_id LIKE 'plan-%'");
    }
  });
});
