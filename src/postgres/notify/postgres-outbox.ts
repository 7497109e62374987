import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { InboxHintSource } from "../../inbox/change-feed.js";
import type { ApprovalOutcome, DeadLetter, NotificationOutbox, OutboxEntry, OutboxKind } from "../../notify/index.js";
import { eventTypeOf } from "../../notify/index.js";
import { claimSql, completeSql, deadLettersSql, failSql, pruneSql, registerChannelSql, requeueSql, scheduleRemindersSql, unregisterChannelSql } from "./outbox-sql.js";

/** Reads a stored interrupt write back into LangGraph's `[{ id, value }]`. */
type InterruptDecoder = (type: string, blob: Uint8Array) => Promise<unknown>;

interface ClaimedRow {
  id: string;
  event_id: string;
  kind: OutboxKind;
  approval_id: string;
  thread_id: string;
  interrupt_id: string;
  position: number;
  expires_at: Date | null;
  outcome: ApprovalOutcome | null;
  remind_before_ms: string | null;
  occurred_at: Date;
  attempts: number;
  pending: boolean;
  type: string | null;
  blob: Buffer | null;
}

interface DeadRow {
  event_id: string;
  kind: OutboxKind;
  approval_id: string;
  thread_id: string;
  interrupt_id: string;
  attempts: number;
  last_error: string | null;
  finished_at: Date;
}

/**
 * One notification channel's outbox in Postgres (migration 0009): the inbox trigger writes its
 * events in the transaction that changed the inbox, so they survive any crash after the pause
 * committed; dispatchers on any replica lease them with `FOR UPDATE SKIP LOCKED`. Wake-ups come
 * from the inbox's `LISTEN` connection (every inbox change notifies).
 *
 * @example
 * ```ts
 * const outbox = saver.notificationOutbox("default");
 * await outbox.register();
 * const due = await outbox.claim(20, 60_000);
 * ```
 */
export class PostgresNotificationOutbox implements NotificationOutbox {
  readonly durable = true;
  readonly #pool: pg.Pool;
  readonly #schema: string;
  readonly #channel: string;
  readonly #decode: InterruptDecoder;
  readonly #hints: InboxHintSource;

  constructor(pool: pg.Pool, schema: string, channel: string, decode: InterruptDecoder, hints: InboxHintSource) {
    this.#pool = pool;
    this.#schema = schema;
    this.#channel = channel;
    this.#decode = decode;
    this.#hints = hints;
  }

  async register(): Promise<void> {
    await this.#pool.query(registerChannelSql(this.#schema), [this.#channel]);
  }

  async unregister(): Promise<void> {
    await this.#pool.query(unregisterChannelSql(this.#schema), [this.#channel]);
  }

  async claim(limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    const token = randomUUID();
    const { rows } = await this.#pool.query<ClaimedRow>(claimSql(this.#schema), [this.#channel, limit, token, leaseMs]);
    return Promise.all(rows.map((row) => this.#entryOf(row, token)));
  }

  async complete(entry: OutboxEntry, dropped?: string): Promise<void> {
    const { id, token } = entry.ref as { id: string; token: string };
    await this.#pool.query(completeSql(this.#schema), [this.#channel, id, token, dropped ?? null]);
  }

  async fail(entry: OutboxEntry, error: string, retryInMs: number | undefined): Promise<void> {
    const { id, token } = entry.ref as { id: string; token: string };
    await this.#pool.query(failSql(this.#schema), [this.#channel, id, token, error, retryInMs ?? null]);
  }

  async scheduleReminders(remindBeforeMs: readonly number[], limit: number): Promise<number> {
    const { rowCount } = await this.#pool.query(scheduleRemindersSql(this.#schema), [this.#channel, remindBeforeMs, limit]);
    return rowCount ?? 0;
  }

  async deadLetters(limit: number): Promise<DeadLetter[]> {
    const { rows } = await this.#pool.query<DeadRow>(deadLettersSql(this.#schema), [this.#channel, limit]);
    return rows.map((row) => ({
      eventId: row.event_id,
      type: eventTypeOf(row.kind),
      approvalId: row.approval_id,
      threadId: row.thread_id,
      interruptId: row.interrupt_id,
      attempts: row.attempts,
      lastError: row.last_error ?? "",
      failedAt: row.finished_at.toISOString(),
    }));
  }

  async requeue(eventIds: readonly string[]): Promise<number> {
    if (eventIds.length === 0) return 0;
    const { rowCount } = await this.#pool.query(requeueSql(this.#schema), [this.#channel, eventIds]);
    return rowCount ?? 0;
  }

  async prune(retainMs: number, limit: number): Promise<number> {
    const { rowCount } = await this.#pool.query(pruneSql(this.#schema), [this.#channel, retainMs, limit]);
    return rowCount ?? 0;
  }

  onWake(wake: () => void): () => void {
    const subscription = this.#hints.subscribe((hint) => {
      if (hint.kind !== "closed") wake();
    });
    // Without the listener the dispatcher still polls: a failed LISTEN only costs latency.
    subscription.ready.catch(() => undefined);
    return () => subscription.close();
  }

  async #entryOf(row: ClaimedRow, token: string): Promise<OutboxEntry> {
    const interrupts = row.type === null || row.blob === null ? undefined : ((await this.#decode(row.type, row.blob).catch(() => undefined)) as Array<{ id?: unknown; value?: unknown }> | undefined);
    const stored = Array.isArray(interrupts) ? interrupts[row.position] : undefined;
    return {
      ref: { id: row.id, token },
      eventId: row.event_id,
      kind: row.kind,
      approvalId: row.approval_id,
      threadId: row.thread_id,
      interruptId: row.interrupt_id,
      occurredAt: row.occurred_at.toISOString(),
      expiresAt: row.expires_at?.toISOString(),
      attempt: row.attempts,
      payload: stored?.value,
      pending: row.pending,
      outcome: row.outcome ?? undefined,
      remindBeforeMs: row.remind_before_ms === null ? undefined : Number(row.remind_before_ms),
    };
  }
}
