import { isLaterCheckpoint } from "../langgraph/index.js";
import { withDigests } from "../payload/digest.js";
import type { HumanInterruptPayload } from "../payload/types.js";
import { decodeCursor, encodeCursor, isAfter } from "./cursor.js";
import type { InboxChange } from "./inbox-changes.js";
import type { InboxRowChange } from "./inbox-rows.js";
import type { ResolvedListOptions } from "./list-options.js";
import type { InboxRow, PendingInterruptPage, PendingInterruptRecord } from "./types.js";

/** Public view of a row. */
function toRecord<TPayload = HumanInterruptPayload>(row: InboxRow): PendingInterruptRecord<TPayload> {
  return {
    threadId: row.threadId,
    interruptId: row.interruptId,
    payload: withDigests(row.payload) as TPayload,
    createdAt: row.createdAt,
    ...(row.expiresAt === undefined ? {} : { expiresAt: row.expiresAt }),
  };
}

/** The inbox of an in-process checkpointer: rows by thread, then by task. */
export class MemoryInbox {
  readonly #threads = new Map<string, Map<string, InboxRow[]>>();

  /** Applies a change; returns what it did to each row, as row triggers would see it. */
  apply(change: InboxChange): InboxRowChange[] {
    const tasks = this.#threads.get(change.threadId) ?? new Map<string, InboxRow[]>();
    const changes: InboxRowChange[] = [];
    const deleted = (rows: readonly InboxRow[]) => changes.push(...rows.map((before) => ({ op: "delete" as const, before, threadDeleted: false })));
    switch (change.kind) {
      case "raise": {
        const previous = tasks.get(change.taskId) ?? [];
        // Re-raising (e.g. with an `error`) within the same step keeps the original creation time.
        const rows = change.rows.map((row) => {
          const earlier = previous.find((candidate) => candidate.position === row.position && candidate.checkpointId === row.checkpointId);
          return earlier === undefined ? row : { ...row, createdAt: earlier.createdAt };
        });
        for (const row of rows) {
          const before = previous.find((candidate) => candidate.position === row.position);
          changes.push(before === undefined ? { op: "insert", row } : { op: "update", before, row });
        }
        deleted(previous.filter((row) => row.position >= rows.length));
        tasks.set(change.taskId, rows);
        break;
      }
      case "finish_task":
        deleted(tasks.get(change.taskId) ?? []);
        tasks.delete(change.taskId);
        break;
      case "advance":
        // Only interrupts of strictly older checkpoints are resolved.
        for (const [taskId, rows] of tasks) {
          if (!rows.every((row) => isLaterCheckpoint(change.checkpointId, row.checkpointId))) continue;
          deleted(rows);
          tasks.delete(taskId);
        }
        break;
    }
    if (tasks.size > 0) this.#threads.set(change.threadId, tasks);
    else this.#threads.delete(change.threadId);
    return changes;
  }

  /** Forgets a deleted thread; returns its rows as deleted. */
  deleteThread(threadId: string): InboxRowChange[] {
    const rows = [...(this.#threads.get(threadId)?.values() ?? [])].flat();
    this.#threads.delete(threadId);
    return rows.map((before) => ({ op: "delete", before, threadDeleted: true }));
  }

  /** Every pending row. */
  rows(): InboxRow[] {
    return [...this.#threads.values()].flatMap((tasks) => [...tasks.values()].flat());
  }

  list(options: ResolvedListOptions): PendingInterruptPage {
    const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
    const threads = options.threadId === undefined ? [...this.#threads.values()] : [this.#threads.get(options.threadId) ?? new Map()];
    const rows = threads
      .flatMap((tasks) => [...tasks.values()].flat())
      .filter((row) => options.olderThan === undefined || row.createdAt < options.olderThan)
      .filter((row) => options.toolName === undefined || row.toolNames.includes(options.toolName))
      .filter((row) => after === undefined || isAfter(row, after))
      .sort((a, b) => (isAfter(a, b) ? 1 : -1));
    const page = rows.slice(0, options.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => toRecord(row)),
      ...(rows.length > options.limit && last !== undefined ? { nextCursor: encodeCursor(last) } : {}),
    };
  }

  overdue(now: string): InboxRow[] {
    return this.rows().filter((row) => row.expiresAt !== undefined && row.expiresAt <= now);
  }
}
