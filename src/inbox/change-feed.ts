import type { HumanInterruptPayload } from "../payload/types.js";
import type { ApprovalsInbox, PendingInterruptRecord } from "./types.js";

/**
 * One change of the approvals inbox, as `watchPendingInterrupts()` reports it:
 *
 * - `snapshot` — always first: every pending interrupt (up to `snapshotLimit`, oldest first);
 * - `raised` — an interrupt is new, or was raised again with another payload (e.g. with an
 *   `error` after a refused answer): replaces whatever you held under its `interruptId`;
 * - `resolved` — it left the inbox before its deadline: answered, moved past by its run, or its
 *   thread was deleted;
 * - `expired` — it left the inbox after its deadline (`expiresAt`): whoever resumed it, the node
 *   rejected its calls as expired and nothing ran.
 */
export type PendingInterruptChange<TPayload = HumanInterruptPayload> =
  | { type: "snapshot"; items: Array<PendingInterruptRecord<TPayload>>; truncated: boolean }
  | { type: "raised"; interrupt: PendingInterruptRecord<TPayload> }
  | { type: "resolved"; threadId: string; interruptId: string }
  | { type: "expired"; threadId: string; interruptId: string; expiresAt: string };

/** Options of `watchPendingInterrupts`. */
export interface WatchPendingInterruptsOptions {
  /** Ends the watch: the iterator finishes and every resource it held (listener, timers) is released. */
  signal?: AbortSignal;
  /** Most interrupts the first `snapshot` lists (1 to 10 000). Default: 1000. */
  snapshotLimit?: number;
}

/**
 * What a store tells a watch: a thread's inbox rows may have changed; everything may have
 * changed (after a lost notification connection: re-read the whole inbox); or the store closed.
 * Hints are never the truth — the watch always re-reads the inbox.
 */
export type InboxHint = { kind: "thread"; threadId: string } | { kind: "resync" } | { kind: "closed" };

/** A subscription to a store's hints; `ready` settles once no later change can be missed. */
export interface InboxHintSubscription {
  ready: Promise<void>;
  close(): void;
}

/** Where a watch hears of changes: a store's in-process events, Postgres `LISTEN`, or a timer. */
export interface InboxHintSource {
  subscribe(listener: (hint: InboxHint) => void): InboxHintSubscription;
}

/**
 * The hints of an in-process store: it calls `notify(threadId)` after each write that changed
 * the thread's inbox rows, and every subscribed watch re-reads that thread.
 *
 * @example
 * ```ts
 * const hints = new InboxHints();
 * const { close } = hints.subscribe((hint) => console.log(hint));
 * hints.notify("t1"); // { kind: "thread", threadId: "t1" }
 * close();
 * ```
 */
export class InboxHints implements InboxHintSource {
  readonly #listeners = new Set<(hint: InboxHint) => void>();

  subscribe(listener: (hint: InboxHint) => void): InboxHintSubscription {
    this.#listeners.add(listener);
    return { ready: Promise.resolve(), close: () => void this.#listeners.delete(listener) };
  }

  notify(threadId: string): void {
    for (const listener of this.#listeners) listener({ kind: "thread", threadId });
  }
}

/**
 * Hints for a store that cannot push (an Agent Server's thread search): every `intervalMs` the
 * watch re-reads the whole inbox and reports what changed.
 *
 * @example
 * ```ts
 * const changes = watchInbox(createRemoteInbox(remoteGraph), pollingHints(10_000), { signal });
 * ```
 */
export function pollingHints(intervalMs: number): InboxHintSource {
  return {
    subscribe(listener) {
      const timer = setInterval(() => listener({ kind: "resync" }), intervalMs);
      timer.unref?.();
      return { ready: Promise.resolve(), close: () => clearInterval(timer) };
    },
  };
}

/** An approvals inbox that pushes its changes (the memory and Postgres checkpointers; a remote inbox does not). */
export interface WatchableInbox extends ApprovalsInbox {
  watchPendingInterrupts(options?: WatchPendingInterruptsOptions): AsyncIterableIterator<PendingInterruptChange>;
}

/**
 * Whether an inbox can push its changes (`createMemoryCheckpointer`, `createPostgresCheckpointer`).
 *
 * @example
 * ```ts
 * const changes = canWatch(inbox) ? inbox.watchPendingInterrupts({ signal }) : watchInbox(inbox, pollingHints(10_000), { signal });
 * ```
 */
export function canWatch(inbox: ApprovalsInbox): inbox is WatchableInbox {
  return typeof (inbox as { watchPendingInterrupts?: unknown } | null)?.watchPendingInterrupts === "function";
}
