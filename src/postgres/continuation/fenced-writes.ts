import type pg from "pg";
import { WRITES_IDX_MAP } from "@langchain/langgraph-checkpoint";
import { HITLError } from "../../errors/hitl-error.js";
import { blobUpsertSql, fencedPutSql, fencedWritesSql } from "./fence-sql.js";

/** One checkpoint row as LangGraph's saver serialises it, and what the fence needs to know. */
export interface FencedCheckpoint {
  threadId: string;
  namespace: string;
  checkpointId: string;
  parentId: string | undefined;
  checkpoint: Record<string, unknown>;
  metadata: unknown;
  /** The continuation token its run carries, if any. */
  token: string | undefined;
  /** A `loop`/`input` checkpoint with a parent. */
  continues: boolean;
  /** Its run loaded the head: it must be its parent's first continuation. */
  checked: boolean;
}

/** A serialised pending write, as LangGraph's saver makes it (`_dumpWrites`). */
export type DumpedWrite = [string, string, string, string, number, string, string, Uint8Array];

function refusedByLease(threadId: string, token: string | undefined): HITLError {
  const message =
    token === undefined
      ? `Thread "${threadId}" is being continued by another run (it holds the thread's continuation lease); this write was refused.`
      : `This run no longer holds thread "${threadId}"'s continuation lease (it lapsed or was taken over); its writes are refused.`;
  return new HITLError("THREAD_BUSY", message, { threadId });
}

function secondContinuation(row: FencedCheckpoint): HITLError {
  return new HITLError(
    "INTERRUPT_ALREADY_RESOLVED",
    `Checkpoint ${row.parentId} of thread "${row.threadId}" was already continued by another run; this run's step was not saved (history does not fork).`,
    { threadId: row.threadId },
  );
}

/**
 * Saves a checkpoint as LangGraph's `PostgresSaver.put` does (blobs, then the checkpoint, in one
 * transaction), with the fence folded into the checkpoint's insert.
 *
 * @throws {HITLError} `THREAD_BUSY` when the lease check refuses the write, `INTERRUPT_ALREADY_RESOLVED`
 * when the parent already has another continuation.
 * @example
 * ```ts
 * await fencedPut(pool, "public", row, blobs);
 * ```
 */
export async function fencedPut(pool: pg.Pool, schema: string, row: FencedCheckpoint, blobs: ReadonlyArray<readonly unknown[]>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    for (const blob of blobs) await client.query(blobUpsertSql(schema), [...blob]);
    const { rows } = await client.query<{ allowed: boolean; saved: boolean }>(fencedPutSql(schema), [
      row.threadId,
      row.token ?? null,
      row.namespace,
      row.checkpointId,
      row.parentId ?? null,
      row.checkpoint,
      row.metadata,
      row.continues,
      row.checked,
    ]);
    const verdict = rows[0];
    if (verdict?.saved !== true) throw verdict?.allowed === true ? secondContinuation(row) : refusedByLease(row.threadId, row.token);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Saves a task's pending writes as LangGraph's `PostgresSaver.putWrites` does, in one statement
 * that refuses them when the lease check does (a run that lost its lease must not leave writes a
 * later run would read as finished work).
 *
 * @throws {HITLError} `THREAD_BUSY` when the lease check refuses the writes.
 * @example
 * ```ts
 * await fencedPutWrites(pool, "public", token, writes, dumped);
 * ```
 */
export async function fencedPutWrites(pool: pg.Pool, schema: string, token: string | undefined, channels: readonly string[], dumped: readonly DumpedWrite[]): Promise<void> {
  const [first] = dumped;
  if (first === undefined) return;
  const [threadId, namespace, checkpointId, taskId] = first;
  const upsert = channels.every((channel) => channel in WRITES_IDX_MAP);
  // The stock saver upserts special writes one by one (the last of an index wins); one statement may touch a row once.
  const rows = upsert ? [...new Map(dumped.map((write) => [write[4], write])).values()] : dumped;
  const { rows: verdict } = await pool.query<{ allowed: boolean }>(fencedWritesSql(schema, upsert), [
    threadId,
    token ?? null,
    namespace,
    checkpointId,
    taskId,
    rows.map((write) => write[4]),
    rows.map((write) => write[5]),
    rows.map((write) => write[6]),
    rows.map((write) => Buffer.from(write[7])),
  ]);
  if (verdict[0]?.allowed !== true) throw refusedByLease(threadId, token);
}
