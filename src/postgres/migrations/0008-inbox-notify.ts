import { inboxTable, quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/** The channel every schema's inbox notifies on; a payload is `<schema>:<thread id>` (a schema is a plain identifier, so it holds no `:`). */
export const INBOX_CHANNEL = "langgraph_hitl_inbox";
/** Postgres refuses a NOTIFY payload of 8000 bytes or more: longer thread ids are sent as `<schema>:` alone (re-read everything). */
const MAX_NOTIFY_THREAD_ID_BYTES = 7000;

/**
 * Every change of the inbox table notifies `langgraph_hitl_inbox` with the schema and thread id,
 * from a trigger on the inbox itself — whichever statement changed it (our triggers on
 * LangGraph's writes, `deleteThread`, a migration). `NOTIFY` is transactional: a listener hears
 * of a change when its transaction commits, never of one that rolled back. Postgres folds equal
 * notifications of one transaction into one.
 */
export const inboxNotifyMigration: Migration = {
  version: 8,
  name: "notify listeners of inbox changes (LISTEN langgraph_hitl_inbox)",
  sql(schema) {
    const s = quoted(schema);
    const table = inboxTable(schema);
    return `CREATE OR REPLACE FUNCTION ${s}.hitl_notify_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      changed TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD.thread_id ELSE NEW.thread_id END;
    BEGIN
      IF octet_length(changed) > ${MAX_NOTIFY_THREAD_ID_BYTES} THEN changed := ''; END IF;
      PERFORM pg_notify('${INBOX_CHANNEL}', TG_TABLE_SCHEMA || ':' || changed);
      IF TG_OP = 'UPDATE' AND OLD.thread_id IS DISTINCT FROM NEW.thread_id THEN
        PERFORM pg_notify('${INBOX_CHANNEL}', TG_TABLE_SCHEMA || ':' || CASE WHEN octet_length(OLD.thread_id) > ${MAX_NOTIFY_THREAD_ID_BYTES} THEN '' ELSE OLD.thread_id END);
      END IF;
      RETURN NULL;
    END
    $fn$;

    DROP TRIGGER IF EXISTS hitl_notify_inbox ON ${table};
    CREATE TRIGGER hitl_notify_inbox AFTER INSERT OR UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${s}.hitl_notify_inbox();`;
  },
};
