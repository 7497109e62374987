import { claimStoreFor, type ClaimStore } from "../claims/index.js";
import { HITLError } from "../errors/hitl-error.js";
import { retryDelayMs } from "./backoff.js";
import { buildEvent } from "./build-event.js";
import type { ApprovalEvent } from "./events.js";
import { memoryOutboxOf } from "./memory-outbox.js";
import { resolveNotifierOptions, type ApprovalNotifierOptions, type ResolvedNotifierOptions } from "./notifier-options.js";
import { providesOutbox, type DeadLetter, type NotificationOutbox, type OutboxEntry } from "./outbox.js";
import { WakeableDelay } from "../time/wakeable-delay.js";
import { storableText } from "../payload/storable-text.js";
import { thrownText } from "../errors/thrown-text.js";

/** How often delivered events are pruned. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_LIMIT = 1_000;
/** After a failed round (the database unreachable), wait this long, doubling up to 30 s. */
const ROUND_RETRY_MS = { max: 30_000 };

/** What a notifier has done since it started. */
export interface ApprovalNotifierStats {
  /** Events the send accepted. */
  delivered: number;
  /** Events with nothing left to say (a reminder of a resolved approval; an approval whose thread was deleted before it was announced). */
  dropped: number;
  /** Send attempts that failed (each retried, or dead after the last). */
  failedAttempts: number;
  /** Events given up after their last attempt (see `deadLetters()`). */
  deadLettered: number;
  remindersScheduled: number;
  /** When the last round ended (ISO-8601). */
  lastRunAt?: string;
  /** The last failure (a send, or the store), with when it happened. */
  lastError?: { message: string; at: string };
  /** Whether the notifier still runs (false after `stop()`). */
  running: boolean;
}

/** What one round did. */
export interface NotifierRound {
  delivered: number;
  dropped: number;
  failed: number;
  deadLettered: number;
  remindersScheduled: number;
}

/** A running approval notifier. */
export interface ApprovalNotifier {
  /** The channel it delivers. */
  readonly channel: string;
  /** Whether its outbox survives this process (Postgres) or lives in it (memory). */
  readonly durable: boolean;
  /** Settles once the channel is registered: every approval raised from then on is announced. */
  readonly ready: Promise<void>;
  stats(): ApprovalNotifierStats;
  /** One round now (reminders, a batch of due events, pruning when due), after any round in progress. */
  runOnce(): Promise<NotifierRound>;
  /** Events that failed every attempt, most recent first (default: 100). */
  deadLetters(options?: { limit?: number }): Promise<DeadLetter[]>;
  /** Makes dead events due again, with a fresh count of attempts; returns how many. */
  requeue(eventIds: readonly string[]): Promise<number>;
  /**
   * Stops after the round in progress. The channel keeps recording events (they wait for the
   * next notifier) unless `removeChannel` is set, which forgets the channel and its events.
   */
  stop(options?: { removeChannel?: boolean }): Promise<void>;
}

/**
 * The failure a dead letter records: bounded, and storable — a receiver's answer can hold any
 * bytes (a NUL in a binary error page), and a text the outbox cannot store would fail the very
 * write that records the failure, so the event would never back off or be dead-lettered.
 */
function recordedError(error: unknown): string {
  return storableText(thrownText(error).slice(0, 2_000));
}

/** The outbox of `channel` for a checkpointer: its own (Postgres) or one kept in this process (memory). */
function outboxFor(checkpointer: object, channel: string): NotificationOutbox {
  if (providesOutbox(checkpointer)) return checkpointer.notificationOutbox(channel);
  const memory = memoryOutboxOf(checkpointer, channel);
  if (memory !== undefined) return memory;
  const message = "expected the graph's checkpointer from createPostgresCheckpointer() or createMemoryCheckpointer(): only they record approvals as they are raised";
  throw new HITLError("INVALID_OPTIONS", `Invalid approval notifier options: \`checkpointer\`: ${message}`, { details: [{ path: ["checkpointer"], message }] });
}

/** Runs `send` under a time bound; its signal fires when the bound passes or the notifier stops. */
async function sendBounded(options: ResolvedNotifierOptions, event: ApprovalEvent, attempt: number, stopping: AbortSignal): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort(stopping.reason);
  stopping.addEventListener("abort", stop, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new HITLError("DELIVERY_FAILED", `The send did not finish within ${options.sendTimeoutMs} ms.`, { threadId: event.threadId, interruptId: event.interruptId });
      controller.abort(error);
      reject(error);
    }, options.sendTimeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(() => options.send(event, { attempt, signal: controller.signal })), timedOut]);
  } finally {
    clearTimeout(timer);
    stopping.removeEventListener("abort", stop);
  }
}

class Notifier implements ApprovalNotifier {
  readonly channel: string;
  readonly durable: boolean;
  readonly ready: Promise<void>;
  readonly #options: ResolvedNotifierOptions;
  readonly #outbox: NotificationOutbox;
  readonly #claims: ClaimStore;
  readonly #stopping = new AbortController();
  readonly #stats: ApprovalNotifierStats = { delivered: 0, dropped: 0, failedAttempts: 0, deadLettered: 0, remindersScheduled: 0, running: true };
  readonly #unsubscribe: () => void;
  readonly #loop: Promise<void>;
  /** Rounds run one at a time (the loop's and `runOnce()`'s). */
  #exclusive: Promise<unknown> = Promise.resolve();
  readonly #delay = new WakeableDelay();
  #lastPrune = 0;
  #registered = false;

  constructor(checkpointer: object, options: ResolvedNotifierOptions) {
    this.#options = options;
    this.channel = options.channel;
    this.#outbox = outboxFor(checkpointer, options.channel);
    this.durable = this.#outbox.durable;
    this.#claims = claimStoreFor(checkpointer);
    this.#unsubscribe = this.#outbox.onWake(() => this.#poke());
    this.ready = this.#register();
    this.ready.catch((error: unknown) => this.#failed(error));
    options.signal?.addEventListener("abort", () => void this.stop(), { once: true });
    this.#loop = this.#run();
  }

  stats(): ApprovalNotifierStats {
    return { ...this.#stats, ...(this.#stats.lastError === undefined ? {} : { lastError: { ...this.#stats.lastError } }) };
  }

  runOnce(): Promise<NotifierRound> {
    const round = this.#exclusive.then(async () => {
      await this.#register();
      return this.#round();
    });
    this.#exclusive = round.catch(() => undefined);
    return round;
  }

  deadLetters(options: { limit?: number } = {}): Promise<DeadLetter[]> {
    const limit = options.limit ?? 100;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1_000) {
      const message = "`limit` must be a whole number from 1 to 1000";
      throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["limit"], message, received: limit }] });
    }
    return this.#outbox.deadLetters(limit);
  }

  requeue(eventIds: readonly string[]): Promise<number> {
    if (!Array.isArray(eventIds) || eventIds.some((id) => typeof id !== "string")) {
      const message = "`eventIds` must be an array of event ids (strings)";
      throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["eventIds"], message, received: eventIds }] });
    }
    return this.#outbox.requeue(eventIds);
  }

  async stop(options: { removeChannel?: boolean } = {}): Promise<void> {
    if (!this.#stopping.signal.aborted) {
      this.#stopping.abort(new HITLError("DELIVERY_FAILED", "The notifier stopped."));
      this.#poke();
    }
    await this.#loop;
    await this.#exclusive;
    this.#unsubscribe();
    this.#stats.running = false;
    if (options.removeChannel === true) await this.#outbox.unregister();
  }

  /** Registers the channel once; a failed attempt (the database unreachable) is made again by the next round. */
  async #register(): Promise<void> {
    if (this.#registered) return;
    await this.#outbox.register();
    this.#registered = true;
  }

  #poke(): void {
    this.#delay.wake();
  }

  #failed(error: unknown): void {
    this.#stats.lastError = { message: thrownText(error), at: new Date().toISOString() };
  }

  async #run(): Promise<void> {
    await this.ready.catch(() => undefined);
    let failures = 0;
    while (!this.#stopping.signal.aborted) {
      this.#delay.reset();
      let full = false;
      try {
        const round = await this.runOnce();
        full = round.delivered + round.dropped + round.failed >= this.#options.batchSize;
        failures = 0;
      } catch (error) {
        this.#failed(error);
        failures += 1;
      }
      if (this.#stopping.signal.aborted) break;
      // A full batch: more may be due now (bounded work per round, no wait between rounds).
      if (full && failures === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      const wait = failures === 0 ? this.#options.pollMs : Math.min(ROUND_RETRY_MS.max, this.#options.pollMs * 2 ** failures);
      await this.#delay.sleep(wait);
    }
  }


  async #round(): Promise<NotifierRound> {
    const round: NotifierRound = { delivered: 0, dropped: 0, failed: 0, deadLettered: 0, remindersScheduled: 0 };
    if (this.#options.reminders.length > 0) {
      round.remindersScheduled = await this.#outbox.scheduleReminders(this.#options.reminders, this.#options.batchSize);
      this.#stats.remindersScheduled += round.remindersScheduled;
    }
    const entries = await this.#outbox.claim(this.#options.batchSize, this.#options.leaseMs);
    await Promise.all(entries.map((entry) => this.#deliver(entry, round)));
    if (Date.now() - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.#lastPrune = Date.now();
      await this.#outbox.prune(this.#options.retainDeliveredMs, PRUNE_LIMIT);
    }
    this.#stats.lastRunAt = new Date().toISOString();
    return round;
  }

  async #deliver(entry: OutboxEntry, round: NotifierRound): Promise<void> {
    let sent = false;
    try {
      const built = await buildEvent(entry, { link: this.#options.link, claims: this.#claims });
      if (typeof built === "string") {
        await this.#outbox.complete(entry, built);
        round.dropped += 1;
        this.#stats.dropped += 1;
        return;
      }
      await sendBounded(this.#options, built, entry.attempt, this.#stopping.signal);
      sent = true;
      await this.#outbox.complete(entry);
      round.delivered += 1;
      this.#stats.delivered += 1;
    } catch (error) {
      this.#failed(error);
      // Sent but not marked (the store is unreachable): the lease lapses and the event is sent again.
      if (sent) return;
      round.failed += 1;
      this.#stats.failedAttempts += 1;
      const dead = entry.attempt >= this.#options.retry.maxAttempts;
      await this.#outbox.fail(entry, recordedError(error), dead ? undefined : retryDelayMs(this.#options.retry, entry.attempt)).catch((failure: unknown) => this.#failed(failure));
      if (dead) {
        round.deadLettered += 1;
        this.#stats.deadLettered += 1;
      }
    }
  }
}

/**
 * Starts delivering approval notifications: an `ApprovalRequested` event once per new approval
 * (with its thread, interrupt id, requests, deadline and your link), `ApprovalReminder` before a
 * deadline (`reminders`), and `ApprovalResolved` when it leaves the inbox (decided, expired,
 * superseded, deleted), each handed to `send`.
 *
 * On Postgres the events come from a durable outbox the inbox trigger writes in the pause's own
 * transaction (no commit of its own): delivery is **at least once**, across crashes and replicas
 * — any replica may run a notifier of the channel; each event is leased to one at a time, and one
 * that dies before marking it delivered has it sent again after `leaseMs`. Deduplicate on
 * `event.id`. In memory (`createMemoryCheckpointer()`) the same code delivers from an outbox in
 * this process: at least once while it runs, lost when it ends.
 *
 * A failed send is retried with exponential backoff and jitter (`retry`); after the last attempt
 * the event is dead: list it with `deadLetters()`, send it again with `requeue(ids)`.
 *
 * @param options - `checkpointer` and `send`; `channel`, `link`, `reminders`, `pollMs`, `batchSize`,
 * `leaseMs`, `sendTimeoutMs`, `retry`, `retainDeliveredMs`, `signal`.
 * @returns The running notifier: `ready`, `stats()`, `runOnce()`, `deadLetters()`, `requeue()`, `stop()`.
 * @throws {HITLError} `INVALID_OPTIONS` for bad options or a checkpointer that keeps no inbox.
 * @example
 * ```ts
 * const notifier = startApprovalNotifier({
 *   checkpointer,
 *   link: ({ threadId }) => `https://app.example.com/approvals#${encodeURIComponent(threadId)}`,
 *   send: async (event) => console.log(event.type, event.threadId, event.link),
 * });
 * await notifier.ready;
 * // at shutdown:
 * await notifier.stop();
 * ```
 */
export function startApprovalNotifier(options: ApprovalNotifierOptions): ApprovalNotifier {
  const resolved = resolveNotifierOptions(options);
  return new Notifier(options.checkpointer, resolved);
}
