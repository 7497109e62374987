import { waitingInterruptWritesSql } from "../../langgraph/index.js";
import { inboxTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/**
 * The inbox lists an approval whose payload holds a NUL character or a lone UTF-16 surrogate (in
 * a tool call's arguments, say): JSON escapes both (`\u0000`, `\ud800`), but `jsonb` refuses
 * them, so the trigger read such an interrupt write as nothing and the approval was paused yet
 * never listed, notified or expired. On that refusal the trigger now reads the write again with
 * those escapes as U+FFFD: it takes only the interrupt's id, type, tool names and deadline from
 * it; the payload a reviewer sees is still read from LangGraph's write, unchanged. Threads
 * already paused on such an approval are listed (the backfill of migration 2, again: rows
 * already listed stay as they are). Frozen once released.
 */
export const inboxUnstorableTextMigration: Migration = {
  version: 13,
  name: "the inbox lists approvals whose payload holds a NUL or a lone surrogate",
  sql(schema) {
    const s = quoted(schema);
    const table = inboxTable(schema);
    return `CREATE OR REPLACE FUNCTION ${s}.hitl_interrupt_items(kind TEXT, blob BYTEA) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $fn$
    DECLARE
      written TEXT;
      items JSONB;
    BEGIN
      IF kind <> 'json' OR blob IS NULL THEN RETURN NULL; END IF;
      written := convert_from(blob, 'UTF8');
      BEGIN
        items := written::jsonb;
      EXCEPTION WHEN untranslatable_character OR invalid_text_representation THEN
        -- jsonb holds no NUL and no lone surrogate: read those escapes as U+FFFD (string contents only; only ids, types, names and the deadline are read here).
        items := regexp_replace(written, '\\\\u(0000|[dD][89a-fA-F][0-9a-fA-F]{2})', '\\\\ufffd', 'g')::jsonb;
      END;
      IF jsonb_typeof(items) <> 'array' THEN items := jsonb_build_array(items); END IF;
      RETURN items;
    EXCEPTION WHEN others THEN
      RETURN NULL;
    END
    $fn$;

    INSERT INTO ${table} (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at, expires_at, tool_names)
    SELECT w.thread_id, w.task_id, (t.ord - 1)::int, w.checkpoint_id, t.item->>'id',
           date_trunc('milliseconds', now()),
           CASE WHEN t.item->'value'->>'expires_at' ~ '^\\d{4}-\\d{2}-\\d{2}T' THEN (t.item->'value'->>'expires_at')::timestamptz END,
           CASE WHEN t.item->'value'->>'type' = 'tool_approval' AND jsonb_typeof(t.item->'value'->'action_requests') = 'array'
                THEN ARRAY(SELECT DISTINCT r->>'name' FROM jsonb_array_elements(t.item->'value'->'action_requests') r WHERE r->>'name' IS NOT NULL)
                ELSE '{}'::text[] END
    FROM (SELECT w.* FROM ${waitingInterruptWritesSql(schema)}) w
      CROSS JOIN LATERAL jsonb_array_elements(${s}.hitl_interrupt_items(w.type, w.blob)) WITH ORDINALITY AS t(item, ord)
    WHERE jsonb_typeof(t.item) = 'object' AND t.item ? 'id' AND t.item ? 'value'
    ON CONFLICT (thread_id, task_id, position) DO NOTHING;`;
  },
};
