import { threadStoredSql } from "../../langgraph/index.js";
import { claimsTable, inboxTable, notificationChannelsTable, notificationsTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * The approval notification outbox. A trigger on the inbox records, in the transaction that
 * changes it (the pause's own: no commit of its own), one event per registered channel: an
 * approval raised (`requested`), and one that left (`resolved`, with how: its thread deleted,
 * else its claim's verdict, else superseded). An approval raised again in place (a refused
 * answer: same row, new interrupt id) is not a new approval: its undelivered events name the new
 * interrupt instead. With no channel registered nothing is recorded. `hitl_approval_id` is the
 * id `approvalIdOf` computes in TypeScript (tests/notify/approval-id.pg.test.ts).
 */
export const notificationsMigration: Migration = {
  version: 9,
  name: "approval notifications: channels, the outbox, the inbox trigger that writes it",
  sql(schema) {
    const s = quoted(schema);
    const channels = notificationChannelsTable(schema);
    const outbox = notificationsTable(schema);
    const columns = "channel, event_id, kind, approval_id, thread_id, task_id, position, checkpoint_id, interrupt_id, expires_at, outcome, occurred_at";
    const record = (row: "OLD" | "NEW", kind: "requested" | "resolved", approval: string, outcome: string, occurredAt: string) => `
      INSERT INTO ${outbox} (${columns})
      SELECT c.name, ${approval} || ':${kind}', '${kind}', ${approval}, ${row}.thread_id, ${row}.task_id, ${row}.position, ${row}.checkpoint_id, ${row}.interrupt_id, ${row}.expires_at, ${outcome}, ${occurredAt}
      FROM ${channels} c
      ON CONFLICT (channel, event_id) DO NOTHING;`;
    return `CREATE OR REPLACE FUNCTION ${s}.hitl_approval_id(thread TEXT, checkpoint TEXT, task TEXT, slot INTEGER) RETURNS TEXT
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
      SELECT left(encode(sha256(convert_to(
        char_length(thread) || ':' || thread || char_length(checkpoint) || ':' || checkpoint || char_length(task) || ':' || task || slot,
        'UTF8')), 'hex'), 32)
    $fn$;

    CREATE TABLE ${channels} (
      name TEXT PRIMARY KEY,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE ${outbox} (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      channel TEXT NOT NULL REFERENCES ${channels} (name) ON DELETE CASCADE,
      event_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('requested', 'resolved', 'reminder')),
      approval_id TEXT NOT NULL,
      thread_id TEXT NOT NULL,
      task_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      checkpoint_id TEXT NOT NULL,
      interrupt_id TEXT NOT NULL,
      expires_at TIMESTAMPTZ,
      outcome TEXT CHECK (outcome IN ('decided', 'expired', 'superseded', 'deleted')),
      remind_before_ms BIGINT,
      occurred_at TIMESTAMPTZ NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      claim_token TEXT,
      last_error TEXT,
      finished_at TIMESTAMPTZ,
      UNIQUE (channel, event_id)
    );
    CREATE INDEX hitl_notifications_due ON ${outbox} (channel, next_attempt_at, id) WHERE state = 'pending';
    CREATE INDEX hitl_notifications_by_approval ON ${outbox} (approval_id, channel, id) WHERE state = 'pending';
    CREATE INDEX hitl_notifications_dead ON ${outbox} (channel, finished_at) WHERE state = 'dead';
    CREATE INDEX hitl_notifications_delivered ON ${outbox} (channel, finished_at) WHERE state = 'delivered';
    COMMENT ON TABLE ${outbox} IS 'langgraph-hitl: approval notifications waiting for delivery, per channel (${s})';

    CREATE OR REPLACE FUNCTION ${s}.hitl_record_notifications() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
    DECLARE
      old_approval TEXT;
      new_approval TEXT;
      outcome TEXT;
    BEGIN
      -- No channel registered: nobody notifies from this database, and nothing is kept.
      IF NOT EXISTS (SELECT 1 FROM ${channels}) THEN RETURN NULL; END IF;
      -- Approvals only (a question lists no tools).
      IF TG_OP <> 'INSERT' AND cardinality(OLD.tool_names) > 0 THEN
        old_approval := ${s}.hitl_approval_id(OLD.thread_id, OLD.checkpoint_id, OLD.task_id, OLD.position);
      END IF;
      IF TG_OP <> 'DELETE' AND cardinality(NEW.tool_names) > 0 THEN
        new_approval := ${s}.hitl_approval_id(NEW.thread_id, NEW.checkpoint_id, NEW.task_id, NEW.position);
      END IF;
      IF old_approval IS NOT DISTINCT FROM new_approval THEN
        -- Raised again in place (a refused answer): the same approval, under its new interrupt id.
        IF old_approval IS NOT NULL AND OLD.interrupt_id IS DISTINCT FROM NEW.interrupt_id THEN
          UPDATE ${outbox} SET interrupt_id = NEW.interrupt_id, expires_at = NEW.expires_at
          WHERE approval_id = old_approval AND state = 'pending' AND kind <> 'resolved';
        END IF;
        RETURN NULL;
      END IF;
      IF old_approval IS NOT NULL THEN
        IF NOT ${threadStoredSql(schema, "OLD.thread_id")} THEN
          outcome := 'deleted';
        ELSE
          SELECT CASE WHEN cl.expired THEN 'expired' ELSE 'decided' END INTO outcome
          FROM ${claimsTable(schema)} cl WHERE cl.thread_id = OLD.thread_id AND cl.interrupt_id = OLD.interrupt_id LIMIT 1;
          outcome := coalesce(outcome, 'superseded');
        END IF;
        ${record("OLD", "resolved", "old_approval", "outcome", "now()")}
      END IF;
      IF new_approval IS NOT NULL THEN
        ${record("NEW", "requested", "new_approval", "NULL", "NEW.created_at")}
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE TRIGGER hitl_record_notifications AFTER INSERT OR UPDATE OR DELETE ON ${inboxTable(schema)}
      FOR EACH ROW EXECUTE FUNCTION ${s}.hitl_record_notifications();`;
  },
};
