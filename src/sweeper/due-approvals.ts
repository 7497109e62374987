import { randomUUID } from "node:crypto";
import type { ApprovalsInbox } from "../inbox/types.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";

/** An approval past its deadline, leased to one sweeper. */
export interface DueApproval {
  threadId: string;
  interruptId: string;
  expiresAt: string;
  /** The store's handle for `release` (the lease's token). */
  ref: unknown;
}

/**
 * Hands each approval past its deadline to one sweeper at a time: a lease others skip until it
 * is released or lapses (its sweeper died), so replicas never expire the same approval twice.
 */
export interface DueApprovalLeases {
  /** Leases up to `limit` approvals whose deadline has passed, earliest deadline first, none leased by another sweeper. */
  lease(limit: number, leaseMs: number): Promise<DueApproval[]>;
  /** Ends a lease (the approval was expired, or someone else resolved it). */
  release(due: DueApproval): Promise<void>;
}

/** A checkpointer that leases its due approvals itself (the Postgres checkpointer, across replicas). */
export interface DueApprovalLeaseProvider {
  readonly dueApprovals: DueApprovalLeases;
}

const PAGE = 1_000;

function providesLeases(value: unknown): value is DueApprovalLeaseProvider {
  return typeof (value as Partial<DueApprovalLeaseProvider> | null | undefined)?.dueApprovals?.lease === "function";
}

/**
 * Leases over any inbox, kept in this process: each round reads the inbox page by page and picks
 * approvals strictly past their deadline (the node judges `now > expires_at`, so one picked here
 * is expired when it resumes). For the memory checkpointer (one process) and a remote inbox.
 */
class InProcessLeases implements DueApprovalLeases {
  readonly #inbox: ApprovalsInbox;
  /** `<thread>\u0000<interrupt>` → lease: its token and end. */
  readonly #leases = new Map<string, { token: string; until: number }>();

  constructor(inbox: ApprovalsInbox) {
    this.#inbox = inbox;
  }

  async lease(limit: number, leaseMs: number): Promise<DueApproval[]> {
    const now = Date.now();
    for (const [key, lease] of this.#leases) if (lease.until <= now) this.#leases.delete(key);
    const due: DueApproval[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.#inbox.listPendingInterrupts({ limit: PAGE, ...(cursor === undefined ? {} : { cursor }) });
      for (const item of page.items) {
        const deadline = item.expiresAt === undefined ? Number.NaN : Date.parse(item.expiresAt);
        const key = `${item.threadId}\u0000${item.interruptId}`;
        if (!(deadline < now) || !isToolApprovalInterrupt(item.payload) || this.#leases.has(key)) continue;
        due.push({ threadId: item.threadId, interruptId: item.interruptId, expiresAt: item.expiresAt!, ref: key });
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const picked = due.sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt)).slice(0, limit);
    for (const approval of picked) {
      const token = randomUUID();
      this.#leases.set(approval.ref as string, { token, until: now + leaseMs });
      approval.ref = { key: approval.ref, token };
    }
    return picked;
  }

  async release(due: DueApproval): Promise<void> {
    const { key, token } = due.ref as { key: string; token: string };
    if (this.#leases.get(key)?.token === token) this.#leases.delete(key);
  }
}

/** One registry per process (not per copy of this package), like the in-process claims. */
const REGISTRY = Symbol.for("langgraph-hitl/in-process-expiry-leases");

function registry(): WeakMap<object, DueApprovalLeases> {
  const holder = globalThis as { [REGISTRY]?: WeakMap<object, DueApprovalLeases> };
  holder[REGISTRY] ??= new WeakMap();
  return holder[REGISTRY];
}

/**
 * The leases of an inbox's due approvals: the store's own (Postgres: `SKIP LOCKED` on the due
 * rows and a lease table, across replicas), or leases kept in this process, shared by every
 * sweeper of the inbox in it.
 *
 * @example
 * ```ts
 * const [due] = await dueApprovalLeasesFor(checkpointer).lease(10, 60_000);
 * ```
 */
export function dueApprovalLeasesFor(inbox: ApprovalsInbox): DueApprovalLeases {
  if (providesLeases(inbox)) return inbox.dueApprovals;
  let leases = registry().get(inbox);
  if (leases === undefined) {
    leases = new InProcessLeases(inbox);
    registry().set(inbox, leases);
  }
  return leases;
}
