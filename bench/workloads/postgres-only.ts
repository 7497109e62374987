import { performance } from "node:perf_hooks";
import pg from "pg";
import { approvalAgent, middlewareAgent, newThreadId, plainAgent } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { callsLabel, figure, single, type Figure } from "../support/figures.js";
import { runPool } from "../support/interleave.js";
import { summarise } from "../support/stats.js";
import type { HitlPostgresSaver } from "../../src/postgres/index.js";
import type { BenchSettings } from "./settings.js";

/** 4. Throughput: threads paused then resumed, vs plain ToolNode full runs, at the same concurrency. */
export async function throughput(backend: Backend, settings: BenchSettings): Promise<Figure[]> {
  const ours = approvalAgent(1, backend.ours);
  const plain = plainAgent(1, backend.plain);
  const figures: Figure[] = [];
  for (const concurrency of [1, settings.concurrency]) {
    const oursRates: number[] = [];
    const plainRates: number[] = [];
    // Two alternating rounds each, so both see the same machine weather.
    for (let round = 0; round < 2; round += 1) {
      const oursMs = await runPool(settings.throughputThreads, concurrency, async () => {
        const threadId = newThreadId("tp");
        await ours.resume(threadId, await ours.pause(threadId));
      });
      const plainMs = await runPool(settings.throughputThreads, concurrency, () => plain.fullRun(newThreadId("tp-plain")));
      oursRates.push((settings.throughputThreads / oursMs) * 1000);
      plainRates.push((settings.throughputThreads / plainMs) * 1000);
    }
    figures.push(
      figure({
        workload: `4. Throughput (${settings.throughputThreads} threads paused then resumed)`,
        case: concurrency === 1 ? "sequential" : `concurrency ${concurrency}`,
        backend: backend.name,
        unit: "threads/s",
        ours: summarise(oursRates),
        baselineName: "plain ToolNode full runs",
        baseline: summarise(plainRates),
        target: { kind: "ratio-min", value: 0.8 },
      }),
    );
  }
  return figures;
}

async function bytesFor(pool: pg.Pool, schema: string, prefix: string, tables: string[]): Promise<number> {
  let total = 0;
  for (const table of tables) {
    const { rows } = await pool.query<{ bytes: string | null }>(`SELECT sum(pg_column_size(t.*)) AS bytes FROM "${schema}".${table} t WHERE thread_id LIKE $1`, [`${prefix}%`]);
    total += Number(rows[0]?.bytes ?? 0);
  }
  return total;
}

/** 5. Storage: bytes per paused thread (checkpoint tables, plus our inbox), vs the middleware. */
export async function storage(backend: Backend & { url: string }, settings: BenchSettings): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: backend.url, max: 2 });
  const figures: Figure[] = [];
  try {
    for (const calls of [1, 10]) {
      const ours = approvalAgent(calls, backend.ours);
      const middleware = middlewareAgent(calls, backend.middleware);
      const oursPrefix = `st-ours-${calls}-`;
      const mwPrefix = `st-mw-${calls}-`;
      for (let index = 0; index < settings.storageThreads; index += 1) {
        await ours.pause(`${oursPrefix}${index}`);
        await middleware.pause(`${mwPrefix}${index}`);
      }
      const checkpointTables = ["checkpoints", "checkpoint_blobs", "checkpoint_writes"];
      const oursBytes = await bytesFor(pool, "ours", oursPrefix, [...checkpointTables, "hitl_pending_interrupts"]);
      const mwBytes = await bytesFor(pool, "mw", mwPrefix, checkpointTables);
      figures.push(
        figure({
          workload: "5. Storage per paused thread",
          case: callsLabel(calls),
          backend: "postgres",
          unit: "bytes",
          ours: single(oursBytes / settings.storageThreads),
          baselineName: "humanInTheLoopMiddleware",
          baseline: single(mwBytes / settings.storageThreads),
          target: { kind: "ratio-max", value: 1 },
          note: "row bytes (pg_column_size) in the checkpoint tables, plus our inbox table",
        }),
      );
    }
  } finally {
    await pool.end();
  }
  return figures;
}

/**
 * 6. Inbox queries with many paused threads. Driving 100 000 real pauses would take too long, so
 * their interrupt writes (with a real payload) and inbox rows are inserted in bulk.
 */
export async function inbox(backend: Backend & { url: string; ours: HitlPostgresSaver }, settings: BenchSettings): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: backend.url, max: 2 });
  try {
    const sample = approvalAgent(1, backend.ours);
    const realThread = newThreadId("inbox-real");
    await sample.pause(realThread);
    const [stored] = (await backend.ours.listPendingInterrupts({ limit: 1, threadId: realThread })).items;
    const { digest: _computed, ...request } = (stored?.payload as { action_requests: Array<{ digest?: string }> }).action_requests[0]!;
    const payload = JSON.stringify({ ...(stored?.payload as object), action_requests: [request] });
    // The interrupt write LangGraph stores for each paused thread, and the inbox row the saver
    // adds beside it in the same transaction.
    await pool.query(
      `INSERT INTO ours.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
       SELECT 'bulk-' || g, '', '1f0000000000000000000000000000' || g, md5('task' || g), -3, '__interrupt__', 'json',
              convert_to('[{"id":"' || md5(g::text) || '","value":' || $1 || '}]', 'UTF8')
       FROM generate_series(1, $2::int) AS g`,
      [payload, settings.inboxRows],
    );
    await pool.query(
      `INSERT INTO ours.hitl_pending_interrupts (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at, expires_at, tool_names)
       SELECT 'bulk-' || g, md5('task' || g), 0, '1f0000000000000000000000000000' || g, md5(g::text),
              date_trunc('milliseconds', now() - (g || ' seconds')::interval), NULL, ARRAY['lookup']
       FROM generate_series(1, $1::int) AS g`,
      [settings.inboxRows],
    );
    await pool.query("ANALYZE ours.hitl_pending_interrupts; ANALYZE ours.checkpoint_writes");
    const time = async (run: () => Promise<unknown>): Promise<number> => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const firstPage: number[] = [];
    const deepPage: number[] = [];
    const byThread: number[] = [];
    const middle = await backend.ours.listPendingInterrupts({ limit: 1, olderThan: new Date(Date.now() - (settings.inboxRows / 2) * 1000) });
    for (let index = 0; index < settings.inboxSamples; index += 1) {
      firstPage.push(await time(() => backend.ours.listPendingInterrupts({ limit: 50 })));
      deepPage.push(await time(() => backend.ours.listPendingInterrupts({ limit: 50, ...(middle.nextCursor === undefined ? {} : { cursor: middle.nextCursor }) })));
      const threadId = `bulk-${1 + Math.floor(Math.random() * settings.inboxRows)}`;
      byThread.push(await time(() => backend.ours.listPendingInterrupts({ limit: 10, threadId })));
    }
    const note = `${settings.inboxRows.toLocaleString("en")} paused threads: interrupt writes (a real payload) and inbox rows inserted in bulk`;
    const target = { kind: "value-max" as const, value: 5 };
    return [
      figure({ workload: "6. Inbox", case: "listPendingInterrupts({ limit: 50 })", backend: "postgres", unit: "ms", ours: summarise(firstPage), target, note }),
      figure({ workload: "6. Inbox", case: "a page from the middle (cursor)", backend: "postgres", unit: "ms", ours: summarise(deepPage), target, note }),
      figure({ workload: "6. Inbox", case: "lookup by thread", backend: "postgres", unit: "ms", ours: summarise(byThread), target, note }),
    ];
  } finally {
    await pool.end();
  }
}
