import type { PendingInterruptChange } from "../../../inbox/change-feed.js";
import type { PendingInterruptRecord } from "./wire-types.js";

export type { PendingInterruptChange };

/** An interrupt that left the inbox while the page watched, and why. */
export interface Departure {
  threadId: string;
  interruptId: string;
  why: "resolved" | "expired";
}

/** The inbox as the page knows it from the event stream, oldest first. */
export interface LiveInbox {
  items: PendingInterruptRecord[];
  truncated: boolean;
}

function inInboxOrder(a: PendingInterruptRecord, b: PendingInterruptRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.threadId !== b.threadId) return a.threadId < b.threadId ? -1 : 1;
  return a.interruptId < b.interruptId ? -1 : a.interruptId > b.interruptId ? 1 : 0;
}

/**
 * Applies one event of `GET {base}/interrupts` (as `text/event-stream`) to what the page knows:
 * a `snapshot` replaces it, `raised` adds or replaces one interrupt, `resolved` and `expired`
 * remove one (and say so, for the "resolved elsewhere" line).
 *
 * @param inbox - What the page knew (unchanged).
 * @param change - The event's data.
 * @returns The new inbox, and the interrupt that left, if one did.
 * @example
 * ```ts
 * const { inbox: next, departed } = applyChange(inbox, JSON.parse(event.data));
 * ```
 */
export function applyChange(inbox: LiveInbox, change: PendingInterruptChange): { inbox: LiveInbox; departed?: Departure } {
  switch (change.type) {
    case "snapshot":
      return { inbox: { items: [...change.items].sort(inInboxOrder), truncated: change.truncated } };
    case "raised": {
      const others = inbox.items.filter((item) => item.interruptId !== change.interrupt.interruptId);
      return { inbox: { ...inbox, items: [...others, change.interrupt].sort(inInboxOrder) } };
    }
    case "resolved":
    case "expired": {
      const known = inbox.items.some((item) => item.interruptId === change.interruptId);
      const items = inbox.items.filter((item) => item.interruptId !== change.interruptId);
      return { inbox: { ...inbox, items }, ...(known ? { departed: { threadId: change.threadId, interruptId: change.interruptId, why: change.type } } : {}) };
    }
  }
}

/** The events the stream sends (each `data` a {@link PendingInterruptChange}). */
export const CHANGE_EVENTS = ["snapshot", "raised", "resolved", "expired"] as const;
