import { columnNames, langGraphTable, LANGGRAPH_TABLES, THREAD_TABLES, type LangGraphTableName } from "./postgres-tables.js";

// How LangGraph's PostgresSaver writes its rows (sql.js of @langchain/langgraph-checkpoint-postgres
// 1.0.x): the same conflict targets and the same update sets, so a row written here is the row the
// stock saver writes. The stock saver sends one statement per row; these take arrays (unnest) so a
// checkpoint's blobs, or a task's writes, go in one statement with whatever guard the caller adds.
// The blobs themselves travel as ONE bytea parameter (see packBlobs), which pg sends as raw bytes:
// a bytea[] parameter would go as text, every byte written out as two hex digits in JavaScript and
// read back by the server's array and hex parsers.
// tests/langgraph/postgres-tables.pg.test.ts renders the stock saver's own single-row statements
// from the same specs and compares them with the installed saver's text.

/** One of the stock saver's upserts: which columns, which conflict target, which columns an existing row takes. */
interface UpsertSpec {
  table: LangGraphTableName;
  columns: readonly string[];
  /** Columns `ON CONFLICT … DO UPDATE SET` replaces; none: `DO NOTHING`. */
  update: readonly string[];
}

const BLOB_UPSERT: UpsertSpec = { table: "checkpoint_blobs", columns: columnNames("checkpoint_blobs"), update: [] };
const CHECKPOINT_UPSERT: UpsertSpec = {
  table: "checkpoints",
  columns: ["thread_id", "checkpoint_ns", "checkpoint_id", "parent_checkpoint_id", "checkpoint", "metadata"],
  update: ["checkpoint", "metadata"],
};
// Special writes (interrupt, resume, error…) replace the task's earlier one; any other write keeps the first.
const WRITE_UPSERT: UpsertSpec = { table: "checkpoint_writes", columns: columnNames("checkpoint_writes"), update: ["channel", "type", "blob"] };
const WRITE_INSERT: UpsertSpec = { ...WRITE_UPSERT, update: [] };

function conflictClause(spec: UpsertSpec): string {
  const target = LANGGRAPH_TABLES[spec.table].primaryKey.join(", ");
  const action = spec.update.length === 0 ? "DO NOTHING" : `DO UPDATE SET ${spec.update.map((name) => `${name} = EXCLUDED.${name}`).join(", ")}`;
  return `ON CONFLICT (${target}) ${action}`;
}

/** Where a set-based insert reads its rows from: extra `FROM` items (e.g. a guard CTE) and a condition. */
interface RowGuard {
  /** Extra `FROM` items joined to the rows, e.g. `"verdict"`. */
  from?: string;
  /** A condition every row must meet, e.g. `"allowed"`. */
  when: string;
}

function fromWith(guard: RowGuard, rows: string): string {
  return guard.from === undefined ? rows : `${guard.from}, ${rows}`;
}

/** Placeholders of blobs packed by {@link packBlobs}: each blob's offset and length (`NULL`: no value) in one bytea. */
interface PackedBlobParams {
  offsets: string;
  lengths: string;
  bytes: string;
}

/** Placeholders of a checkpoint's blobs: one thread and namespace, arrays of `channel`, `version`, `type`, and the packed blobs. */
interface BlobParams extends PackedBlobParams {
  threadId: string;
  namespace: string;
  channels: string;
  versions: string;
  types: string;
}

/** Blobs as {@link packBlobs} sends them: where each one is in `bytes`, and how long it is (`null`: no value). */
interface PackedBlobs {
  offsets: number[];
  lengths: Array<number | null>;
  bytes: Buffer;
}

/**
 * Packs blobs into one buffer, with each one's offset and length, for the statements below:
 * one bytea parameter goes to Postgres as raw bytes, where an array of them would go as hex text.
 *
 * @param blobs - The blobs, `undefined` (or `null`) for a row without a value.
 * @returns Offsets and lengths (a `null` length for a row without a value) and the bytes.
 * @example
 * ```ts
 * packBlobs([Buffer.from("ab"), undefined, Buffer.from("c")]); // { offsets: [0, 2, 2], lengths: [2, null, 1], bytes: <61 62 63> }
 * ```
 */
export function packBlobs(blobs: ReadonlyArray<Uint8Array | null | undefined>): PackedBlobs {
  const offsets: number[] = [];
  const lengths: Array<number | null> = [];
  const present: Uint8Array[] = [];
  let offset = 0;
  for (const blob of blobs) {
    offsets.push(offset);
    if (blob === undefined || blob === null) {
      lengths.push(null);
      continue;
    }
    lengths.push(blob.byteLength);
    present.push(blob);
    offset += blob.byteLength;
  }
  return { offsets, lengths, bytes: Buffer.concat(present, offset) };
}

/**
 * {@link packBlobs} as the three statement parameters its placeholders name, in order:
 * `offsets`, `lengths`, `bytes`.
 *
 * @example
 * ```ts
 * await pool.query(fencedWritesSql(schema, false), [threadId, token, namespace, checkpointId, taskId, idx, channels, types, ...packedBlobParams(blobs)]);
 * ```
 */
export function packedBlobParams(blobs: ReadonlyArray<Uint8Array | null | undefined>): [number[], Array<number | null>, Buffer] {
  const { offsets, lengths, bytes } = packBlobs(blobs);
  return [offsets, lengths, bytes];
}

/** The unnest columns of packed blobs, and the blob a row gets back from them. */
function packedColumns(p: PackedBlobParams): { unnest: string; blob: (alias: string) => string } {
  return {
    unnest: `${p.offsets}::int[], ${p.lengths}::int[]`,
    blob: (alias) => `CASE WHEN ${alias}.len IS NULL THEN NULL ELSE substring(${p.bytes}::bytea FROM ${alias}.off + 1 FOR ${alias}.len) END`,
  };
}

/**
 * The stock blob upsert for a whole checkpoint in one statement: `INSERT … ON CONFLICT DO
 * NOTHING` (blobs are addressed by channel and version, so a stored one never changes).
 *
 * @example
 * ```ts
 * insertBlobsSql("public", { threadId: "$1", namespace: "$3", channels: "$10", versions: "$11", types: "$12", offsets: "$13", lengths: "$14", bytes: "$15" }, { when: "true" });
 * ```
 */
export function insertBlobsSql(schema: string, p: BlobParams, guard: RowGuard): string {
  const packed = packedColumns(p);
  return `INSERT INTO ${langGraphTable(schema, "checkpoint_blobs")} (${BLOB_UPSERT.columns.join(", ")})
      SELECT ${p.threadId}::text, ${p.namespace}::text, b.channel, b.version, b.type, ${packed.blob("b")}
      FROM ${fromWith(guard, `unnest(${p.channels}::text[], ${p.versions}::text[], ${p.types}::text[], ${packed.unnest}) WITH ORDINALITY AS b(channel, version, type, off, len, ord)`)}
      WHERE ${guard.when}
      ORDER BY b.ord
      ${conflictClause(BLOB_UPSERT)}`;
}

/** Placeholders of one checkpoint row. */
interface CheckpointParams {
  threadId: string;
  namespace: string;
  checkpointId: string;
  parentId: string;
  checkpoint: string;
  metadata: string;
}

/**
 * The stock checkpoint upsert (an existing row takes the new `checkpoint` and `metadata`),
 * guarded; add `RETURNING` to learn whether it was written.
 *
 * @example
 * ```ts
 * upsertCheckpointSql("public", params, { from: "verdict", when: "allowed" }) + " RETURNING 1";
 * ```
 */
export function upsertCheckpointSql(schema: string, p: CheckpointParams, guard: RowGuard): string {
  const values = [`${p.threadId}::text`, `${p.namespace}::text`, `${p.checkpointId}::text`, `${p.parentId}::text`, `${p.checkpoint}::jsonb`, `${p.metadata}::jsonb`];
  const from = guard.from === undefined ? "" : ` FROM ${guard.from}`;
  return `INSERT INTO ${langGraphTable(schema, "checkpoints")} (${CHECKPOINT_UPSERT.columns.join(", ")})
      SELECT ${values.join(", ")}${from}
      WHERE ${guard.when}
      ${conflictClause(CHECKPOINT_UPSERT)}`;
}

/** Placeholders of a task's writes: one checkpoint and task, arrays of `idx`, `channel`, `type`, and the packed blobs. */
interface WriteParams extends PackedBlobParams {
  threadId: string;
  namespace: string;
  checkpointId: string;
  taskId: string;
  idx: string;
  channels: string;
  types: string;
}

/**
 * The stock pending-writes statement for all of a task's writes at once: `upsert` (every write
 * special) replaces the stored row of the same index, otherwise the first stored one stays.
 * Rows are inserted in array order. With `upsert`, one index may appear only once (see
 * `stockWriteRows`).
 *
 * @example
 * ```ts
 * insertWritesSql("public", params, false, { from: "verdict", when: "allowed" });
 * ```
 */
export function insertWritesSql(schema: string, p: WriteParams, upsert: boolean, guard: RowGuard): string {
  const spec = upsert ? WRITE_UPSERT : WRITE_INSERT;
  const packed = packedColumns(p);
  return `INSERT INTO ${langGraphTable(schema, "checkpoint_writes")} (${spec.columns.join(", ")})
      SELECT ${p.threadId}::text, ${p.namespace}::text, ${p.checkpointId}::text, ${p.taskId}::text, w.idx, w.channel, w.type, ${packed.blob("w")}
      FROM ${fromWith(guard, `unnest(${p.idx}::int[], ${p.channels}::text[], ${p.types}::text[], ${packed.unnest}) WITH ORDINALITY AS w(idx, channel, type, off, len, ord)`)}
      WHERE ${guard.when}
      ORDER BY w.ord
      ${conflictClause(spec)}`;
}

/**
 * What LangGraph's `deleteThread` deletes, one `DELETE` per table (for the CTEs of one atomic
 * statement): every row of the thread `threadParam` in every namespace.
 *
 * @example
 * ```ts
 * deleteThreadSql("public", "$1"); // ["DELETE FROM \"public\".checkpoint_blobs WHERE thread_id = $1", …]
 * ```
 */
export function deleteThreadSql(schema: string, threadParam: string): string[] {
  return THREAD_TABLES.map((table) => `DELETE FROM ${langGraphTable(schema, table)} WHERE thread_id = ${threadParam}`);
}

function singleRow(schema: string, spec: UpsertSpec): string {
  const values = spec.columns.map((_, index) => `$${index + 1}`).join(", ");
  return `INSERT INTO ${langGraphTable(schema, spec.table)} (${spec.columns.join(", ")}) VALUES (${values}) ${conflictClause(spec)}`;
}

/**
 * The stock saver's write statements as this module understands them, rendered in its own
 * single-row form and keyed as its `SQL_STATEMENTS` are — what the contract test compares with
 * the installed saver's text (whitespace and a trailing `;` aside).
 *
 * @example
 * ```ts
 * stockWriteStatements("public").UPSERT_CHECKPOINT_BLOBS_SQL;
 * ```
 */
export function stockWriteStatements(schema: string): Record<string, string> {
  const [blobs, checkpoints, writes] = deleteThreadSql(schema, "$1");
  return {
    UPSERT_CHECKPOINT_BLOBS_SQL: singleRow(schema, BLOB_UPSERT),
    UPSERT_CHECKPOINTS_SQL: singleRow(schema, CHECKPOINT_UPSERT),
    UPSERT_CHECKPOINT_WRITES_SQL: singleRow(schema, WRITE_UPSERT),
    INSERT_CHECKPOINT_WRITES_SQL: singleRow(schema, WRITE_INSERT),
    DELETE_CHECKPOINT_BLOBS_SQL: blobs!,
    DELETE_CHECKPOINTS_SQL: checkpoints!,
    DELETE_CHECKPOINT_WRITES_SQL: writes!,
  };
}
