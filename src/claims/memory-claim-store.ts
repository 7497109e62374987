import { MemoryGrantStore } from "../grants/index.js";
import type { CallResult, ClaimedReview, ClaimKey, ClaimRecord, ClaimStore, ProposedReview } from "./types.js";

/** Default lease: long enough that a slow event loop never loses a live claim. */
export const DEFAULT_LEASE_MS = 30_000;
/** Default wait on a batch another execution is running. */
export const DEFAULT_BUSY_WAIT_MS = 5_000;

interface Entry {
  key: ClaimKey;
  attempt: string;
  owner: string;
  review: ClaimedReview;
  state: "running" | "released";
  leaseUntil: number;
  results: Map<string, CallResult>;
}

function keyOf(key: ClaimKey): string {
  return JSON.stringify([key.namespace, key.checkpointId]);
}

function recordOf(entry: Entry, now: number, review: ClaimedReview = JSON.parse(JSON.stringify(entry.review)) as ClaimedReview): ClaimRecord {
  // Stored as JSON, as in Postgres: a caller can never change a committed claim through a reference.
  return { attempt: entry.attempt, interruptId: review.interruptId, owner: entry.owner, review, state: entry.state, leaseExpired: entry.leaseUntil <= now };
}

/**
 * Claims kept in this process: the same rules as in Postgres, for `MemorySaver`, the memory
 * checkpointer and any checkpointer that keeps no claims of its own.
 *
 * @example
 * ```ts
 * const store = new MemoryClaimStore({ leaseMs: 30_000 });
 * ```
 */
export class MemoryClaimStore implements ClaimStore {
  readonly leaseMs: number;
  readonly busyWaitMs: number;
  /** Claims by thread, then by key: `resume()` reads one thread's claims, whatever the number of threads. */
  readonly #threads = new Map<string, Map<string, Entry>>();
  /** Where the grants a committed judgment made go, in the same step as its claim. */
  readonly #grants: MemoryGrantStore;

  /**
   * @param options - `leaseMs`, `busyWaitMs`, and `grants`: the store committed judgments add
   * their grants to (default: one of its own).
   */
  constructor(options: { leaseMs?: number; busyWaitMs?: number; grants?: MemoryGrantStore } = {}) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.busyWaitMs = options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS;
    this.#grants = options.grants ?? new MemoryGrantStore();
  }

  async acquire(key: ClaimKey, claim: { attempt: string; owner: string; review: ProposedReview }): Promise<ClaimRecord & { won: boolean }> {
    const existing = this.#entry(key);
    if (existing !== undefined) return { ...recordOf(existing, Date.now()), won: false };
    // The deadline is judged here, when the claim commits, by this process's clock (the only one in memory).
    const now = Date.now();
    const expired = claim.review.expiresAt !== undefined && now > Date.parse(claim.review.expiresAt);
    const judged: ClaimedReview = { ...claim.review, expired, judgedAt: new Date(now).toISOString(), clock: "process" };
    // JSON.stringify throws on values that cannot be stored (too deep, cyclic): nothing is claimed then.
    const stored = JSON.stringify(judged);
    const entry: Entry = { key, attempt: claim.attempt, owner: claim.owner, review: JSON.parse(stored) as ClaimedReview, state: "running", leaseUntil: Date.now() + this.leaseMs, results: new Map() };
    const thread = this.#threads.get(key.threadId) ?? new Map<string, Entry>();
    thread.set(keyOf(key), entry);
    this.#threads.set(key.threadId, thread);
    // In the same synchronous step as the claim: nothing can see one without the other.
    if (!expired) this.#grants.commit(entry.review.grants ?? [], now);
    return { ...recordOf(entry, Date.now(), JSON.parse(stored) as ClaimedReview), won: true };
  }

  async acquireIfExpired(key: ClaimKey, claim: { attempt: string; owner: string; review: ProposedReview }): Promise<(ClaimRecord & { won: boolean }) | undefined> {
    const existing = this.#entry(key);
    if (existing !== undefined) return { ...recordOf(existing, Date.now()), won: false };
    const { expiresAt } = claim.review;
    if (expiresAt === undefined || Date.now() <= Date.parse(expiresAt)) return undefined;
    return this.acquire(key, claim);
  }

  async read(key: ClaimKey): Promise<ClaimRecord | undefined> {
    const entry = this.#entry(key);
    return entry === undefined ? undefined : recordOf(entry, Date.now());
  }

  async takeOver(key: ClaimKey, owner: string): Promise<ClaimRecord | undefined> {
    const entry = this.#entry(key);
    const now = Date.now();
    if (entry === undefined || (entry.state === "running" && entry.leaseUntil > now)) return undefined;
    Object.assign(entry, { owner, state: "running", leaseUntil: now + this.leaseMs });
    return recordOf(entry, now);
  }

  async renew(key: ClaimKey, owner: string): Promise<boolean> {
    const entry = this.#entry(key);
    if (entry?.owner !== owner) return false;
    entry.leaseUntil = Date.now() + this.leaseMs;
    return true;
  }

  async release(key: ClaimKey, owner: string): Promise<void> {
    const entry = this.#entry(key);
    if (entry?.owner === owner) Object.assign(entry, { state: "released", leaseUntil: Date.now() });
  }

  async saveResults(key: ClaimKey, owner: string, results: ReadonlyArray<[string, CallResult]>): Promise<boolean> {
    const entry = this.#entry(key);
    if (entry?.owner !== owner) return false;
    for (const [toolCallId, result] of results) if (!entry.results.has(toolCallId)) entry.results.set(toolCallId, result);
    return true;
  }

  async loadResults(key: ClaimKey): Promise<Map<string, CallResult>> {
    return new Map(this.#entry(key)?.results ?? []);
  }

  async claimOfInterrupt(threadId: string, interruptId: string): Promise<ClaimRecord | undefined> {
    const entry = [...(this.#threads.get(threadId)?.values() ?? [])].find((candidate) => candidate.review.interruptId === interruptId);
    return entry === undefined ? undefined : recordOf(entry, Date.now());
  }

  /** Forgets a deleted thread's claims. */
  deleteThread(threadId: string): void {
    this.#threads.delete(threadId);
  }

  #entry(key: ClaimKey): Entry | undefined {
    return this.#threads.get(key.threadId)?.get(keyOf(key));
  }
}
