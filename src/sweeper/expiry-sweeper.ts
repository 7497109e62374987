import { dueApprovalLeasesFor, type DueApproval, type DueApprovalLeases } from "./due-approvals.js";
import { resolveSweeperOptions, type ExpirySweeperOptions, type ResolvedSweeperOptions } from "./sweeper-options.js";
import { expireApproval } from "../inbox/expire-approval.js";
import type { ExpiredInterrupt } from "../inbox/types.js";
import { WakeableDelay } from "../time/wakeable-delay.js";
import { thrownText } from "../errors/thrown-text.js";

/** What a sweeper has done since it started. */
export interface ExpirySweeperStats {
  /** Rounds run. */
  rounds: number;
  /** Approvals this sweeper expired (every call rejected as expired; nothing ran). */
  expired: number;
  /** Due approvals someone else resolved first (a reviewer, another replica). */
  skipped: number;
  /**
   * Due approvals whose thread was busy with another run when their turn came (a reviewer's
   * approved tool still running, another client's run on the Agent Server): not a failure; each
   * is released at once and looked at again next round.
   */
  busy: number;
  /** Resumes that failed; each is tried again once its lease lapses (`leaseMs`). */
  failed: number;
  /** When the last round ended (ISO-8601). */
  lastRunAt?: string;
  /** The last failure, with when it happened. */
  lastError?: { message: string; at: string };
  running: boolean;
}

/** What one round did. */
export interface SweepRound {
  expired: ExpiredInterrupt[];
  skipped: number;
  /** Approvals whose thread was busy: released, looked at again next round. */
  busy: number;
  failed: number;
}

/** A running expiry sweeper. */
export interface ExpirySweeper {
  stats(): ExpirySweeperStats;
  /** One round now, after any round in progress. */
  runOnce(): Promise<SweepRound>;
  /** Stops after the round in progress. */
  stop(): Promise<void>;
}

class Sweeper implements ExpirySweeper {
  readonly #options: ResolvedSweeperOptions;
  readonly #leases: DueApprovalLeases;
  readonly #stats: ExpirySweeperStats = { rounds: 0, expired: 0, skipped: 0, busy: 0, failed: 0, running: true };
  readonly #stopping = new AbortController();
  readonly #loop: Promise<void>;
  #exclusive: Promise<unknown> = Promise.resolve();
  readonly #delay = new WakeableDelay();

  constructor(options: ResolvedSweeperOptions) {
    this.#options = options;
    this.#leases = dueApprovalLeasesFor(options.inbox);
    options.signal?.addEventListener("abort", () => void this.stop(), { once: true });
    this.#loop = this.#run();
  }

  stats(): ExpirySweeperStats {
    return { ...this.#stats, ...(this.#stats.lastError === undefined ? {} : { lastError: { ...this.#stats.lastError } }) };
  }

  runOnce(): Promise<SweepRound> {
    const round = this.#exclusive.then(() => this.#round());
    this.#exclusive = round.catch(() => undefined);
    return round;
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    this.#delay.wake();
    await this.#loop;
    await this.#exclusive;
    this.#stats.running = false;
  }

  #failed(error: unknown): void {
    this.#stats.lastError = { message: thrownText(error), at: new Date().toISOString() };
  }

  async #run(): Promise<void> {
    // The first round at once: approvals that came due while no sweeper ran expire now.
    while (!this.#stopping.signal.aborted) {
      let full = false;
      try {
        const round = await this.runOnce();
        // A round that met busy threads or failures waits its interval: going at once would lease the same ones again.
        full = round.expired.length + round.skipped + round.busy + round.failed >= this.#options.batchSize && round.failed === 0 && round.busy === 0;
      } catch (error) {
        this.#failed(error);
      }
      if (this.#stopping.signal.aborted) break;
      if (full) {
        // More are due: the next bounded round follows at once, after yielding to other work.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await this.#delay.sleep(this.#options.intervalMs);
    }
  }

  async #round(): Promise<SweepRound> {
    const round: SweepRound = { expired: [], skipped: 0, busy: 0, failed: 0 };
    try {
      const due = await this.#leases.lease(this.#options.batchSize, this.#options.leaseMs);
      for (const approval of due) {
        if (this.#stopping.signal.aborted) break;
        await this.#expire(approval, round);
      }
    } finally {
      this.#stats.rounds += 1;
      this.#stats.lastRunAt = new Date().toISOString();
    }
    return round;
  }

  async #expire(approval: DueApproval, round: SweepRound): Promise<void> {
    try {
      const result = await expireApproval(this.#options.graph, approval);
      if (result === "expired") {
        round.expired.push({ threadId: approval.threadId, interruptId: approval.interruptId, expiresAt: approval.expiresAt });
        this.#stats.expired += 1;
      } else if (result === "busy") {
        // Not this sweeper's failure, and the approval may still be pending: released, so the next round looks again.
        round.busy += 1;
        this.#stats.busy += 1;
      } else {
        round.skipped += 1;
        this.#stats.skipped += 1;
      }
      await this.#leases.release(approval).catch((error: unknown) => this.#failed(error));
    } catch (error) {
      // The lease stays until it lapses: the approval is tried again then, by whichever sweeper leases it.
      round.failed += 1;
      this.#stats.failed += 1;
      this.#failed(error);
    }
  }
}

/**
 * Starts expiring approvals past their deadline by itself, every `intervalMs` (the first round
 * at once): each due approval is resumed with no decisions, and the node rejects all its calls as
 * expired (nothing runs). Safe on many replicas: on Postgres each due approval is leased to one
 * sweeper (`FOR UPDATE SKIP LOCKED` on the due inbox rows, then a lease row), so one replica
 * expires it and the others skip it; the node's claim makes even a second expiry harmless. Each
 * round does at most `batchSize` resumes; a full round is followed by the next at once. A resume
 * that fails is counted (`stats().failed`, `lastError`) and tried again once its lease lapses.
 *
 * `createApprovalHandler` starts one by default (option `expirySweeper`).
 *
 * @param options - `graph`; `checkpointer` (default: the graph's), `intervalMs`, `batchSize`, `leaseMs`, `signal`.
 * @returns The running sweeper: `stats()`, `runOnce()`, `stop()`.
 * @throws {HITLError} `INVALID_OPTIONS` for bad options, or a graph whose checkpointer keeps no inbox.
 * @example
 * ```ts
 * const sweeper = startExpirySweeper({ graph, intervalMs: 5_000 });
 * // …
 * console.log(sweeper.stats()); // { rounds, expired, skipped, busy, failed, lastRunAt, running }
 * await sweeper.stop(); // at shutdown
 * ```
 */
export function startExpirySweeper(options: ExpirySweeperOptions): ExpirySweeper {
  return new Sweeper(resolveSweeperOptions(options));
}
