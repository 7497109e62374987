import { performance } from "node:perf_hooks";
import pg from "pg";
import { claimStoreFor } from "../../src/claims/index.js";
import { approvalAgent, middlewareAgent, newThreadId, plainAgent, requirementsFloorAgent } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { boundOf, callsLabel, figure, single, type Figure } from "../support/figures.js";
import { runPool } from "../support/interleave.js";
import { summarise } from "../support/stats.js";
import type { HITLPostgresSaver } from "../../src/postgres/index.js";
import type { BenchSettings } from "./settings.js";

/** 4. Throughput: threads paused then resumed, vs plain ToolNode full runs, at the same concurrency. */
export async function throughput(backend: Backend, settings: BenchSettings): Promise<Figure[]> {
  const ours = approvalAgent(1, backend.ours);
  const plain = plainAgent(1, backend.plain);
  const floor = requirementsFloorAgent(1, backend.ours, claimStoreFor(backend.ours));
  const figures: Figure[] = [];
  for (const concurrency of [1, settings.concurrency]) {
    const oursRates: number[] = [];
    const plainRates: number[] = [];
    const floorRates: number[] = [];
    const rate = (ms: number) => (settings.throughputThreads / ms) * 1000;
    // Two alternating rounds each, so all see the same machine weather.
    for (let round = 0; round < 2; round += 1) {
      const oursMs = await runPool(settings.throughputThreads, concurrency, async () => {
        const threadId = newThreadId("tp");
        await ours.resume(threadId, await ours.pause(threadId));
      });
      const plainMs = await runPool(settings.throughputThreads, concurrency, () => plain.fullRun(newThreadId("tp-plain")));
      const floorMs = await runPool(settings.throughputThreads, concurrency, async () => {
        const threadId = newThreadId("tp-floor");
        await floor.pause(threadId);
        await floor.resume(threadId);
      });
      oursRates.push(rate(oursMs));
      plainRates.push(rate(plainMs));
      floorRates.push(rate(floorMs));
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
        bound: boundOf("requirements floor: bare interrupt() + ToolNode on our checkpointer + resume()'s read + the claim and results commits", summarise(floorRates), summarise(plainRates)),
      }),
    );
  }
  return figures;
}

const LANGGRAPH_TABLES = ["checkpoints", "checkpoint_blobs", "checkpoint_writes"];

/** Row bytes as stored (pg_column_size: after Postgres's own compression) of the threads with a prefix. */
async function rowBytes(pool: pg.Pool, schema: string, prefix: string, tables: readonly string[]): Promise<number> {
  let total = 0;
  for (const table of tables) {
    const { rows } = await pool.query<{ bytes: string | null }>(`SELECT sum(pg_column_size(t.*)) AS bytes FROM "${schema}".${table} t WHERE thread_id LIKE $1`, [`${prefix}%`]);
    total += Number(rows[0]?.bytes ?? 0);
  }
  return total;
}

/** Everything a schema's tables take on disk: heap, TOAST and indexes. */
async function schemaBytes(pool: pg.Pool, schema: string): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>(
    "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'",
    [schema],
  );
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * 5. Storage: bytes per paused thread — ours (LangGraph's tables, written by the stock saver's SQL,
 * plus our inbox) vs a stock PostgresSaver running LangChain's middleware — and what our own
 * tables add: the inbox while paused, the claim and call results kept after the resume.
 */
export async function storage(backend: Backend & { url: string }, settings: BenchSettings): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: backend.url, max: 2 });
  const figures: Figure[] = [];
  const per = (bytes: number) => single(bytes / settings.storageThreads);
  try {
    for (const calls of [1, 10]) {
      const ours = approvalAgent(calls, backend.ours);
      const middleware = middlewareAgent(calls, backend.middleware);
      const oursPrefix = `st-ours-${calls}-`;
      const mwPrefix = `st-mw-${calls}-`;
      const before = { ours: await schemaBytes(pool, "ours"), mw: await schemaBytes(pool, "mw") };
      const interrupts: string[] = [];
      for (let index = 0; index < settings.storageThreads; index += 1) {
        interrupts.push(await ours.pause(`${oursPrefix}${index}`));
        await middleware.pause(`${mwPrefix}${index}`);
      }
      const onDisk = { ours: (await schemaBytes(pool, "ours")) - before.ours, mw: (await schemaBytes(pool, "mw")) - before.mw };
      const langgraph = { ours: await rowBytes(pool, "ours", oursPrefix, LANGGRAPH_TABLES), mw: await rowBytes(pool, "mw", mwPrefix, LANGGRAPH_TABLES) };
      const inboxBytes = await rowBytes(pool, "ours", oursPrefix, ["hitl_pending_interrupts"]);
      for (let index = 0; index < settings.storageThreads; index += 1) await ours.resume(`${oursPrefix}${index}`, interrupts[index]!);
      const claimBytes = await rowBytes(pool, "ours", oursPrefix, ["hitl_claims", "hitl_call_results"]);
      const label = callsLabel(calls);
      const base = { workload: "5. Storage per paused thread", backend: "postgres" as const, unit: "bytes" as const };
      const vsMiddleware = { baselineName: "PostgresSaver + humanInTheLoopMiddleware" };
      figures.push(
        figure({ ...base, case: `${label}: all rows (LangGraph's tables + our inbox)`, ours: per(langgraph.ours + inboxBytes), ...vsMiddleware, baseline: per(langgraph.mw), note: "row bytes as stored (pg_column_size), summed over the thread's rows" }),
        figure({ ...base, case: `${label}: LangGraph's tables only`, ours: per(langgraph.ours), ...vsMiddleware, baseline: per(langgraph.mw), note: "both written by the stock PostgresSaver's SQL; the difference is the interrupt payload and the graph's state" }),
        figure({ ...base, case: `${label}: on disk (heap, TOAST and indexes)`, ours: per(onDisk.ours), ...vsMiddleware, baseline: per(onDisk.mw), note: `pg_total_relation_size delta over ${settings.storageThreads} threads (page-granular)` }),
        figure({ ...base, case: `${label}: our inbox row(s) while paused`, ours: per(inboxBytes), note: "hitl_pending_interrupts; deleted when the batch's result is written" }),
        figure({ ...base, case: `${label}: our claim + call results after the resume`, ours: per(claimBytes), note: "hitl_claims + hitl_call_results; kept until the thread is deleted" }),
      );
    }
  } finally {
    await pool.end();
  }
  return figures;
}

const INBOX_CHUNK = 5_000;

/**
 * 6. Inbox queries with many paused threads. Driving 100 000 real pauses would take too long, so
 * their interrupt writes (with a real payload) are inserted in bulk; the inbox trigger makes the rows.
 */
export async function inbox(backend: Backend & { url: string; ours: HITLPostgresSaver }, settings: BenchSettings): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: backend.url, max: 2 });
  try {
    const sample = approvalAgent(1, backend.ours);
    const realThread = newThreadId("inbox-real");
    await sample.pause(realThread);
    const [stored] = (await backend.ours.listPendingInterrupts({ limit: 1, threadId: realThread })).items;
    const { digest: _computed, ...request } = (stored?.payload as { action_requests: Array<{ digest?: string }> }).action_requests[0]!;
    const payload = JSON.stringify({ ...(stored?.payload as object), action_requests: [request] });
    // The interrupt write LangGraph stores for each paused thread; the inbox trigger adds the
    // inbox row in the same statement. In chunks, with ANALYZE between them: the trigger's
    // statements are planned once per connection, and planned against an inbox the statistics say
    // is empty (every earlier workload's thread was resumed) they scan the whole inbox per row,
    // which makes one 100 000-row statement quadratic (≈ 500 s instead of ≈ 5 s).
    for (let first = 1; first <= settings.inboxRows; first += INBOX_CHUNK) {
      await pool.query(
        `INSERT INTO ours.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
         SELECT 'bulk-' || g, '', '1f0000000000000000000000000000' || g, md5('task' || g), -3, '__interrupt__', 'json',
                convert_to('[{"id":"' || md5(g::text) || '","value":' || $1 || '}]', 'UTF8')
         FROM generate_series($2::int, $3::int) AS g`,
        [payload, first, Math.min(settings.inboxRows, first + INBOX_CHUNK - 1)],
      );
      await pool.query("ANALYZE ours.hitl_pending_interrupts");
    }
    // Spread over time, so pages differ.
    await pool.query(
      `UPDATE ours.hitl_pending_interrupts SET created_at = date_trunc('milliseconds', now() - (substring(thread_id from 6)::int || ' seconds')::interval)
       WHERE thread_id LIKE 'bulk-%'`,
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
    const note = `${settings.inboxRows.toLocaleString("en")} paused threads: interrupt writes (a real payload) inserted in bulk, inbox rows made by the trigger`;
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
