import type { InboxRow } from "./types.js";

/**
 * One change of one inbox row, as a row trigger on the Postgres inbox sees it: a row raised
 * (`insert`), raised again in place (`update`: same thread, task and position — a refused
 * answer re-raises the approval under a new interrupt id), or gone (`delete`; `threadDeleted`
 * when its thread was deleted).
 */
export type InboxRowChange =
  | { op: "insert"; row: InboxRow }
  | { op: "update"; before: InboxRow; row: InboxRow }
  | { op: "delete"; before: InboxRow; threadDeleted: boolean };

/** What an in-process inbox offers those that follow it row by row (the notification outbox). */
export interface InboxRowFeed {
  /** Calls `listener` synchronously after each row change, in order, until the returned function is called. */
  subscribe(listener: (change: InboxRowChange) => void): () => void;
  /** The rows pending now. */
  rows(): InboxRow[];
}

/**
 * Where an in-process checkpointer keeps its {@link InboxRowFeed}. A symbol of the process, not
 * of this module: two copies of the package (CommonJS and ES module builds) see the same feed.
 */
export const INBOX_ROW_FEED: unique symbol = Symbol.for("langgraph-hitl/inbox-row-feed") as never;

/**
 * The row feed of a checkpointer that keeps its inbox in this process (`createMemoryCheckpointer`), if any.
 *
 * @example
 * ```ts
 * const feed = inboxRowFeedOf(createMemoryCheckpointer());
 * const stop = feed?.subscribe((change) => console.log(change.op));
 * ```
 */
export function inboxRowFeedOf(value: unknown): InboxRowFeed | undefined {
  const feed = (value as { [INBOX_ROW_FEED]?: InboxRowFeed } | null | undefined)?.[INBOX_ROW_FEED];
  return typeof feed?.subscribe === "function" ? feed : undefined;
}
