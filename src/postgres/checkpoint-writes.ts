import type pg from "pg";

/** LangGraph's special channels: a write made only of these replaces earlier ones (an upsert). */
const SPECIAL_CHANNELS = new Set(["__error__", "__scheduled__", "__interrupt__", "__resume__"]);

/** One row of `checkpoint_writes`, as `PostgresSaver._dumpWrites` prepares it. */
export type WriteRow = [string, string, string, string, number, string, string, Uint8Array];

/**
 * Inserts a task's writes exactly as `PostgresSaver.putWrites` does (the same SQL), on a client
 * the caller holds inside a transaction — so other statements can join the same transaction.
 */
export async function insertWrites(client: pg.PoolClient, schema: string, channels: readonly string[], rows: readonly WriteRow[]): Promise<void> {
  const replace = channels.every((channel) => SPECIAL_CHANNELS.has(channel));
  const sql = `INSERT INTO "${schema}".checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) DO ${replace ? "UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob" : "NOTHING"}`;
  for (const row of rows) await client.query(sql, row);
}
