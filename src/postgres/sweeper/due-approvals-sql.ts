import { expiryLeasesTable, inboxTable } from "../tables.js";

/**
 * Leases up to `$1` approvals past their deadline (by the database clock) for `$3` ms under token
 * `$2`, earliest deadline first. It walks the inbox's deadline index (`hitl_pending_interrupts_expiry`)
 * and locks the due rows it takes with `SKIP LOCKED`, so two sweepers in the same moment take
 * different rows; the lease row (inserted, or taken over once lapsed) keeps every other sweeper
 * off the approval while its resume runs. Strictly past: the node's claim judges `now > expires_at`.
 */
export function leaseDueSql(schema: string): string {
  const leases = expiryLeasesTable(schema);
  return `WITH due AS (
      SELECT p.thread_id, p.interrupt_id, p.expires_at FROM ${inboxTable(schema)} p
      WHERE p.expires_at IS NOT NULL AND p.expires_at < now() AND cardinality(p.tool_names) > 0
        AND NOT EXISTS (SELECT 1 FROM ${leases} l WHERE l.thread_id = p.thread_id AND l.interrupt_id = p.interrupt_id AND l.lease_until > now())
      ORDER BY p.expires_at
      LIMIT $1
      FOR UPDATE OF p SKIP LOCKED
    ), leased AS (
      INSERT INTO ${leases} AS l (thread_id, interrupt_id, token, lease_until)
      SELECT thread_id, interrupt_id, $2, now() + $3 * interval '1 millisecond' FROM due
      ON CONFLICT (thread_id, interrupt_id) DO UPDATE SET token = EXCLUDED.token, lease_until = EXCLUDED.lease_until
        WHERE l.lease_until <= now()
      RETURNING l.thread_id, l.interrupt_id
    )
    SELECT d.thread_id, d.interrupt_id, d.expires_at FROM due d JOIN leased USING (thread_id, interrupt_id) ORDER BY d.expires_at`;
}

/** Ends lease `$3` of approval (`$1` thread, `$2` interrupt), and lapsed leases (their approvals may be long gone). */
export function releaseDueSql(schema: string): string {
  const leases = expiryLeasesTable(schema);
  return `WITH released AS (DELETE FROM ${leases} WHERE thread_id = $1 AND interrupt_id = $2 AND token = $3)
    DELETE FROM ${leases} WHERE ctid IN (SELECT ctid FROM ${leases} WHERE lease_until < now() - interval '1 hour' ORDER BY lease_until LIMIT 100)`;
}
