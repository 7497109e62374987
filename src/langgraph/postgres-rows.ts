import type { Checkpoint, CheckpointMetadata, ChannelVersions, PendingWrite } from "@langchain/langgraph-checkpoint";
import { WRITES_IDX_MAP } from "@langchain/langgraph-checkpoint";
import type { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";

// The rows LangGraph's PostgresSaver writes, made by its own protected serialisers
// (`_dumpBlobs`, `_dumpCheckpoint`, `_dumpMetadata`, `_dumpWrites`), so a saver that writes them
// with other statements stores exactly the stock bytes. tests/langgraph/postgres-tables.pg.test.ts
// checks that the stock `put`/`putWrites` store what these return.

/** A blob row: thread, namespace, channel, version, type, bytes (`undefined` for a channel without a value). */
type BlobRow = [string, string, string, string, string, Uint8Array | undefined];
/** A pending-write row: thread, namespace, checkpoint id, task id, idx, channel, type, bytes. */
type WriteRow = [string, string, string, string, number, string, string, Uint8Array];

/** A checkpoint as the stock saver stores it: its blobs, and the `checkpoint` and `metadata` jsonb values. */
export interface CheckpointRows {
  blobs: BlobRow[];
  checkpoint: Record<string, unknown>;
  metadata: unknown;
}

/** A task's writes as the stock saver stores them. */
export interface WriteRows {
  /** The rows, one per index: with `upsert` the last write of an index (the stock saver's row-by-row upsert leaves it), otherwise the first. */
  rows: WriteRow[];
  /** Every write is special (interrupt, resume, error…): stored rows of the same index are replaced; otherwise the first stored one stays. */
  upsert: boolean;
}

/** The stock saver's protected serialisers, reached from outside its class hierarchy in this one place. */
interface StockSerialisers {
  _dumpBlobs(threadId: string, namespace: string, values: Record<string, unknown>, versions: ChannelVersions): Promise<BlobRow[]>;
  _dumpCheckpoint(checkpoint: Checkpoint): Record<string, unknown>;
  _dumpMetadata(metadata: CheckpointMetadata): Promise<unknown>;
  _dumpWrites(threadId: string, namespace: string, checkpointId: string, taskId: string, writes: PendingWrite[]): Promise<WriteRow[]>;
}

const serialisers = (saver: PostgresSaver): StockSerialisers => saver as unknown as StockSerialisers;

/**
 * The rows the stock `put` writes for `checkpoint`: the blobs of the channels in `newVersions`,
 * and the checkpoint without its channel values.
 *
 * @example
 * ```ts
 * const { blobs, checkpoint: row, metadata: meta } = await stockCheckpointRows(saver, "t1", "", checkpoint, metadata, newVersions);
 * ```
 */
export async function stockCheckpointRows(
  saver: PostgresSaver,
  threadId: string,
  namespace: string,
  checkpoint: Checkpoint,
  metadata: CheckpointMetadata,
  newVersions: ChannelVersions,
): Promise<CheckpointRows> {
  const stock = serialisers(saver);
  const [blobs, serialisedMetadata] = await Promise.all([stock._dumpBlobs(threadId, namespace, checkpoint.channel_values, newVersions), stock._dumpMetadata(metadata)]);
  return { blobs, checkpoint: stock._dumpCheckpoint(checkpoint), metadata: serialisedMetadata };
}

/**
 * The rows the stock `putWrites` leaves for a task's `writes`. It upserts special writes one by
 * one (so the last of an index wins) and inserts any other batch keeping the first of an index;
 * one statement may touch a row only once, so the rows are deduplicated here the same way.
 *
 * @example
 * ```ts
 * const { rows, upsert } = await stockWriteRows(saver, "t1", "", checkpointId, taskId, [["__interrupt__", value]]);
 * ```
 */
export async function stockWriteRows(saver: PostgresSaver, threadId: string, namespace: string, checkpointId: string, taskId: string, writes: PendingWrite[]): Promise<WriteRows> {
  const dumped = await serialisers(saver)._dumpWrites(threadId, namespace, checkpointId, taskId, writes);
  const upsert = writes.every(([channel]) => channel in WRITES_IDX_MAP);
  const byIndex = new Map<number, WriteRow>();
  for (const row of dumped) if (upsert || !byIndex.has(row[4])) byIndex.set(row[4], row);
  return { rows: [...byIndex.values()], upsert };
}
