import type pg from "pg";
import { HITLError } from "../../errors/hitl-error.js";
import { packedBlobParams, type CheckpointRows, type WriteRows } from "../../langgraph/index.js";
import { preparedQuery } from "../prepared-statement.js";
import { fencedPutSql, fencedWritesSql } from "./fence-sql.js";

/** One checkpoint row as LangGraph's saver serialises it, and what the fence needs to know. */
interface FencedCheckpoint {
  threadId: string;
  namespace: string;
  checkpointId: string;
  parentId: string | undefined;
  /** The token the run carries, if any. */
  token: string | undefined;
  /** A `loop`/`input` checkpoint with a parent. */
  continues: boolean;
  /** Its run loaded the head: it must be its parent's first continuation. */
  checked: boolean;
}

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
 * Saves a checkpoint as LangGraph's `PostgresSaver.put` does (its blobs and the checkpoint,
 * atomically), with the fence folded in: one statement, one round trip.
 *
 * @throws {HITLError} `THREAD_BUSY` when the lease check refuses the write, `INTERRUPT_ALREADY_RESOLVED`
 * when the parent already has another continuation.
 * @example
 * ```ts
 * await fencedPut(pool, "public", row, await stockCheckpointRows(saver, threadId, "", checkpoint, metadata, versions), true);
 * ```
 */
export async function fencedPut(pool: pg.Pool, schema: string, row: FencedCheckpoint, stored: CheckpointRows, prepare: boolean): Promise<void> {
  const { blobs } = stored;
  const params = [
    row.threadId,
    row.token ?? null,
    row.namespace,
    row.checkpointId,
    row.parentId ?? null,
    stored.checkpoint,
    stored.metadata,
    row.continues,
    row.checked,
    blobs.map((blob) => blob[2]),
    blobs.map((blob) => blob[3]),
    blobs.map((blob) => blob[4]),
    ...packedBlobParams(blobs.map((blob) => blob[5])),
  ];
  const { rows } = await pool.query<{ allowed: boolean; saved: boolean }>(preparedQuery(fencedPutSql(schema), params, prepare));
  const verdict = rows[0];
  if (verdict?.saved !== true) throw verdict?.allowed === true ? secondContinuation(row) : refusedByLease(row.threadId, row.token);
}

/**
 * Saves a task's pending writes as LangGraph's `PostgresSaver.putWrites` does, in one statement
 * that refuses them when the lease check does (a run that lost its lease must not leave writes a
 * later run would read as finished work).
 *
 * @throws {HITLError} `THREAD_BUSY` when the lease check refuses the writes.
 * @example
 * ```ts
 * await fencedPutWrites(pool, "public", token, await stockWriteRows(saver, threadId, "", checkpointId, taskId, writes), true);
 * ```
 */
export async function fencedPutWrites(pool: pg.Pool, schema: string, token: string | undefined, { rows, upsert }: WriteRows, prepare: boolean): Promise<void> {
  const [first] = rows;
  if (first === undefined) return;
  const [threadId, namespace, checkpointId, taskId] = first;
  const params = [
    threadId,
    token ?? null,
    namespace,
    checkpointId,
    taskId,
    rows.map((write) => write[4]),
    rows.map((write) => write[5]),
    rows.map((write) => write[6]),
    ...packedBlobParams(rows.map((write) => write[7])),
  ];
  const { rows: verdict } = await pool.query<{ allowed: boolean }>(preparedQuery(fencedWritesSql(schema, upsert), params, prepare));
  if (verdict[0]?.allowed !== true) throw refusedByLease(threadId, token);
}
