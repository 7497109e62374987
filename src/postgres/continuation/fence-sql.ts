import { insertBlobsSql, insertWritesSql, upsertCheckpointSql } from "../../langgraph/index.js";
import { BoundedMemo } from "../bounded-memo.js";
import { continuationsTable, leasesTable } from "../tables.js";

// LangGraph's own rows (src/langgraph/postgres-writes-sql.ts) written under this library's fence,
// each `put` and each `putWrites` in ONE statement: one statement is atomic, so it needs no
// BEGIN/COMMIT of its own, and a refused write leaves nothing behind.
//
// Every put and putWrites sends one of these texts (kilobytes each): each is built once per
// schema and the same string handed back, so neither building it nor hashing it to find its
// prepared statement's name (`statementName`) is paid again on every write.
const texts = new BoundedMemo<string>(64);

/**
 * Whether the writer may write to thread `$1`: with a token (`$2`), only while that token holds
 * the thread's live lease; without one, only while no token holds a live lease. The lease row is
 * locked for share, so a takeover waits for a write already under way and a write that comes
 * after a takeover sees it.
 */
function verdictSql(schema: string): string {
  return `lease AS (
      SELECT token, lease_until > clock_timestamp() AS live FROM ${leasesTable(schema)} WHERE thread_id = $1::text FOR SHARE
    ), verdict AS (
      SELECT CASE WHEN $2::text IS NULL THEN NOT EXISTS (SELECT 1 FROM lease WHERE live)
                  ELSE EXISTS (SELECT 1 FROM lease WHERE token = $2::text AND live) END AS allowed
    )`;
}

/**
 * LangGraph's checkpoint upsert and its blobs, fenced, in one statement. Parameters: `$1` thread,
 * `$2` token, `$3` namespace, `$4` checkpoint id, `$5` parent id, `$6` checkpoint, `$7` metadata,
 * `$8` whether it continues its parent (registered as its parent's continuation when it is the
 * first), `$9` whether its run loaded the head (then it must be its parent's first continuation),
 * `$10`–`$12` the blobs' channels, versions and types, `$13`–`$15` the blobs packed
 * (`packBlobs`). The first continuation is claimed with `INSERT … ON CONFLICT`, which waits for a
 * concurrent claim of the same parent to commit, so two runs can never both see "no child yet".
 * The blobs are written only with the checkpoint.
 * Returns `allowed` (the lease check) and `saved`.
 *
 * @example
 * ```ts
 * const { rows } = await pool.query(fencedPutSql("public"), params);
 * ```
 */
export function fencedPutSql(schema: string): string {
  return texts.get(`put\u0000${schema}`, () => buildFencedPutSql(schema));
}

function buildFencedPutSql(schema: string): string {
  const continuations = continuationsTable(schema);
  const checkpoint = { threadId: "$1", namespace: "$3", checkpointId: "$4", parentId: "$5", checkpoint: "$6", metadata: "$7" };
  const blobs = { threadId: "$1", namespace: "$3", channels: "$10", versions: "$11", types: "$12", offsets: "$13", lengths: "$14", bytes: "$15" };
  return `WITH ${verdictSql(schema)}, first_child AS (
      INSERT INTO ${continuations} AS c (thread_id, checkpoint_ns, parent_checkpoint_id, checkpoint_id)
      SELECT $1::text, $3::text, $5::text, $4::text FROM verdict WHERE allowed AND $8::boolean
      ON CONFLICT (thread_id, checkpoint_ns, parent_checkpoint_id) DO UPDATE SET checkpoint_id = c.checkpoint_id
        WHERE c.checkpoint_id = EXCLUDED.checkpoint_id OR NOT $9::boolean
      RETURNING 1
    ), saved AS (
      ${upsertCheckpointSql(schema, checkpoint, { from: "verdict", when: "allowed AND (NOT $9::boolean OR EXISTS (SELECT 1 FROM first_child))" })}
      RETURNING 1
    ), blobs AS (
      ${insertBlobsSql(schema, blobs, { when: "EXISTS (SELECT 1 FROM saved)" })}
    )
    SELECT (SELECT allowed FROM verdict) AS allowed, EXISTS (SELECT 1 FROM saved) AS saved`;
}

/**
 * LangGraph's pending-writes statement, fenced like {@link fencedPutSql}'s lease check, in one
 * statement. `upsert`: the stock saver replaces a task's special writes (interrupt, resume, error)
 * and keeps the first of any other. Parameters: `$1` thread, `$2` token, `$3` namespace,
 * `$4` checkpoint id, `$5` task id, `$6` idx[], `$7` channel[], `$8` type[], `$9`–`$11` the blobs
 * packed (`packBlobs`).
 *
 * @example
 * ```ts
 * const { rows } = await pool.query(fencedWritesSql("public", false), params);
 * ```
 */
export function fencedWritesSql(schema: string, upsert: boolean): string {
  return texts.get(`${upsert ? "upsert" : "insert"}\u0000${schema}`, () => buildFencedWritesSql(schema, upsert));
}

function buildFencedWritesSql(schema: string, upsert: boolean): string {
  const writes = { threadId: "$1", namespace: "$3", checkpointId: "$4", taskId: "$5", idx: "$6", channels: "$7", types: "$8", offsets: "$9", lengths: "$10", bytes: "$11" };
  return `WITH ${verdictSql(schema)}, saved AS (
      ${insertWritesSql(schema, writes, upsert, { from: "verdict", when: "allowed" })}
    )
    SELECT allowed FROM verdict`;
}
