import { inboxMigration } from "./0000-inbox.js";
import { stockSerializationMigration } from "./0001-stock-serialization.js";
import { inboxFromWritesMigration } from "./0002-inbox-from-writes.js";
import { claimsMigration } from "./0003-claims.js";
import { triggerIndexScansMigration } from "./0004-trigger-index-scans.js";
import { claimsByInterruptMigration } from "./0005-claims-by-interrupt.js";
import { continuationsMigration } from "./0006-continuations.js";
import { retentionMigration } from "./0007-retention.js";
import { inboxNotifyMigration } from "./0008-inbox-notify.js";
import { notificationsMigration } from "./0009-notifications.js";
import { expiryLeasesMigration } from "./0010-expiry-leases.js";
import { grantsMigration } from "./0011-grants.js";
import { callResultsByDigestMigration } from "./0012-call-results-by-digest.js";
import { inboxUnstorableTextMigration } from "./0013-inbox-unstorable-text.js";
import type { Migration } from "./migration.js";

/** Every migration, in order. Append only: released migrations are frozen (tests/postgres/migrations-frozen.test.ts). */
export const MIGRATIONS: readonly Migration[] = [
  inboxMigration,
  stockSerializationMigration,
  inboxFromWritesMigration,
  claimsMigration,
  triggerIndexScansMigration,
  claimsByInterruptMigration,
  continuationsMigration,
  retentionMigration,
  inboxNotifyMigration,
  notificationsMigration,
  expiryLeasesMigration,
  grantsMigration,
  callResultsByDigestMigration,
  inboxUnstorableTextMigration,
];

export { ensureAttachments, ensureTriggerSettings } from "./attachments.js";
export { applyMigrations } from "./apply-migrations.js";
