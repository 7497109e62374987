/** Quotes an identifier already validated as plain (`[A-Za-z_][A-Za-z0-9_]*`). */
export function quoted(identifier: string): string {
  return `"${identifier}"`;
}

/** The approvals inbox of a schema, quoted for SQL. */
export function inboxTable(schema: string): string {
  return `${quoted(schema)}.hitl_pending_interrupts`;
}

/** The claims on reviewed batches. */
export function claimsTable(schema: string): string {
  return `${quoted(schema)}.hitl_claims`;
}

/** The committed results of claimed batches' calls. */
export function resultsTable(schema: string): string {
  return `${quoted(schema)}.hitl_call_results`;
}

/** Where applied migrations are recorded. */
export function migrationsTable(schema: string): string {
  return `${quoted(schema)}.hitl_migrations`;
}

/** Which run may continue each thread (one continuation lease per thread). */
export function leasesTable(schema: string): string {
  return `${quoted(schema)}.hitl_thread_leases`;
}

/** The one continuation of each checkpoint: the first `loop`/`input` child committed. */
export function continuationsTable(schema: string): string {
  return `${quoted(schema)}.hitl_continuations`;
}

/** The notification channels whose events the outbox records (migration 0009). */
export function notificationChannelsTable(schema: string): string {
  return `${quoted(schema)}.hitl_notification_channels`;
}

/** The notification outbox: one row per channel and event, written in the transaction that changed the inbox. */
export function notificationsTable(schema: string): string {
  return `${quoted(schema)}.hitl_notifications`;
}

/** Which sweeper expires each due approval (migration 0010). */
export function expiryLeasesTable(schema: string): string {
  return `${quoted(schema)}.hitl_expiry_leases`;
}

/** The standing grants reviewers made ("always allow", migration 0011). */
export function grantsTable(schema: string): string {
  return `${quoted(schema)}.hitl_grants`;
}
