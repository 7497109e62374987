import { HITLError } from "../errors/hitl-error.js";

/** Where a page ended: the sort key of its last item (oldest first, then thread, then interrupt). */
export interface CursorPosition {
  createdAt: string;
  threadId: string;
  interruptId: string;
}

/** An opaque cursor for the next page. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.threadId, position.interruptId])).toString("base64url");
}

/**
 * Reads a cursor back.
 *
 * @throws {HITLError} `INVALID_OPTIONS` for a cursor this library did not produce.
 */
export function decodeCursor(cursor: string): CursorPosition {
  try {
    const [createdAt, threadId, interruptId] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof createdAt === "string" && typeof threadId === "string" && typeof interruptId === "string") return { createdAt, threadId, interruptId };
  } catch {
    // fall through to the typed error below
  }
  const message = "`cursor` is not a cursor returned by listPendingInterrupts";
  throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["cursor"], message, received: cursor }] });
}

/** Whether `row` comes strictly after `position` in inbox order. */
export function isAfter(row: CursorPosition, position: CursorPosition): boolean {
  if (row.createdAt !== position.createdAt) return row.createdAt > position.createdAt;
  if (row.threadId !== position.threadId) return row.threadId > position.threadId;
  return row.interruptId > position.interruptId;
}
