import { continuationsTable, leasesTable, quoted } from "../tables.js";

// LangGraph's checkpoint tables as @langchain/langgraph-checkpoint-postgres 1.0.5 lays them out
// (its sql.js); tests/postgres/continuation-fence.pg.test.ts checks that a fenced write stores
// exactly the rows the stock saver stores.

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
 * LangGraph's checkpoint upsert, fenced, in one statement. Parameters: `$1` thread, `$2` token,
 * `$3` namespace, `$4` checkpoint id, `$5` parent id, `$6` checkpoint, `$7` metadata, `$8` whether
 * it continues its parent (registered as its parent's continuation when it is the first), `$9`
 * whether its run loaded the head (then it must be its parent's first continuation). The first
 * continuation is claimed with `INSERT … ON CONFLICT`, which waits for a concurrent claim of the
 * same parent to commit, so two runs can never both see "no child yet". Returns `allowed` (the
 * lease check) and `saved`.
 *
 * @example
 * ```ts
 * const { rows } = await client.query(fencedPutSql("public"), params);
 * ```
 */
export function fencedPutSql(schema: string): string {
  const continuations = continuationsTable(schema);
  return `WITH ${verdictSql(schema)}, first_child AS (
      INSERT INTO ${continuations} AS c (thread_id, checkpoint_ns, parent_checkpoint_id, checkpoint_id)
      SELECT $1::text, $3::text, $5::text, $4::text FROM verdict WHERE allowed AND $8::boolean
      ON CONFLICT (thread_id, checkpoint_ns, parent_checkpoint_id) DO UPDATE SET checkpoint_id = c.checkpoint_id
        WHERE c.checkpoint_id = EXCLUDED.checkpoint_id OR NOT $9::boolean
      RETURNING 1
    ), saved AS (
      INSERT INTO ${quoted(schema)}.checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
      SELECT $1::text, $3::text, $4::text, $5::text, $6::jsonb, $7::jsonb FROM verdict
      WHERE allowed AND (NOT $9::boolean OR EXISTS (SELECT 1 FROM first_child))
      ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata
      RETURNING 1
    )
    SELECT (SELECT allowed FROM verdict) AS allowed, EXISTS (SELECT 1 FROM saved) AS saved`;
}

/**
 * LangGraph's blob upsert (unchanged: blobs are content-addressed by version, and roll back with
 * the checkpoint when the fence refuses it).
 *
 * @example
 * ```ts
 * await client.query(blobUpsertSql("public"), blob);
 * ```
 */
export function blobUpsertSql(schema: string): string {
  return `INSERT INTO ${quoted(schema)}.checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING`;
}

/**
 * LangGraph's pending-writes insert, fenced like {@link fencedPutSql}'s lease check, in one
 * statement. `upsert`: the stock saver replaces a task's special writes (interrupt, resume, error)
 * and keeps the first of any other. Parameters: `$1` thread, `$2` token, `$3` namespace,
 * `$4` checkpoint id, `$5` task id, `$6` idx[], `$7` channel[], `$8` type[], `$9` blob[].
 *
 * @example
 * ```ts
 * const { rows } = await pool.query(fencedWritesSql("public", false), params);
 * ```
 */
export function fencedWritesSql(schema: string, upsert: boolean): string {
  const conflict = upsert ? "DO UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob" : "DO NOTHING";
  return `WITH ${verdictSql(schema)}, saved AS (
      INSERT INTO ${quoted(schema)}.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
      SELECT $1::text, $3::text, $4::text, $5::text, w.idx, w.channel, w.type, w.blob
      FROM verdict, unnest($6::int[], $7::text[], $8::text[], $9::bytea[]) WITH ORDINALITY AS w(idx, channel, type, blob, ord)
      WHERE allowed
      ORDER BY w.ord
      ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) ${conflict}
    )
    SELECT allowed FROM verdict`;
}
