import type { InboxChange } from "../inbox/inbox-changes.js";
import { inboxTable } from "./inbox/inbox-migrations.js";
import type { Statement } from "./statement.js";

/** LangGraph's special channels: a write made only of these replaces earlier ones (an upsert). */
const SPECIAL_CHANNELS = new Set(["__error__", "__scheduled__", "__interrupt__", "__resume__"]);

/** One row of `checkpoint_writes`, as `PostgresSaver._dumpWrites` prepares it. */
export type WriteRow = [string, string, string, string, number, string, string, Uint8Array];

/** One row of `checkpoint_blobs`, as `PostgresSaver._dumpBlobs` prepares it. */
export type BlobRow = [string, string, string, string, string, Uint8Array | undefined];

function valuesList(statement: Statement, rows: ReadonlyArray<readonly unknown[]>): string {
  return rows.map((row) => `(${row.map((value) => statement.bind(value)).join(", ")})`).join(", ");
}

/** The writes of one task, with the same conflict rules as `PostgresSaver.putWrites`, as one step. */
export function writesStep(statement: Statement, schema: string, channels: readonly string[], rows: readonly WriteRow[]): void {
  if (rows.length === 0) return;
  const replace = channels.every((channel) => SPECIAL_CHANNELS.has(channel));
  statement.step(`INSERT INTO "${schema}".checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
    VALUES ${valuesList(statement, rows)}
    ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) DO ${replace ? "UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob" : "NOTHING"}`);
}

/** A checkpoint and its new channel blobs, with the same conflict rules as `PostgresSaver.put`, as steps. */
export function checkpointSteps(statement: Statement, schema: string, blobs: readonly BlobRow[], checkpoint: readonly unknown[]): void {
  if (blobs.length > 0) {
    statement.step(`INSERT INTO "${schema}".checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
      VALUES ${valuesList(statement, blobs)}
      ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING`);
  }
  statement.step(`INSERT INTO "${schema}".checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
    VALUES ${valuesList(statement, [checkpoint])}
    ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`);
}

/**
 * The inbox changes of one `putWrites`, as steps of the same statement as LangGraph's rows.
 * Re-raising an interrupt within the same checkpoint keeps its creation time, so a re-asked
 * approval keeps its place in the inbox.
 */
export function inboxSteps(statement: Statement, schema: string, changes: readonly InboxChange[]): void {
  const table = inboxTable(schema);
  for (const change of changes) {
    if (change.kind === "advance") continue;
    const thread = statement.bind(change.threadId);
    const task = statement.bind(change.taskId);
    if (change.kind === "finish_task") {
      statement.step(`DELETE FROM ${table} WHERE thread_id = ${thread} AND task_id = ${task}`);
      continue;
    }
    if (change.rows.length > 0) {
      const rows = change.rows.map((row) => [
        `${thread}`,
        `${task}`,
        `${statement.bind(row.position)}::int`,
        statement.bind(row.checkpointId),
        statement.bind(row.interruptId),
        "date_trunc('milliseconds', now())",
        `${statement.bind(row.expiresAt ?? null)}::timestamptz`,
        `${statement.bind(row.toolNames)}::text[]`,
      ]);
      statement.step(`INSERT INTO ${table} AS pending (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at, expires_at, tool_names)
        VALUES ${rows.map((row) => `(${row.join(", ")})`).join(", ")}
        ON CONFLICT (thread_id, task_id, position) DO UPDATE SET
          interrupt_id = EXCLUDED.interrupt_id,
          expires_at = EXCLUDED.expires_at,
          tool_names = EXCLUDED.tool_names,
          created_at = CASE WHEN pending.checkpoint_id = EXCLUDED.checkpoint_id THEN pending.created_at ELSE EXCLUDED.created_at END,
          checkpoint_id = EXCLUDED.checkpoint_id`);
    }
    statement.step(`DELETE FROM ${table} WHERE thread_id = ${thread} AND task_id = ${task} AND position >= ${statement.bind(change.rows.length)}`);
  }
}
