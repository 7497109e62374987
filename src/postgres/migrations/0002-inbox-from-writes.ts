import { INTERRUPT_CHANNEL, NON_RESULT_CHANNELS } from "../../langgraph/index.js";
import { inboxTable, quoted } from "../tables.js";

const INTERRUPT = INTERRUPT_CHANNEL;
/** The channels besides the interrupt one whose writes do not finish a task, as a SQL list. */
const NOT_RESULTS_EXCEPT_INTERRUPT = NON_RESULT_CHANNELS.filter((channel) => channel !== INTERRUPT_CHANNEL)
  .map((channel) => `'${channel}'`)
  .join(", ");
import type { Migration } from "./migration.js";

/**
 * The inbox is kept by triggers on LangGraph's own tables, in the same transaction as
 * LangGraph's writes, whichever saver makes them (ours, the stock `PostgresSaver`, another
 * process): this library no longer replaces any of the saver's SQL. Also repairs the inbox of
 * databases made by early builds (a `payload NOT NULL` column) and lists threads paused before
 * the switch (backfill). Frozen.
 */
export const inboxFromWritesMigration: Migration = {
  version: 2,
  name: "keep the inbox from LangGraph's writes; backfill paused threads",
  sql(schema) {
    const s = quoted(schema);
    const table = inboxTable(schema);
    const rowsOf = (write: string, source: string) => `
      SELECT ${write}.thread_id, ${write}.task_id, (t.ord - 1)::int, ${write}.checkpoint_id, t.item->>'id',
             date_trunc('milliseconds', now()),
             CASE WHEN t.item->'value'->>'expires_at' ~ '^\\d{4}-\\d{2}-\\d{2}T' THEN (t.item->'value'->>'expires_at')::timestamptz END,
             CASE WHEN t.item->'value'->>'type' = 'tool_approval' AND jsonb_typeof(t.item->'value'->'action_requests') = 'array'
                  THEN ARRAY(SELECT DISTINCT r->>'name' FROM jsonb_array_elements(t.item->'value'->'action_requests') r WHERE r->>'name' IS NOT NULL)
                  ELSE '{}'::text[] END
      FROM ${source} WITH ORDINALITY AS t(item, ord)
      WHERE jsonb_typeof(t.item) = 'object' AND t.item ? 'id' AND t.item ? 'value'`;
    return `ALTER TABLE ${table} DROP COLUMN IF EXISTS payload;

    -- Reads an interrupt write as LangGraph's serializer stores it (JSON); anything else is NULL.
    CREATE OR REPLACE FUNCTION ${s}.hitl_interrupt_items(kind TEXT, blob BYTEA) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $fn$
    DECLARE
      items JSONB;
    BEGIN
      IF kind <> 'json' OR blob IS NULL THEN RETURN NULL; END IF;
      items := convert_from(blob, 'UTF8')::jsonb;
      IF jsonb_typeof(items) <> 'array' THEN items := jsonb_build_array(items); END IF;
      RETURN items;
    EXCEPTION WHEN others THEN
      RETURN NULL;
    END
    $fn$;

    CREATE OR REPLACE FUNCTION ${s}.hitl_track_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      items JSONB;
    BEGIN
      IF NEW.channel = '${INTERRUPT}' THEN
        -- A late interrupt write for a checkpoint its thread already left is not pending.
        IF EXISTS (SELECT 1 FROM ${s}.checkpoints c WHERE c.thread_id = NEW.thread_id AND c.checkpoint_ns = '' AND c.checkpoint_id > NEW.checkpoint_id) THEN
          RETURN NULL;
        END IF;
        items := ${s}.hitl_interrupt_items(NEW.type, NEW.blob);
        IF items IS NULL THEN RETURN NULL; END IF;
        INSERT INTO ${table} AS pending (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at, expires_at, tool_names)
        ${rowsOf("NEW", "jsonb_array_elements(items)")}
        ON CONFLICT (thread_id, task_id, position) DO UPDATE SET
          interrupt_id = EXCLUDED.interrupt_id,
          expires_at = EXCLUDED.expires_at,
          tool_names = EXCLUDED.tool_names,
          -- Re-raising an interrupt (with an error) in the same checkpoint keeps its place in the inbox.
          created_at = CASE WHEN pending.checkpoint_id = EXCLUDED.checkpoint_id THEN pending.created_at ELSE EXCLUDED.created_at END,
          checkpoint_id = EXCLUDED.checkpoint_id;
        DELETE FROM ${table} WHERE thread_id = NEW.thread_id AND task_id = NEW.task_id AND position >= jsonb_array_length(items);
      ELSIF NEW.channel NOT IN (${NOT_RESULTS_EXCEPT_INTERRUPT}) THEN
        -- Any other write is the task's result: it no longer waits for anyone.
        DELETE FROM ${table} WHERE thread_id = NEW.thread_id AND task_id = NEW.task_id;
      END IF;
      RETURN NULL;
    END
    $fn$;

    DROP TRIGGER IF EXISTS hitl_track_write ON ${s}.checkpoint_writes;
    CREATE TRIGGER hitl_track_write AFTER INSERT OR UPDATE ON ${s}.checkpoint_writes
      FOR EACH ROW WHEN (NEW.checkpoint_ns = '') EXECUTE FUNCTION ${s}.hitl_track_write();

    -- Threads paused before the switch: interrupts of each thread's latest root checkpoint whose task has no result.
    INSERT INTO ${table} (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at, expires_at, tool_names)
    ${rowsOf("w", `${s}.checkpoint_writes w CROSS JOIN LATERAL jsonb_array_elements(${s}.hitl_interrupt_items(w.type, w.blob))`)}
      AND w.checkpoint_ns = '' AND w.channel = '${INTERRUPT}'
      AND w.checkpoint_id = (SELECT max(c.checkpoint_id) FROM ${s}.checkpoints c WHERE c.thread_id = w.thread_id AND c.checkpoint_ns = '')
      AND NOT EXISTS (
        SELECT 1 FROM ${s}.checkpoint_writes r
        WHERE r.thread_id = w.thread_id AND r.checkpoint_ns = '' AND r.checkpoint_id = w.checkpoint_id AND r.task_id = w.task_id
          AND r.channel NOT IN ('${INTERRUPT}', ${NOT_RESULTS_EXCEPT_INTERRUPT}))
    ON CONFLICT (thread_id, task_id, position) DO NOTHING;`;
  },
};
