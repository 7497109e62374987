import { randomUUID } from "node:crypto";
import { claimStoreFor } from "../claims/index.js";
import { inboxRowFeedOf, type InboxRowChange, type InboxRowFeed } from "../inbox/inbox-rows.js";
import type { InboxRow } from "../inbox/types.js";
import { approvalIdOf, eventIdOf } from "./approval-id.js";
import type { ApprovalOutcome } from "./events.js";
import { eventTypeOf, type DeadLetter, type NotificationOutbox, type OutboxEntry, type OutboxKind } from "./outbox.js";

interface MemoryEvent {
  eventId: string;
  kind: OutboxKind;
  approvalId: string;
  /** For `requested` and `reminder`: the approval's current row (a re-raise replaces it). For `resolved`: the last one. */
  row: InboxRow;
  occurredAt: string;
  outcome: Promise<ApprovalOutcome> | undefined;
  remindBeforeMs: number | undefined;
  state: "pending" | "delivered" | "dead";
  attempts: number;
  nextAttemptAt: number;
  token: string | undefined;
  lastError: string | undefined;
  finishedAt: number | undefined;
}

const isApproval = (row: InboxRow | undefined): row is InboxRow => row !== undefined && row.toolNames.length > 0;

/** How an approval left, decided as the Postgres trigger decides it: its thread deleted, else its claim, else superseded. */
async function outcomeOf(checkpointer: object, row: InboxRow, threadDeleted: boolean): Promise<ApprovalOutcome> {
  if (threadDeleted) return "deleted";
  const claim = await claimStoreFor(checkpointer).claimOfInterrupt(row.threadId, row.interruptId).catch(() => undefined);
  if (claim === undefined) return "superseded";
  return claim.review.expired ? "expired" : "decided";
}

/**
 * One notification channel's outbox for a checkpointer that keeps its inbox in this process
 * (`createMemoryCheckpointer`): it follows the inbox row by row, in the step that changes it, with
 * the same rules as the Postgres trigger, and leases, retries and dead-letters like the Postgres
 * outbox. It lives as long as the process: events not delivered when the process ends are lost
 * (at most once across restarts; at least once while it runs).
 *
 * @example
 * ```ts
 * const outbox = memoryOutboxOf(createMemoryCheckpointer(), "default");
 * await outbox.register();
 * ```
 */
class MemoryNotificationOutbox implements NotificationOutbox {
  readonly durable = false;
  readonly #checkpointer: object;
  readonly #feed: InboxRowFeed;
  readonly #events = new Map<string, MemoryEvent>();
  /** Approvals waiting now, by approval id. */
  readonly #pending = new Map<string, InboxRow>();
  readonly #wakers = new Set<() => void>();
  readonly #forget: () => void;
  #unsubscribe: (() => void) | undefined;

  constructor(checkpointer: object, feed: InboxRowFeed, forget: () => void) {
    this.#checkpointer = checkpointer;
    this.#feed = feed;
    this.#forget = forget;
  }

  async register(): Promise<void> {
    if (this.#unsubscribe !== undefined) return;
    this.#unsubscribe = this.#feed.subscribe((change) => this.#record(change));
    for (const row of this.#feed.rows().filter(isApproval)) this.#pending.set(approvalIdOf(row), row);
  }

  async unregister(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#events.clear();
    this.#pending.clear();
    this.#forget();
  }

  async claim(limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    const now = Date.now();
    const seen = new Set<string>();
    const leased: MemoryEvent[] = [];
    for (const event of this.#events.values()) {
      if (event.state !== "pending" || seen.has(event.approvalId)) continue;
      // The earliest undelivered event of an approval holds back its later ones.
      seen.add(event.approvalId);
      if (event.nextAttemptAt > now) continue;
      Object.assign(event, { attempts: event.attempts + 1, token: randomUUID(), nextAttemptAt: now + leaseMs });
      leased.push(event);
      if (leased.length >= limit) break;
    }
    return Promise.all(leased.map((event) => this.#entryOf(event)));
  }

  async complete(entry: OutboxEntry, dropped?: string): Promise<void> {
    const event = this.#leased(entry);
    if (event !== undefined) Object.assign(event, { state: "delivered", token: undefined, finishedAt: Date.now(), lastError: dropped });
  }

  async fail(entry: OutboxEntry, error: string, retryInMs: number | undefined): Promise<void> {
    const event = this.#leased(entry);
    if (event === undefined) return;
    const dead = retryInMs === undefined;
    Object.assign(event, { state: dead ? "dead" : "pending", token: undefined, lastError: error, nextAttemptAt: Date.now() + (retryInMs ?? 0), finishedAt: dead ? Date.now() : undefined });
  }

  async scheduleReminders(remindBeforeMs: readonly number[], limit: number): Promise<number> {
    const now = Date.now();
    let scheduled = 0;
    for (const [approvalId, row] of [...this.#pending].sort(([, a], [, b]) => (a.expiresAt ?? "").localeCompare(b.expiresAt ?? ""))) {
      if (row.expiresAt === undefined) continue;
      const deadline = Date.parse(row.expiresAt);
      for (const lead of remindBeforeMs) {
        const due = deadline - lead;
        const eventId = eventIdOf(approvalId, "reminder", lead);
        // Only an approval that existed before its reminder's moment is reminded, once per lead time.
        if (deadline <= now || due > now || Date.parse(row.createdAt) >= due || this.#events.has(eventId) || scheduled >= limit) continue;
        this.#add({ eventId, kind: "reminder", approvalId, row, occurredAt: new Date(due).toISOString(), outcome: undefined, remindBeforeMs: lead });
        scheduled += 1;
      }
    }
    return scheduled;
  }

  async deadLetters(limit: number): Promise<DeadLetter[]> {
    return [...this.#events.values()]
      .filter((event) => event.state === "dead")
      .sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0))
      .slice(0, limit)
      .map((event) => ({
        eventId: event.eventId,
        type: eventTypeOf(event.kind),
        approvalId: event.approvalId,
        threadId: event.row.threadId,
        interruptId: event.row.interruptId,
        attempts: event.attempts,
        lastError: event.lastError ?? "",
        failedAt: new Date(event.finishedAt ?? Date.now()).toISOString(),
      }));
  }

  async requeue(eventIds: readonly string[]): Promise<number> {
    let requeued = 0;
    for (const eventId of eventIds) {
      const event = this.#events.get(eventId);
      if (event?.state !== "dead") continue;
      Object.assign(event, { state: "pending", attempts: 0, nextAttemptAt: Date.now(), finishedAt: undefined });
      requeued += 1;
    }
    if (requeued > 0) this.#wakeAll();
    return requeued;
  }

  async prune(retainMs: number, limit: number): Promise<number> {
    const before = Date.now() - retainMs;
    let pruned = 0;
    for (const [eventId, event] of this.#events) {
      if (pruned >= limit) break;
      if (event.state !== "delivered" || (event.finishedAt ?? 0) >= before || this.#pending.has(event.approvalId)) continue;
      this.#events.delete(eventId);
      pruned += 1;
    }
    return pruned;
  }

  onWake(wake: () => void): () => void {
    this.#wakers.add(wake);
    return () => void this.#wakers.delete(wake);
  }

  /** Mirrors the Postgres trigger (migration 0009) on one inbox row change. */
  #record(change: InboxRowChange): void {
    const before = change.op === "insert" ? undefined : change.before;
    const after = change.op === "delete" ? undefined : change.row;
    const oldId = isApproval(before) ? approvalIdOf(before) : undefined;
    const newId = isApproval(after) ? approvalIdOf(after) : undefined;
    if (oldId === newId) {
      if (oldId === undefined || after === undefined) return;
      // Raised again in place (a refused answer): not a new approval; what is still to be sent names the new interrupt.
      this.#pending.set(oldId, after);
      for (const event of this.#events.values()) if (event.approvalId === oldId && event.state === "pending" && event.kind !== "resolved") event.row = after;
      return;
    }
    if (oldId !== undefined && before !== undefined) {
      this.#pending.delete(oldId);
      // As in Postgres, where the interrupt write goes with its thread: nothing is left to announce.
      if (change.op === "delete" && change.threadDeleted) {
        for (const event of this.#events.values()) if (event.approvalId === oldId && event.state === "pending" && event.kind !== "resolved") event.row = { ...event.row, payload: undefined };
      }
      const outcome = outcomeOf(this.#checkpointer, before, change.op === "delete" && change.threadDeleted);
      this.#add({ eventId: eventIdOf(oldId, "resolved"), kind: "resolved", approvalId: oldId, row: before, occurredAt: new Date().toISOString(), outcome, remindBeforeMs: undefined });
    }
    if (newId !== undefined && after !== undefined) {
      this.#pending.set(newId, after);
      this.#add({ eventId: eventIdOf(newId, "requested"), kind: "requested", approvalId: newId, row: after, occurredAt: after.createdAt, outcome: undefined, remindBeforeMs: undefined });
    }
  }

  #add(event: Pick<MemoryEvent, "eventId" | "kind" | "approvalId" | "row" | "occurredAt" | "outcome" | "remindBeforeMs">): void {
    if (this.#events.has(event.eventId)) return;
    this.#events.set(event.eventId, { ...event, state: "pending", attempts: 0, nextAttemptAt: 0, token: undefined, lastError: undefined, finishedAt: undefined });
    this.#wakeAll();
  }

  #wakeAll(): void {
    for (const wake of this.#wakers) wake();
  }

  #leased(entry: OutboxEntry): MemoryEvent | undefined {
    const { eventId, token } = entry.ref as { eventId: string; token: string };
    const event = this.#events.get(eventId);
    return event?.token === token ? event : undefined;
  }

  async #entryOf(event: MemoryEvent): Promise<OutboxEntry> {
    const current = this.#pending.get(event.approvalId);
    return {
      ref: { eventId: event.eventId, token: event.token },
      eventId: event.eventId,
      kind: event.kind,
      approvalId: event.approvalId,
      threadId: event.row.threadId,
      interruptId: event.row.interruptId,
      occurredAt: event.occurredAt,
      expiresAt: event.row.expiresAt,
      attempt: event.attempts,
      payload: event.kind === "resolved" ? undefined : event.row.payload,
      pending: current !== undefined,
      outcome: await event.outcome,
      remindBeforeMs: event.remindBeforeMs,
    };
  }
}

/** One registry per process (not per copy of this package), like the in-process claims. */
const REGISTRY = Symbol.for("langgraph-hitl/in-process-outboxes");

function registry(): WeakMap<object, Map<string, MemoryNotificationOutbox>> {
  const holder = globalThis as { [REGISTRY]?: WeakMap<object, Map<string, MemoryNotificationOutbox>> };
  holder[REGISTRY] ??= new WeakMap();
  return holder[REGISTRY];
}

/**
 * The in-process outbox of `channel` for a checkpointer that keeps its inbox in this process,
 * shared by every notifier of that channel in the process; `undefined` for any other checkpointer.
 *
 * @example
 * ```ts
 * const outbox = memoryOutboxOf(createMemoryCheckpointer(), "default");
 * ```
 */
export function memoryOutboxOf(checkpointer: object, channel: string): NotificationOutbox | undefined {
  const feed = inboxRowFeedOf(checkpointer);
  if (feed === undefined) return undefined;
  const channels = registry().get(checkpointer) ?? new Map<string, MemoryNotificationOutbox>();
  registry().set(checkpointer, channels);
  let outbox = channels.get(channel);
  if (outbox === undefined) {
    outbox = new MemoryNotificationOutbox(checkpointer, feed, () => channels.delete(channel));
    channels.set(channel, outbox);
  }
  return outbox;
}
