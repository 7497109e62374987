import { performance } from "node:perf_hooks";
import pg from "pg";
import { approvalAgent, newThreadId } from "../support/agents.js";
import type { PostgresBackend } from "../support/backends.js";
import type { ValueFigure } from "../support/measurements.js";
import type { BenchSettings } from "./settings.js";

const INBOX_CHUNK = 5_000;

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Inserts `rows` paused threads: the interrupt write LangGraph stores for each (with a real
 * payload); the inbox trigger adds the inbox row in the same statement. In chunks, with ANALYZE
 * between them: the trigger's statements are planned once per connection, and planned against
 * an inbox the statistics say is empty (every earlier workload's thread was resumed) they scan
 * the whole inbox per row, which makes one 100 000-row statement quadratic (≈ 500 s, not ≈ 5 s).
 */
async function bulkPause(pool: pg.Pool, payload: string, rows: number): Promise<void> {
  for (let first = 1; first <= rows; first += INBOX_CHUNK) {
    await pool.query(
      `INSERT INTO ours.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
       SELECT 'bulk-' || g, '', '1f0000000000000000000000000000' || g, md5('task' || g), -3, '__interrupt__', 'json',
              convert_to('[{"id":"' || md5(g::text) || '","value":' || $1 || '}]', 'UTF8')
       FROM generate_series($2::int, $3::int) AS g`,
      [payload, first, Math.min(rows, first + INBOX_CHUNK - 1)],
    );
    await pool.query("ANALYZE ours.hitl_pending_interrupts");
  }
  // Spread over time, so pages differ.
  await pool.query(
    `UPDATE ours.hitl_pending_interrupts SET created_at = date_trunc('milliseconds', now() - (substring(thread_id from 6)::int || ' seconds')::interval)
     WHERE thread_id LIKE 'bulk-%'`,
  );
  await pool.query("ANALYZE ours.hitl_pending_interrupts; ANALYZE ours.checkpoint_writes");
}

/**
 * 6. Inbox queries with many paused threads. Driving 100 000 real pauses would take too long, so
 * their interrupt writes (a real payload) are inserted in bulk and the inbox trigger makes the rows.
 *
 * @example
 * ```ts
 * const pages = await inbox(postgres, settings);
 * ```
 */
export async function inbox(backend: PostgresBackend, settings: BenchSettings): Promise<ValueFigure[]> {
  const pool = new pg.Pool({ connectionString: backend.url, max: 2 });
  try {
    const realThread = newThreadId("inbox-real");
    await approvalAgent(1, backend.ours).pause(realThread);
    const [stored] = (await backend.ours.listPendingInterrupts({ limit: 1, threadId: realThread })).items;
    const { digest: _computed, ...request } = (stored?.payload as { action_requests: Array<{ digest?: string }> }).action_requests[0]!;
    await bulkPause(pool, JSON.stringify({ ...(stored?.payload as object), action_requests: [request] }), settings.inboxRows);
    const firstPage: number[] = [];
    const cursorPage: number[] = [];
    const byThread: number[] = [];
    const middle = await backend.ours.listPendingInterrupts({ limit: 1, olderThan: new Date(Date.now() - (settings.inboxRows / 2) * 1000) });
    for (let index = 0; index < settings.inboxSamples; index += 1) {
      firstPage.push(await time(() => backend.ours.listPendingInterrupts({ limit: 50 })));
      cursorPage.push(await time(() => backend.ours.listPendingInterrupts({ limit: 50, ...(middle.nextCursor === undefined ? {} : { cursor: middle.nextCursor }) })));
      const threadId = `bulk-${1 + Math.floor(Math.random() * settings.inboxRows)}`;
      byThread.push(await time(() => backend.ours.listPendingInterrupts({ limit: 10, threadId })));
    }
    const note = `${settings.inboxRows.toLocaleString("en")} paused threads: interrupt writes (a real payload) inserted in bulk, inbox rows made by the trigger`;
    const head = { figure: "6. Inbox", backend: "postgres" as const, unit: "ms" as const, note };
    return [
      { ...head, id: "inbox/first-page", case: "listPendingInterrupts({ limit: 50 })", label: "first page", samples: firstPage },
      { ...head, id: "inbox/cursor-page", case: "a page from the middle (cursor)", label: "page by cursor", samples: cursorPage },
      { ...head, id: "inbox/by-thread", case: "lookup by thread", label: "by thread", samples: byThread },
    ];
  } finally {
    await pool.end();
  }
}
