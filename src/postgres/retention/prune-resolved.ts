import type pg from "pg";
import { taskFinishedSql } from "../../langgraph/index.js";
import { claimsTable, continuationsTable, leasesTable, resultsTable } from "../tables.js";
import type { ResolvedPruneOptions } from "./prune-options.js";

/** What one `pruneResolved` call deleted. */
export interface PruneResolvedResult {
  /** Claims of finished batches (`hitl_claims`). */
  claims: number;
  /** Their calls' committed results (`hitl_call_results`). */
  callResults: number;
  /** Continuation records (`hitl_continuations`: the first child of a checkpoint). */
  continuations: number;
  /** Continuation leases that lapsed (a run that died holding one; `hitl_thread_leases`). */
  leases: number;
  /** Whether a kind reached the limit: call again for more. */
  more: boolean;
}

const KEY = "(x.thread_id, x.checkpoint_ns, x.checkpoint_id) = (d.thread_id, d.checkpoint_ns, d.checkpoint_id)";

/**
 * One statement (atomic, one round trip) that deletes at most `$2` rows of each kind written
 * before `$1`, oldest first, skipping rows another session has locked, and never any row of a
 * thread whose continuation lease is live (a run is continuing it right now). A claim goes only
 * when no execution holds it (its lease lapsed: finished claims stop being renewed) and its batch
 * is finished for LangGraph — the task has its result in the checkpoint it ran from, so no resume,
 * takeover or replay of that checkpoint can run it again, and its graph has moved on past that
 * checkpoint. A paused batch, a running one, a released one whose interrupt is still pending and
 * a claim at a thread's head are all kept.
 *
 * @example
 * ```ts
 * const { rows } = await pool.query(pruneResolvedSql("public"), [olderThan, 1000]);
 * ```
 */
function pruneResolvedSql(schema: string): string {
  const claims = claimsTable(schema);
  const finished = taskFinishedSql(schema, { threadId: "c.thread_id", taskNamespace: "c.checkpoint_ns", checkpointId: "c.checkpoint_id" });
  return `WITH live AS (
      SELECT thread_id FROM ${leasesTable(schema)} WHERE lease_until > clock_timestamp()
    ), claims_due AS (
      SELECT c.thread_id, c.checkpoint_ns, c.checkpoint_id FROM ${claims} c
      WHERE c.claimed_at < $1::timestamptz AND c.lease_until <= clock_timestamp()
        AND NOT EXISTS (SELECT 1 FROM live WHERE live.thread_id = c.thread_id)
        AND ${finished}
      ORDER BY c.claimed_at LIMIT $2
      FOR UPDATE OF c SKIP LOCKED
    ), results_gone AS (
      DELETE FROM ${resultsTable(schema)} x USING claims_due d WHERE ${KEY} RETURNING 1
    ), claims_gone AS (
      DELETE FROM ${claims} x USING claims_due d WHERE ${KEY} RETURNING 1
    ), continuations_due AS (
      SELECT k.thread_id, k.checkpoint_ns, k.parent_checkpoint_id FROM ${continuationsTable(schema)} k
      WHERE k.created_at < $1::timestamptz AND NOT EXISTS (SELECT 1 FROM live WHERE live.thread_id = k.thread_id)
      ORDER BY k.created_at LIMIT $2
      FOR UPDATE OF k SKIP LOCKED
    ), continuations_gone AS (
      DELETE FROM ${continuationsTable(schema)} x USING continuations_due d
      WHERE (x.thread_id, x.checkpoint_ns, x.parent_checkpoint_id) = (d.thread_id, d.checkpoint_ns, d.parent_checkpoint_id) RETURNING 1
    ), leases_due AS (
      SELECT thread_id FROM ${leasesTable(schema)} WHERE lease_until < $1::timestamptz ORDER BY lease_until LIMIT $2 FOR UPDATE SKIP LOCKED
    ), leases_gone AS (
      DELETE FROM ${leasesTable(schema)} x USING leases_due d WHERE x.thread_id = d.thread_id RETURNING 1
    )
    SELECT (SELECT count(*) FROM claims_gone)::int AS claims, (SELECT count(*) FROM results_gone)::int AS call_results,
           (SELECT count(*) FROM continuations_gone)::int AS continuations, (SELECT count(*) FROM leases_gone)::int AS leases`;
}

/**
 * Deletes what {@link pruneResolvedSql} selects and counts it.
 *
 * @example
 * ```ts
 * await pruneResolved(pool, "public", { olderThan: new Date(Date.now() - 7 * 86_400_000), limit: 1000 });
 * ```
 */
export async function pruneResolved(pool: pg.Pool, schema: string, options: ResolvedPruneOptions): Promise<PruneResolvedResult> {
  const { rows } = await pool.query<{ claims: number; call_results: number; continuations: number; leases: number }>(pruneResolvedSql(schema), [options.olderThan, options.limit]);
  const { claims = 0, call_results: callResults = 0, continuations = 0, leases = 0 } = rows[0] ?? {};
  return { claims, callResults, continuations, leases, more: [claims, continuations, leases].some((count) => count >= options.limit) };
}
