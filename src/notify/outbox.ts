import type { ApprovalOutcome } from "./events.js";

/** The kinds of event an outbox records. */
export type OutboxKind = "requested" | "resolved" | "reminder";

/**
 * One event an outbox handed to a dispatcher, leased to it: nobody else gets it until the lease
 * ends. Facts only; the dispatcher builds the {@link ApprovalEvent} from them.
 */
export interface OutboxEntry {
  /** The store's handle for `complete` / `fail` (a row id and the lease's token). */
  readonly ref: unknown;
  readonly eventId: string;
  readonly kind: OutboxKind;
  readonly approvalId: string;
  readonly threadId: string;
  readonly interruptId: string;
  readonly occurredAt: string;
  readonly expiresAt: string | undefined;
  /** Which delivery attempt this is (1 for the first; a lease that lapsed counts as an attempt). */
  readonly attempt: number;
  /** For `requested` and `reminder`: the interrupt's value as stored, `undefined` when it is gone (its thread was deleted). */
  readonly payload: unknown;
  /** Whether the approval is still waiting (a reminder of a resolved approval is not sent). */
  readonly pending: boolean;
  readonly outcome: ApprovalOutcome | undefined;
  readonly remindBeforeMs: number | undefined;
}

/** An event that failed every attempt, kept until it is re-queued. */
export interface DeadLetter {
  eventId: string;
  type: "ApprovalRequested" | "ApprovalResolved" | "ApprovalReminder";
  approvalId: string;
  threadId: string;
  interruptId: string;
  attempts: number;
  /** The last attempt's error, as text. */
  lastError: string;
  /** When it was given up (ISO-8601). */
  failedAt: string;
}

/**
 * Where one notification channel's events wait for delivery: written by the store as approvals
 * are raised and resolved (in Postgres by a trigger, in the pause's own transaction), leased to
 * dispatchers, marked when delivered, retried when not, and dead after the last attempt.
 */
export interface NotificationOutbox {
  /** Whether events survive this process (Postgres) or live in it (memory). */
  readonly durable: boolean;
  /** Starts recording events for the channel (idempotent); earlier approvals are not announced. */
  register(): Promise<void>;
  /** Stops recording and forgets the channel's events, dead letters included. */
  unregister(): Promise<void>;
  /**
   * Leases up to `limit` events that are due, for `leaseMs`, oldest first; at most one of each
   * approval at a time, so its events arrive in order (requested, reminders, resolved).
   */
  claim(limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  /** Marks a leased event done: delivered, or dropped with the reason (nothing left to say). */
  complete(entry: OutboxEntry, dropped?: string): Promise<void>;
  /** Records a failed attempt: retried after `retryInMs`, or dead when it is `undefined`. */
  fail(entry: OutboxEntry, error: string, retryInMs: number | undefined): Promise<void>;
  /** Records the reminders now due for pending approvals (once per approval and lead time); returns how many. */
  scheduleReminders(remindBeforeMs: readonly number[], limit: number): Promise<number>;
  deadLetters(limit: number): Promise<DeadLetter[]>;
  /** Makes dead events due again with a fresh count of attempts; returns how many. */
  requeue(eventIds: readonly string[]): Promise<number>;
  /** Deletes delivered events of resolved approvals older than `retainMs` (at most `limit`); returns how many. */
  prune(retainMs: number, limit: number): Promise<number>;
  /** Calls `wake` when new events may be due; returns the unsubscribe function. */
  onWake(wake: () => void): () => void;
}

/** A checkpointer that keeps notification outboxes of its own (the Postgres checkpointer, in its database). */
export interface NotificationOutboxProvider {
  notificationOutbox(channel: string): NotificationOutbox;
}

/**
 * Whether a checkpointer keeps its own notification outboxes.
 *
 * @example
 * ```ts
 * const outbox = providesOutbox(checkpointer) ? checkpointer.notificationOutbox("default") : memoryOutboxOf(checkpointer, "default");
 * ```
 */
export function providesOutbox(value: unknown): value is NotificationOutboxProvider {
  return typeof (value as Partial<NotificationOutboxProvider> | null | undefined)?.notificationOutbox === "function";
}

/** The type a dead letter reports for a kind. */
export function eventTypeOf(kind: OutboxKind): DeadLetter["type"] {
  return kind === "requested" ? "ApprovalRequested" : kind === "resolved" ? "ApprovalResolved" : "ApprovalReminder";
}
