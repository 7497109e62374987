import type { RunnableConfig } from "@langchain/core/runnables";
import { MemorySaver, type Checkpoint, type CheckpointMetadata, type CheckpointTuple } from "@langchain/langgraph";
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { FastJsonPlusSerializer, takeLoadedTuple } from "../langgraph/index.js";
import type { HITLGraph } from "../host/graph-types.js";
import { claimStoreFor, type MemoryClaimStore } from "../claims/index.js";
import { memoryGrantStoreFor } from "../grants/index.js";
import { InboxHints, type PendingInterruptChange, type WatchPendingInterruptsOptions } from "./change-feed.js";
import { expireRows } from "./expire-pending.js";
import { changesForCheckpoint, changesForWrites } from "./inbox-changes.js";
import { INBOX_ROW_FEED, type InboxRowChange, type InboxRowFeed } from "./inbox-rows.js";
import { resolveListOptions } from "./list-options.js";
import { MemoryInbox } from "./memory-inbox.js";
import type { ApprovalsInbox, ExpiredInterrupt, ListPendingInterruptsOptions, PendingInterruptPage } from "./types.js";
import { watchInbox } from "./watch-inbox.js";

type PendingWrite = [string, unknown];

/**
 * LangGraph's `MemorySaver` plus an approvals inbox: it notices every interrupt and resume
 * LangGraph persists through it, so `listPendingInterrupts()` is right however the graph is
 * driven (raw `invoke`, `stream`, `resume()`). For tests, notebooks and single processes;
 * use `createPostgresCheckpointer` when several processes share the work.
 */
export class HITLMemorySaver extends MemorySaver implements ApprovalsInbox {
  readonly #inbox = new MemoryInbox();
  readonly #hints = new InboxHints();
  readonly #rowListeners = new Set<(change: InboxRowChange) => void>();

  /** The inbox row by row, for the notification outbox (see `startApprovalNotifier`). */
  readonly [INBOX_ROW_FEED]: InboxRowFeed = {
    subscribe: (listener) => {
      this.#rowListeners.add(listener);
      return () => void this.#rowListeners.delete(listener);
    },
    rows: () => this.#inbox.rows(),
  };

  /**
   * @param serde - How values are stored. Default: LangGraph's `JsonPlusSerializer` format, read
   * back without a promise per value (the same bytes and the same values; see `FastJsonPlusSerializer`).
   */
  constructor(serde: SerializerProtocol = new FastJsonPlusSerializer()) {
    super(serde);
  }

  /** LangGraph's `getTuple`; the run `resume()` starts is served the head `resume()` read under the thread's lease (once). */
  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return takeLoadedTuple(this, config) ?? super.getTuple(config);
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    const saved = await super.put(config, checkpoint, metadata);
    for (const change of changesForCheckpoint(saved)) this.#applied(change);
    return saved;
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    await super.putWrites(config, writes, taskId, taskPath);
    for (const change of changesForWrites(config, writes, taskId, new Date())) this.#applied(change);
  }

  #applied(change: Parameters<MemoryInbox["apply"]>[0]): void {
    this.#rowsChanged(this.#inbox.apply(change));
    this.#hints.notify(change.threadId);
  }

  /** Like a row trigger, in the same step as the write: a listener's failure must not fail LangGraph's write. */
  #rowsChanged(changes: readonly InboxRowChange[]): void {
    for (const change of changes) {
      for (const listener of this.#rowListeners) {
        try {
          listener(change);
        } catch {
          // A listener keeps its own state; the write it follows has happened either way.
        }
      }
    }
  }

  override async deleteThread(threadId: string): Promise<void> {
    await super.deleteThread(threadId);
    this.#rowsChanged(this.#inbox.deleteThread(threadId));
    this.#hints.notify(threadId);
    (claimStoreFor(this) as MemoryClaimStore).deleteThread(threadId);
    memoryGrantStoreFor(this).deleteThread(threadId);
  }

  /**
   * Pending human interrupts across threads, oldest first.
   *
   * @param options - `{ limit, cursor?, olderThan?, toolName?, threadId? }`.
   * @returns `{ items: [{ threadId, interruptId, payload, createdAt, expiresAt? }], nextCursor? }`.
   * @throws {HITLError} `INVALID_OPTIONS`.
   * @example
   * ```ts
   * const { items, nextCursor } = await saver.listPendingInterrupts({ limit: 50 });
   * ```
   */
  async listPendingInterrupts(options: ListPendingInterruptsOptions): Promise<PendingInterruptPage> {
    return this.#inbox.list(resolveListOptions(options));
  }

  /**
   * Watches this process's inbox: a `snapshot`, then every approval raised, resolved or expired
   * through this checkpointer, as it happens (see {@link PendingInterruptChange}).
   *
   * @param options - `{ signal?, snapshotLimit? }`; `signal` (or `break`) ends the watch.
   * @returns An async iterator of changes.
   * @throws {HITLError} `INVALID_OPTIONS`.
   * @example
   * ```ts
   * for await (const change of saver.watchPendingInterrupts({ signal })) console.log(change.type);
   * ```
   */
  watchPendingInterrupts(options: WatchPendingInterruptsOptions = {}): AsyncGenerator<PendingInterruptChange, void, undefined> {
    return watchInbox(this, this.#hints, options);
  }

  /**
   * Resolves every approval whose deadline has passed (for a cron job): its calls are rejected
   * as expired and nothing runs.
   *
   * @param graph - The graph the threads run on.
   * @returns The interrupts this call expired.
   */
  async expirePendingInterrupts(graph: HITLGraph): Promise<ExpiredInterrupt[]> {
    return expireRows(graph, this.#inbox.overdue(new Date().toISOString()));
  }
}

/**
 * An in-memory checkpointer with an approvals inbox — zero infrastructure, for tests,
 * notebooks and scripts.
 *
 * @example
 * ```ts
 * const checkpointer = createMemoryCheckpointer();
 * const graph = builder.compile({ checkpointer });
 * const { items } = await checkpointer.listPendingInterrupts({ limit: 20 });
 * ```
 */
export function createMemoryCheckpointer(): HITLMemorySaver {
  return new HITLMemorySaver();
}

/** @deprecated Use {@link HITLMemorySaver} (one casing for the HITL prefix). */
export const HitlMemorySaver = HITLMemorySaver;
/** @deprecated Use {@link HITLMemorySaver}. */
export type HitlMemorySaver = HITLMemorySaver;
