import { HITLError } from "../errors/hitl-error.js";
import { canonicalJson } from "../payload/canonical-json.js";
import type { InboxHint, InboxHintSource, PendingInterruptChange, WatchPendingInterruptsOptions } from "./change-feed.js";
import type { ApprovalsInbox, PendingInterruptRecord } from "./types.js";

const DEFAULT_SNAPSHOT_LIMIT = 1000;
const MAX_SNAPSHOT_LIMIT = 10_000;
const PAGE = 500;
/** After a failed re-read, wait this long (doubling, up to the maximum) before trying again. */
const RETRY_MS = { first: 200, max: 5_000 };

/** What the watch last reported of each thread: interrupt id → a fingerprint of its record. */
type Known = Map<string, Map<string, { fingerprint: string; record: PendingInterruptRecord }>>;

function checkOptions(options: WatchPendingInterruptsOptions): number {
  const { signal, snapshotLimit = DEFAULT_SNAPSHOT_LIMIT } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new HITLError("INVALID_OPTIONS", "`signal` must be an AbortSignal", { details: [{ path: ["signal"], message: "expected an AbortSignal", received: typeof signal }] });
  }
  if (!Number.isInteger(snapshotLimit) || snapshotLimit < 1 || snapshotLimit > MAX_SNAPSHOT_LIMIT) {
    const message = `\`snapshotLimit\` must be a whole number from 1 to ${MAX_SNAPSHOT_LIMIT}`;
    throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["snapshotLimit"], message, received: snapshotLimit }] });
  }
  return snapshotLimit;
}

function fingerprint(record: PendingInterruptRecord): string {
  return canonicalJson([record.payload, record.createdAt, record.expiresAt ?? null]);
}

function byThread(records: readonly PendingInterruptRecord[]): Map<string, PendingInterruptRecord[]> {
  const threads = new Map<string, PendingInterruptRecord[]>();
  for (const record of records) threads.set(record.threadId, [...(threads.get(record.threadId) ?? []), record]);
  return threads;
}

/** The inbox, oldest first, up to `limit` interrupts. */
async function readInbox(inbox: ApprovalsInbox, limit: number): Promise<{ items: PendingInterruptRecord[]; truncated: boolean }> {
  const items: PendingInterruptRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await inbox.listPendingInterrupts({ limit: Math.min(PAGE, limit - items.length), ...(cursor === undefined ? {} : { cursor }) });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined && items.length < limit);
  return { items, truncated: cursor !== undefined };
}

async function readThread(inbox: ApprovalsInbox, threadId: string): Promise<PendingInterruptRecord[]> {
  return (await inbox.listPendingInterrupts({ threadId, limit: 1000 })).items;
}

/** What changed in one thread since the watch last reported it; updates `known`. */
function diffThread(known: Known, threadId: string, now: readonly PendingInterruptRecord[]): PendingInterruptChange[] {
  const before = known.get(threadId) ?? new Map();
  const after = new Map(now.map((record) => [record.interruptId, { fingerprint: fingerprint(record), record }]));
  const changes: PendingInterruptChange[] = [];
  for (const [interruptId, { record }] of before) {
    if (after.has(interruptId)) continue;
    // Past its deadline the node rejects every call of the approval, whoever resumed it.
    const expired = record.expiresAt !== undefined && Date.parse(record.expiresAt) <= Date.now();
    changes.push(expired ? { type: "expired", threadId, interruptId, expiresAt: record.expiresAt! } : { type: "resolved", threadId, interruptId });
  }
  for (const [interruptId, entry] of after) {
    if (before.get(interruptId)?.fingerprint !== entry.fingerprint) changes.push({ type: "raised", interrupt: entry.record });
  }
  if (after.size > 0) known.set(threadId, after);
  else known.delete(threadId);
  return changes;
}

/** Re-reads the whole inbox (after a lost connection) and reports what changed meanwhile. */
async function resync(inbox: ApprovalsInbox, known: Known, limit: number): Promise<PendingInterruptChange[]> {
  const { items, truncated } = await readInbox(inbox, limit);
  const threads = byThread(items);
  // Beyond the limit an absent thread may still be pending: ask for it by name.
  if (truncated) for (const threadId of known.keys()) if (!threads.has(threadId)) threads.set(threadId, await readThread(inbox, threadId));
  for (const threadId of known.keys()) if (!threads.has(threadId)) threads.set(threadId, []);
  return [...threads].flatMap(([threadId, records]) => diffThread(known, threadId, records));
}

/** Resolves when `arm`'s wake-up is called or `signal` fires, whichever is first (and leaves no listener behind). */
function until(arm: (wake: () => void) => void, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      signal?.removeEventListener("abort", done);
      resolve();
    };
    signal?.addEventListener("abort", done, { once: true });
    arm(done);
  });
}

/** Hints not yet acted on, coalesced: threads to re-read, or a whole re-read. */
class Backlog {
  readonly #threads = new Set<string>();
  #everything = false;
  #closed = false;
  #wake: (() => void) | undefined;

  add(hint: InboxHint): void {
    if (hint.kind === "thread") this.#threads.add(hint.threadId);
    else if (hint.kind === "resync") this.#everything = true;
    else this.#closed = true;
    this.#wake?.();
  }

  /** The next piece of work; `undefined` once the store closed or `signal` fired. */
  async take(signal: AbortSignal | undefined): Promise<InboxHint | undefined> {
    while (!this.#closed && signal?.aborted !== true) {
      if (this.#everything) {
        this.#everything = false;
        this.#threads.clear();
        return { kind: "resync" };
      }
      const [threadId] = this.#threads;
      if (threadId !== undefined) {
        this.#threads.delete(threadId);
        return { kind: "thread", threadId };
      }
      await until((wake) => (this.#wake = wake), signal);
      this.#wake = undefined;
    }
    return undefined;
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return until((wake) => (timer = setTimeout(wake, ms)), signal).finally(() => clearTimeout(timer));
}

async function* watch(inbox: ApprovalsInbox, hints: InboxHintSource, limit: number, signal: AbortSignal | undefined): AsyncGenerator<PendingInterruptChange, void, undefined> {
  if (signal?.aborted === true) return;
  const backlog = new Backlog();
  // Subscribed before the first read, so a change committed while it runs is heard.
  const subscription = hints.subscribe((hint) => backlog.add(hint));
  try {
    await subscription.ready;
    const known: Known = new Map();
    const first = await readInbox(inbox, limit);
    for (const [threadId, records] of byThread(first.items)) diffThread(known, threadId, records);
    yield { type: "snapshot", items: first.items, truncated: first.truncated };
    let retryMs = RETRY_MS.first;
    for (let work = await backlog.take(signal); work !== undefined; work = await backlog.take(signal)) {
      let changes: PendingInterruptChange[];
      try {
        changes = work.kind === "thread" ? diffThread(known, work.threadId, await readThread(inbox, work.threadId)) : await resync(inbox, known, limit);
        retryMs = RETRY_MS.first;
      } catch {
        // The store is unreachable for now: the hint stays owed, and a whole re-read settles it.
        backlog.add({ kind: "resync" });
        await pause(retryMs, signal);
        retryMs = Math.min(retryMs * 2, RETRY_MS.max);
        continue;
      }
      for (const change of changes) yield change;
    }
  } finally {
    subscription.close();
  }
}

/**
 * Watches an approvals inbox: a `snapshot` first, then each change as it happens (see
 * {@link PendingInterruptChange}). `hints` only say where to look; the inbox is re-read every
 * time, so a lost or duplicated hint never makes the watch report something untrue. When the
 * store is unreachable, the watch retries (200 ms, doubling, up to 5 s) and then reports what
 * changed meanwhile.
 *
 * @param inbox - Where the truth is read (`listPendingInterrupts`).
 * @param hints - Where changes are heard of.
 * @param options - `signal` ends the watch; `snapshotLimit` (default 1000).
 * @returns An async iterator of changes; `break` or `signal` ends it and releases its resources.
 * @throws {HITLError} `INVALID_OPTIONS` for bad options (at once); the first read's errors
 * (e.g. `DATABASE_UNAVAILABLE`) from the first `next()`.
 * @example
 * ```ts
 * for await (const change of watchInbox(createRemoteInbox(remoteGraph), pollingHints(10_000), { signal })) {
 *   if (change.type === "raised") notifyReviewers(change.interrupt);
 * }
 * ```
 */
export function watchInbox(inbox: ApprovalsInbox, hints: InboxHintSource, options: WatchPendingInterruptsOptions = {}): AsyncGenerator<PendingInterruptChange, void, undefined> {
  const limit = checkOptions(options);
  return watch(inbox, hints, limit, options.signal);
}
