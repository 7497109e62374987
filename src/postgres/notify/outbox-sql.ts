import { interruptWriteOfRowSql } from "../../langgraph/index.js";
import { inboxTable, notificationChannelsTable, notificationsTable, quoted } from "../tables.js";

// The statements of the Postgres notification outbox (migration 0009). Every one names its
// channel; `$1` is always the channel.

/** The inbox row an outbox row `alias` belongs to, while the approval is still pending. */
function pendingRowSql(schema: string, alias: string): string {
  return `SELECT 1 FROM ${inboxTable(schema)} p
    WHERE p.thread_id = ${alias}.thread_id AND p.task_id = ${alias}.task_id AND p.position = ${alias}.position AND p.checkpoint_id = ${alias}.checkpoint_id`;
}

/** Registers channel `$1` (idempotent). */
export function registerChannelSql(schema: string): string {
  return `INSERT INTO ${notificationChannelsTable(schema)} (name) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM ${notificationChannelsTable(schema)} WHERE name = $1)
    ON CONFLICT (name) DO NOTHING`;
}

/** Forgets channel `$1` and, by cascade, its events. */
export function unregisterChannelSql(schema: string): string {
  return `DELETE FROM ${notificationChannelsTable(schema)} WHERE name = $1`;
}

/**
 * Leases up to `$2` due events of channel `$1` for `$4` ms under token `$3`, oldest first, at
 * most one per approval (the earliest undelivered one holds back the later ones: they arrive in
 * order). `SKIP LOCKED`: dispatchers on other replicas lease other rows in the same moment. Each
 * comes with the interrupt write it points at (for a `requested` or `reminder`) and whether the
 * approval is still pending.
 */
export function claimSql(schema: string): string {
  const outbox = notificationsTable(schema);
  return `WITH due AS (
      SELECT o.id FROM ${outbox} o
      WHERE o.channel = $1 AND o.state = 'pending' AND o.next_attempt_at <= now()
        AND NOT EXISTS (SELECT 1 FROM ${outbox} e WHERE e.approval_id = o.approval_id AND e.channel = o.channel AND e.state = 'pending' AND e.id < o.id)
      ORDER BY o.next_attempt_at, o.id
      LIMIT $2
      FOR UPDATE OF o SKIP LOCKED
    ), claimed AS (
      UPDATE ${outbox} o SET attempts = o.attempts + 1, claim_token = $3, next_attempt_at = now() + $4 * interval '1 millisecond'
      FROM due WHERE o.id = due.id
      RETURNING o.*
    )
    SELECT c.id, c.event_id, c.kind, c.approval_id, c.thread_id, c.interrupt_id, c.position, c.expires_at, c.outcome, c.remind_before_ms, c.occurred_at, c.attempts,
           EXISTS (${pendingRowSql(schema, "c")}) AS pending, w.type, w.blob
    FROM claimed c
    LEFT JOIN LATERAL (${interruptWriteOfRowSql(schema, "c")}) w ON c.kind <> 'resolved'
    ORDER BY c.id`;
}

/** Marks event `$2` of channel `$1` done while lease `$3` holds it; `$4`: why it was dropped, or NULL. */
export function completeSql(schema: string): string {
  return `UPDATE ${notificationsTable(schema)} SET state = 'delivered', finished_at = now(), claim_token = NULL, last_error = $4
    WHERE channel = $1 AND id = $2 AND claim_token = $3`;
}

/** Records a failed attempt of event `$2` under lease `$3`: due again in `$5` ms, or dead when `$5` is NULL; `$4` the error. */
export function failSql(schema: string): string {
  return `UPDATE ${notificationsTable(schema)} SET
      state = CASE WHEN $5::bigint IS NULL THEN 'dead' ELSE 'pending' END,
      next_attempt_at = now() + coalesce($5::bigint, 0) * interval '1 millisecond',
      finished_at = CASE WHEN $5::bigint IS NULL THEN now() END,
      claim_token = NULL, last_error = $4
    WHERE channel = $1 AND id = $2 AND claim_token = $3`;
}

/**
 * Records channel `$1`'s reminders now due: for each lead time in `$2` (ms), pending approvals
 * whose deadline is at most that far ahead, that existed before the reminder's moment and were
 * not reminded for it yet, earliest deadline first, at most `$3` per lead time. Walks the inbox's
 * deadline index from now on.
 */
export function scheduleRemindersSql(schema: string): string {
  const s = quoted(schema);
  const outbox = notificationsTable(schema);
  const approval = `${s}.hitl_approval_id(p.thread_id, p.checkpoint_id, p.task_id, p.position)`;
  return `INSERT INTO ${outbox} (channel, event_id, kind, approval_id, thread_id, task_id, position, checkpoint_id, interrupt_id, expires_at, remind_before_ms, occurred_at)
    SELECT $1, r.approval_id || ':reminder:' || r.lead, 'reminder', r.approval_id, r.thread_id, r.task_id, r.position, r.checkpoint_id, r.interrupt_id, r.expires_at, r.lead,
           r.expires_at - r.lead * interval '1 millisecond'
    FROM unnest($2::bigint[]) AS l(lead)
    CROSS JOIN LATERAL (
      SELECT p.thread_id, p.task_id, p.position, p.checkpoint_id, p.interrupt_id, p.expires_at, l.lead, ${approval} AS approval_id
      FROM ${inboxTable(schema)} p
      WHERE p.expires_at IS NOT NULL AND p.expires_at > now() AND p.expires_at <= now() + l.lead * interval '1 millisecond'
        AND cardinality(p.tool_names) > 0 AND p.created_at < p.expires_at - l.lead * interval '1 millisecond'
        AND NOT EXISTS (SELECT 1 FROM ${outbox} o WHERE o.channel = $1 AND o.event_id = ${approval} || ':reminder:' || l.lead)
      ORDER BY p.expires_at
      LIMIT $3
    ) r
    ON CONFLICT (channel, event_id) DO NOTHING`;
}

/** Channel `$1`'s dead events, most recent first, at most `$2`. */
export function deadLettersSql(schema: string): string {
  return `SELECT event_id, kind, approval_id, thread_id, interrupt_id, attempts, last_error, finished_at FROM ${notificationsTable(schema)}
    WHERE channel = $1 AND state = 'dead' ORDER BY finished_at DESC, id DESC LIMIT $2`;
}

/** Makes channel `$1`'s dead events `$2` (event ids) due again, with a fresh count of attempts. */
export function requeueSql(schema: string): string {
  return `UPDATE ${notificationsTable(schema)} SET state = 'pending', attempts = 0, next_attempt_at = now(), finished_at = NULL
    WHERE channel = $1 AND state = 'dead' AND event_id = ANY($2::text[])`;
}

/**
 * Deletes channel `$1`'s events delivered more than `$2` ms ago whose approval is no longer
 * pending, at most `$3`: while it is pending they are what keeps a reminder from being sent twice.
 */
export function pruneSql(schema: string): string {
  const outbox = notificationsTable(schema);
  return `DELETE FROM ${outbox} WHERE id IN (
      SELECT o.id FROM ${outbox} o
      WHERE o.channel = $1 AND o.state = 'delivered' AND o.finished_at < now() - $2 * interval '1 millisecond' AND NOT EXISTS (${pendingRowSql(schema, "o")})
      ORDER BY o.finished_at LIMIT $3)`;
}
