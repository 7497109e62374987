import pg from "pg";
import { approvalAgent } from "../support/agents.js";
import type { PostgresBackend } from "../support/backends.js";
import { humanInTheLoopAgent } from "../support/create-agent-agents.js";
import type { ValueFigure } from "../support/measurements.js";
import { callsLabel } from "./labels.js";
import type { BenchSettings } from "./settings.js";

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
 * 5. Storage: bytes per paused thread — ours (LangGraph's tables plus our inbox) vs a stock
 * PostgresSaver running LangChain's middleware — and what our own tables add: the inbox while
 * paused, the claim and call results kept after the resume. Bytes, not times: no intervals.
 *
 * @example
 * ```ts
 * const bytes = await storage(postgres, settings);
 * ```
 */
export async function storage(backend: PostgresBackend, settings: BenchSettings): Promise<ValueFigure[]> {
  const pool = new pg.Pool({ connectionString: backend.url, max: 2 });
  const values: ValueFigure[] = [];
  const per = (bytes: number) => [bytes / settings.storageThreads];
  try {
    for (const calls of [1, 10]) {
      const ours = approvalAgent(calls, backend.ours);
      const middleware = humanInTheLoopAgent(calls, backend.stock);
      const oursPrefix = `st-ours-${calls}-`;
      const mwPrefix = `st-mw-${calls}-`;
      const before = { ours: await schemaBytes(pool, "ours"), stock: await schemaBytes(pool, "stock") };
      const interrupts: string[] = [];
      for (let index = 0; index < settings.storageThreads; index += 1) {
        interrupts.push(await ours.pause(`${oursPrefix}${index}`));
        await middleware.pause(`${mwPrefix}${index}`);
      }
      const onDisk = { ours: (await schemaBytes(pool, "ours")) - before.ours, stock: (await schemaBytes(pool, "stock")) - before.stock };
      const langgraph = { ours: await rowBytes(pool, "ours", oursPrefix, LANGGRAPH_TABLES), stock: await rowBytes(pool, "stock", mwPrefix, LANGGRAPH_TABLES) };
      const inboxBytes = await rowBytes(pool, "ours", oursPrefix, ["hitl_pending_interrupts"]);
      for (let index = 0; index < settings.storageThreads; index += 1) await ours.resume(`${oursPrefix}${index}`, interrupts[index]!);
      const claimBytes = await rowBytes(pool, "ours", oursPrefix, ["hitl_claims", "hitl_call_results"]);
      const label = callsLabel(calls);
      const head = { figure: "5. Storage per paused thread", case: label, backend: "postgres" as const, unit: "bytes" as const };
      const middlewareRows = (samples: number[]) => ({ beside: { label: `createAgent + humanInTheLoopMiddleware (${backend.stockName})`, samples } });
      values.push(
        { ...head, id: `storage/${calls}/all-rows`, label: `ours (${backend.oursName}): all rows, LangGraph's tables + our inbox`, samples: per(langgraph.ours + inboxBytes), ...middlewareRows(per(langgraph.stock)), note: "row bytes as stored (pg_column_size), summed over the thread's rows" },
        { ...head, id: `storage/${calls}/langgraph-rows`, label: "ours: LangGraph's tables only", samples: per(langgraph.ours), ...middlewareRows(per(langgraph.stock)), note: "both written as the stock PostgresSaver writes them; the difference is the interrupt payload and the graph's state" },
        { ...head, id: `storage/${calls}/on-disk`, label: "ours: on disk (heap, TOAST and indexes)", samples: per(onDisk.ours), ...middlewareRows(per(onDisk.stock)), note: `pg_total_relation_size delta over ${settings.storageThreads} threads (page-granular)` },
        { ...head, id: `storage/${calls}/inbox`, label: "our inbox row(s) while paused", samples: per(inboxBytes), note: "hitl_pending_interrupts; deleted when the batch's result is written" },
        { ...head, id: `storage/${calls}/claim`, label: "our claim + call results after the resume", samples: per(claimBytes), note: "hitl_claims + hitl_call_results; kept until the thread is deleted" },
      );
    }
  } finally {
    await pool.end();
  }
  return values;
}
