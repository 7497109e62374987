import { INTERRUPT_CHANNEL, NON_RESULT_CHANNELS } from "../../langgraph/index.js";
import { inboxTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

const INTERRUPT = INTERRUPT_CHANNEL;
/** The channels besides the interrupt one whose writes do not finish a task, as a SQL list. */
const NOT_RESULTS_EXCEPT_INTERRUPT = NON_RESULT_CHANNELS.filter((channel) => channel !== INTERRUPT_CHANNEL)
  .map((channel) => `'${channel}'`)
  .join(", ");

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
    FROM ${s}.checkpoint_writes w CROSS JOIN LATERAL jsonb_array_elements(${s}.hitl_interrupt_items(w.type, w.blob)) WITH ORDINALITY AS t(item, ord)
    WHERE jsonb_typeof(t.item) = 'object' AND t.item ? 'id' AND t.item ? 'value'
      AND w.checkpoint_ns = '' AND w.channel = '${INTERRUPT}'
      AND w.checkpoint_id = (SELECT max(c.checkpoint_id) FROM ${s}.checkpoints c WHERE c.thread_id = w.thread_id AND c.checkpoint_ns = '')
      AND NOT EXISTS (
        SELECT 1 FROM ${s}.checkpoint_writes r
        WHERE r.thread_id = w.thread_id AND r.checkpoint_ns = '' AND r.checkpoint_id = w.checkpoint_id AND r.task_id = w.task_id
          AND r.channel NOT IN ('${INTERRUPT}', ${NOT_RESULTS_EXCEPT_INTERRUPT}))
    ON CONFLICT (thread_id, task_id, position) DO NOTHING;`;
  },
};
