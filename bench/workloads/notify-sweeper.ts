import { performance } from "node:perf_hooks";
import pg from "pg";
import { leaseDueSql } from "../support/library.js";
import { approvalAgent, newThreadId } from "../support/agents.js";
import type { PostgresBackend } from "../support/backends.js";
import type { ValueFigure } from "../support/measurements.js";
import { median } from "../support/stats.js";
import { countWriteCommits } from "../support/write-commits.js";
import type { BenchSettings } from "./settings.js";

const CHANNEL = "bench-notifications";
/** Every hundredth bulk approval is past its deadline, the others are due within a day. */
const DUE_EVERY = 100;

/** The median write commits of `runs` pauses (after one untimed pause). */
async function pauseCommits(backend: PostgresBackend, runs: number): Promise<number[]> {
  const agent = approvalAgent(1, backend.ours);
  await agent.pause(newThreadId("nc-warm"));
  const counts: number[] = [];
  for (let index = 0; index < runs; index += 1) counts.push(await countWriteCommits(backend.url, () => agent.pause(newThreadId("nc"))));
  return counts;
}

/**
 * 10a. What the notification outbox adds to a pause: write commits of a one-call pause with no
 * channel registered (the outbox trigger records nothing) and with one (the trigger writes the
 * event in the pause's own transaction), counted by the server.
 */
async function outboxCommits(backend: PostgresBackend, settings: BenchSettings): Promise<ValueFigure[]> {
  const without = await pauseCommits(backend, settings.countRuns);
  const outbox = backend.ours.notificationOutbox(CHANNEL);
  await outbox.register();
  try {
    const withChannel = await pauseCommits(backend, settings.countRuns);
    const head = { figure: "10a. Commits the notification outbox adds to a pause", case: "1 call, Postgres", backend: "postgres" as const, unit: "commits" as const };
    return [
      { ...head, id: "notify/pause-commits", label: "a pause with a channel registered (the event written by the inbox trigger)", samples: [median(withChannel)], beside: { label: "no channel", samples: [median(without)] } },
      { ...head, id: "notify/added-commits", label: "commits the outbox adds (with − without)", samples: [median(withChannel) - median(without)] },
    ];
  } finally {
    await outbox.unregister();
  }
}

/** The sweeper's lease query, explained and timed inside a transaction that is rolled back (nothing stays leased). */
async function sweeperQuery(pool: pg.Pool, schema: string, samples: number): Promise<{ plan: string; times: number[] }> {
  const client = await pool.connect();
  try {
    const run = async (sql: string) => {
      await client.query("BEGIN");
      try {
        return await client.query<Record<string, string>>(sql, [100, "bench", 60_000]);
      } finally {
        await client.query("ROLLBACK");
      }
    };
    const plan = (await run(`EXPLAIN ${leaseDueSql(schema)}`)).rows.map((row) => row["QUERY PLAN"]).join("\n");
    await run(leaseDueSql(schema));
    const times: number[] = [];
    for (let index = 0; index < samples; index += 1) {
      const started = performance.now();
      await run(leaseDueSql(schema));
      times.push(performance.now() - started);
    }
    return { plan, times };
  } finally {
    client.release();
  }
}

/**
 * 10. Approval notifications and the expiry sweeper on Postgres. 10a: the commits the outbox adds
 * to a pause. 10b: the sweeper's query (lease 100 due approvals) at figure 6's paused threads —
 * run after it — each given a deadline (every hundredth one past): its plan (sequential scans of
 * the inbox, and scans of the deadline index) and its time.
 *
 * @example
 * ```ts
 * const values = await notificationsAndSweeper(postgres, settings);
 * ```
 */
export async function notificationsAndSweeper(backend: PostgresBackend, settings: BenchSettings): Promise<ValueFigure[]> {
  const values = await outboxCommits(backend, settings);
  const pool = new pg.Pool({ connectionString: backend.url, max: 2 });
  try {
    const { rowCount } = await pool.query(
      `UPDATE ours.hitl_pending_interrupts SET expires_at = CASE WHEN substring(thread_id from 6)::int % ${DUE_EVERY} = 0 THEN now() - interval '1 minute' ELSE now() + interval '1 day' END
       WHERE thread_id LIKE 'bulk-%'`,
    );
    await pool.query("ANALYZE ours.hitl_pending_interrupts");
    const { plan, times } = await sweeperQuery(pool, "ours", settings.inboxSamples);
    const pending = rowCount ?? 0;
    const note = `${pending.toLocaleString("en")} pending approvals with deadlines (figure 6's bulk rows), every ${DUE_EVERY}th past it; the query leases 100, in a transaction rolled back`;
    const head = { figure: "10b. The expiry sweeper's query", case: "lease 100 due approvals", backend: "postgres" as const, note };
    values.push(
      { ...head, id: "sweeper/inbox-seq-scans", unit: "scans", label: "sequential scans of the inbox in its plan", samples: [(plan.match(/Seq Scan on hitl_pending_interrupts/g) ?? []).length] },
      { ...head, id: "sweeper/deadline-index-scans", unit: "scans", label: "scans of the deadline index (hitl_pending_interrupts_expiry) in its plan", samples: [(plan.match(/Index Scan using hitl_pending_interrupts_expiry/g) ?? []).length] },
      { ...head, id: "sweeper/lease-query", unit: "ms", label: "the lease query", samples: times },
    );
    return values;
  } finally {
    await pool.end();
  }
}
