import type pg from "pg";
import type { InboxChange } from "../../inbox/inbox-changes.js";
import { inboxTable } from "./inbox-migrations.js";

/**
 * Applies the inbox changes of one `putWrites`, on the client (and inside the transaction) that
 * writes LangGraph's rows. Re-raising an interrupt within the same checkpoint keeps its
 * creation time, so a re-asked approval keeps its place in the inbox.
 */
export async function applyInboxChanges(client: pg.PoolClient, schema: string, changes: readonly InboxChange[]): Promise<void> {
  const table = inboxTable(schema);
  for (const change of changes) {
    if (change.kind === "finish_task") {
      await client.query(`DELETE FROM ${table} WHERE thread_id = $1 AND task_id = $2`, [change.threadId, change.taskId]);
      continue;
    }
    if (change.kind !== "raise") continue;
    for (const row of change.rows) {
      await client.query(
        `INSERT INTO ${table} AS pending (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at, expires_at, tool_names)
         VALUES ($1, $2, $3, $4, $5, date_trunc('milliseconds', now()), $6::timestamptz, $7::text[])
         ON CONFLICT (thread_id, task_id, position) DO UPDATE SET
           interrupt_id = EXCLUDED.interrupt_id,
           expires_at = EXCLUDED.expires_at,
           tool_names = EXCLUDED.tool_names,
           created_at = CASE WHEN pending.checkpoint_id = EXCLUDED.checkpoint_id THEN pending.created_at ELSE EXCLUDED.created_at END,
           checkpoint_id = EXCLUDED.checkpoint_id`,
        [row.threadId, row.taskId, row.position, row.checkpointId, row.interruptId, row.expiresAt ?? null, row.toolNames],
      );
    }
    await client.query(`DELETE FROM ${table} WHERE thread_id = $1 AND task_id = $2 AND position >= $3`, [change.threadId, change.taskId, change.rows.length]);
  }
}
