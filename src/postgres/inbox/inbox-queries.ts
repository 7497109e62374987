import type pg from "pg";
import { decodeCursor, encodeCursor } from "../../inbox/cursor.js";
import type { ResolvedListOptions } from "../../inbox/list-options.js";
import type { InboxRow, PendingInterruptPage, PendingInterruptRecord } from "../../inbox/types.js";
import { withDigests } from "../../payload/digest.js";
import { interruptWriteOfRowSql } from "../../langgraph/index.js";
import { inboxTable } from "../tables.js";

/** Reads a stored interrupt write back into LangGraph's `[{ id, value }]`. */
type InterruptDecoder = (type: string, blob: Uint8Array) => Promise<unknown>;

interface Row {
  thread_id: string;
  task_id: string;
  position: number;
  checkpoint_id: string;
  interrupt_id: string;
  payload: unknown;
  created_at: Date;
  expires_at: Date | null;
  tool_names: string[];
  type: string;
  blob: Buffer;
}

/** Fills in each row's payload from the interrupt write it points at. */
async function withPayloads(rows: Row[], decode: InterruptDecoder): Promise<Array<Row & { payload: unknown }>> {
  return Promise.all(
    rows.map(async (row) => {
      const interrupts = (await decode(row.type, row.blob)) as Array<{ value?: unknown }> | undefined;
      return { ...row, payload: interrupts?.[row.position]?.value };
    }),
  );
}

function toRecord(row: Row & { payload: unknown }): PendingInterruptRecord {
  return {
    threadId: row.thread_id,
    interruptId: row.interrupt_id,
    payload: withDigests(row.payload) as PendingInterruptRecord["payload"],
    createdAt: row.created_at.toISOString(),
    ...(row.expires_at === null ? {} : { expiresAt: row.expires_at.toISOString() }),
  };
}

function toInboxRow(row: Row & { payload: unknown }): InboxRow {
  return {
    threadId: row.thread_id,
    taskId: row.task_id,
    position: row.position,
    checkpointId: row.checkpoint_id,
    interruptId: row.interrupt_id,
    payload: row.payload,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString(),
    toolNames: row.tool_names,
  };
}

/**
 * Inbox rows matching `where`, in inbox order, with each payload read from the interrupt write
 * the row points at. The page is cut first and joined after, so a listing touches `limit` writes.
 */
function pageQuery(schema: string, where: string, order: string, limit: string): string {
  return `SELECT p.thread_id, p.task_id, p.position, p.checkpoint_id, p.interrupt_id, p.created_at, p.expires_at, p.tool_names, w.type, w.blob
    FROM (SELECT * FROM ${inboxTable(schema)} ${where} ORDER BY ${order} LIMIT ${limit}) p
    CROSS JOIN LATERAL (${interruptWriteOfRowSql(schema, "p")}) w
    ORDER BY ${order.split(",").map((column) => `p.${column.trim()}`).join(", ")}`;
}

/**
 * One page of the inbox, oldest first. Only the filters asked for become predicates, so the
 * planner can walk the `(created_at, thread_id, interrupt_id)` index (or the primary key, for
 * one thread) instead of scanning.
 */
export async function listPending(pool: pg.Pool, schema: string, options: ResolvedListOptions, decode: InterruptDecoder): Promise<PendingInterruptPage> {
  const where: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  if (options.threadId !== undefined) where.push(`thread_id = ${bind(options.threadId)}`);
  if (options.olderThan !== undefined) where.push(`created_at < ${bind(options.olderThan)}::timestamptz`);
  if (options.toolName !== undefined) where.push(`${bind(options.toolName)} = ANY(tool_names)`);
  if (options.cursor !== undefined) {
    const after = decodeCursor(options.cursor);
    where.push(`(created_at, thread_id, interrupt_id) > (${bind(after.createdAt)}::timestamptz, ${bind(after.threadId)}, ${bind(after.interruptId)})`);
  }
  const sql = pageQuery(schema, where.length === 0 ? "" : `WHERE ${where.join(" AND ")}`, "created_at, thread_id, interrupt_id", bind(options.limit + 1));
  const { rows } = await pool.query<Row>(sql, values);
  const page = await withPayloads(rows.slice(0, options.limit), decode);
  const last = page[page.length - 1];
  return {
    items: page.map(toRecord),
    ...(rows.length > options.limit && last !== undefined ? { nextCursor: encodeCursor(toRecord(last)) } : {}),
  };
}

/** Approvals whose deadline is at or before `now`, earliest first (at most `limit`). */
export async function overduePending(pool: pg.Pool, schema: string, now: Date, limit: number, decode: InterruptDecoder): Promise<InboxRow[]> {
  const { rows } = await pool.query<Row>(pageQuery(schema, "WHERE expires_at IS NOT NULL AND expires_at <= $1", "expires_at", "$2"), [now, limit]);
  return (await withPayloads(rows, decode)).map(toInboxRow);
}
