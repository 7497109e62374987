import type { RunnableConfig } from "@langchain/core/runnables";
import type { ChannelVersions, Checkpoint, CheckpointMetadata, CheckpointTuple, PendingWrite as LangGraphPendingWrite } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type pg from "pg";
import type { ClaimStore, ClaimStoreProvider } from "../claims/index.js";
import type { GrantStore, GrantStoreProvider } from "../grants/index.js";
import type { ContinuationLeaseProvider, ContinuationLeases } from "../host/continuation.js";
import type { HitlGraph } from "../host/graph-types.js";
import { expireRows } from "../inbox/expire-pending.js";
import { resolveListOptions } from "../inbox/list-options.js";
import type { ApprovalsInbox, ExpiredInterrupt, ListPendingInterruptsOptions, PendingInterruptPage } from "../inbox/types.js";
import {
  continuationTokenOf,
  continuesHead,
  INTERRUPT_CHANNEL,
  interruptsOfTask,
  isContinuation,
  markLoad,
  RESUME_CHANNEL,
  takeLoadedTuple,
  type LatestPendingWrites,
  type PendingWrite,
  type StoredInterrupt,
} from "../langgraph/index.js";
import { FastJsonPlusSerializer, latestRootWritesSql, stockCheckpointRows, stockWriteRows, taskInterruptWritesSql } from "../langgraph/index.js";
import { PostgresClaimStore } from "./claims/postgres-claim-store.js";
import { PostgresGrantStore } from "./grants/postgres-grant-store.js";
import { fencedPut, fencedPutWrites } from "./continuation/fenced-writes.js";
import { preparedQuery } from "./prepared-statement.js";
import { langGraphSaverPool } from "./saver-pool.js";
import { PostgresContinuationLeases } from "./continuation/postgres-leases.js";
import { listPending, overduePending } from "./inbox/inbox-queries.js";
import { PostgresInboxNotifications } from "./inbox/inbox-notifications.js";
import { watchInbox } from "../inbox/watch-inbox.js";
import type { PendingInterruptChange, WatchPendingInterruptsOptions } from "../inbox/change-feed.js";
import { applyMigrations, ensureAttachments, ensureTriggerSettings, MIGRATIONS } from "./migrations/index.js";
import { withMigrationsLock } from "./migrations-lock.js";
import { checkPool, resolvePostgresOptions, type PostgresCheckpointerOptions } from "./options.js";
import { deleteThreadAtomically } from "./delete-thread.js";
import { pruneResolved, type PruneResolvedResult } from "./retention/prune-resolved.js";
import { resolvePruneOptions, type PruneResolvedOptions } from "./retention/prune-options.js";
import { checkInterruptEncoding, INBOX_READABLE_TYPE, unsupportedSerializer } from "./serializer-check.js";
import type { NotificationOutbox, NotificationOutboxProvider } from "../notify/index.js";
import type { DueApprovalLeaseProvider, DueApprovalLeases } from "../sweeper/index.js";
import { PostgresNotificationOutbox } from "./notify/postgres-outbox.js";
import { PostgresDueApprovals } from "./sweeper/postgres-due-approvals.js";

/**
 * LangGraph's `PostgresSaver`, unchanged in what it writes (every row is exactly what the stock
 * saver writes, so any LangGraph saver reads the database), plus what several processes need:
 * `setup()` runs migrations under an advisory lock; an approvals inbox lists every pending human
 * interrupt across threads (kept by triggers on LangGraph's tables, atomic with its writes); and
 * claims make each reviewed batch run exactly once across replicas; checkpoint writes are fenced
 * so a thread's history has one continuation (see {@link HITLPostgresSaver.put}); and
 * {@link HITLPostgresSaver.pruneResolved} deletes what finished batches left behind. Usually made
 * by {@link createPostgresCheckpointer}, which also runs `setup()`.
 *
 * `end()` closes the pool — also a pool you passed in.
 *
 * @example
 * ```ts
 * const saver = new HITLPostgresSaver(new pg.Pool({ connectionString: process.env.DATABASE_URL }), { schema: "agents" });
 * await saver.setup(); // safe when every replica does it at boot
 * const graph = builder.compile({ checkpointer: saver });
 * ```
 */
export class HITLPostgresSaver
  extends PostgresSaver
  implements ApprovalsInbox, ClaimStoreProvider, GrantStoreProvider, ContinuationLeaseProvider, NotificationOutboxProvider, DueApprovalLeaseProvider
{
  /** The schema of the checkpoint tables. */
  readonly schema: string;
  /** The pool the saver uses; `PostgresSaver` keeps its own reference private. */
  protected readonly pgPool: pg.Pool;
  /** Where reviewed batches are claimed (see the README's "Exactly once"). */
  readonly claimStore: ClaimStore;
  /** Where standing grants live, shared by every replica (see the README's "Standing grants"). */
  readonly grantStore: GrantStore;
  /** Which run may continue each thread (see `withThreadContinuation`). */
  readonly continuationLeases: ContinuationLeases;
  /** The `LISTEN` connection watches share (see {@link HITLPostgresSaver.watchPendingInterrupts}). */
  readonly inboxNotifications: PostgresInboxNotifications;
  /** Which sweeper expires each due approval (see `startExpirySweeper`). */
  readonly dueApprovals: DueApprovalLeases;
  /** Whether the statements a run repeats go as named prepared statements (the `preparedStatements` option). */
  readonly #preparedStatements: boolean;

  /**
   * @param pool - A `pg.Pool` allowing at least 2 connections.
   * @param options - `schema` (Default: `"public"`), `claimLeaseMs`, `busyWaitMs`, `serde` (Default: LangGraph's
   * JsonPlusSerializer format, read back without a promise per value; one that stores interrupt values as JSON, checked by `setup()`),
   * `preparedStatements` (Default: `true`; `false` behind a pooler that cannot keep prepared statements).
   * @throws {HITLError} `INVALID_OPTIONS` for a bad pool or options.
   */
  constructor(pool: pg.Pool, options: PostgresCheckpointerOptions = {}) {
    checkPool(pool);
    const resolved = resolvePostgresOptions(options);
    // LangGraph's reads get a linear bytea[] parser and its checkpoint load a prepared statement (see langGraphSaverPool); every row is the same.
    super(langGraphSaverPool(pool, { prepareTupleReads: resolved.preparedStatements }), resolved.serde ?? new FastJsonPlusSerializer(), { schema: resolved.schema });
    this.schema = resolved.schema;
    this.#preparedStatements = resolved.preparedStatements;
    this.pgPool = pool;
    this.claimStore = new PostgresClaimStore(pool, resolved.schema, this.serde, resolved);
    this.grantStore = new PostgresGrantStore(pool, resolved.schema, resolved);
    this.continuationLeases = new PostgresContinuationLeases(pool, resolved.schema, resolved);
    this.inboxNotifications = new PostgresInboxNotifications(pool, resolved.schema);
    this.dueApprovals = new PostgresDueApprovals(pool, resolved.schema);
  }

  /**
   * The durable outbox of a notification channel (see `startApprovalNotifier`): its events are
   * written by the inbox trigger in the pause's own transaction once the channel is registered.
   *
   * @param channel - The channel's name.
   * @example
   * ```ts
   * const deadLetters = await saver.notificationOutbox("default").deadLetters(20);
   * ```
   */
  notificationOutbox(channel: string): NotificationOutbox {
    return new PostgresNotificationOutbox(this.pgPool, this.schema, channel, this.#decodeInterrupts, this.inboxNotifications);
  }

  /**
   * Watches the inbox across every replica on this database and schema: a `snapshot`, then each
   * approval raised, resolved or expired, as its transaction commits (`LISTEN`/`NOTIFY`; one
   * connection per saver, outside the pool, shared by all its watches; see the README's "Streaming").
   *
   * @param options - `{ signal?, snapshotLimit? }`; `signal`, `break` or `end()` ends the watch.
   * @returns An async iterator of changes.
   * @throws {HITLError} `INVALID_OPTIONS`; the first read's `DATABASE_UNAVAILABLE`.
   * @example
   * ```ts
   * for await (const change of saver.watchPendingInterrupts({ signal })) console.log(change.type);
   * ```
   */
  watchPendingInterrupts(options: WatchPendingInterruptsOptions = {}): AsyncGenerator<PendingInterruptChange, void, undefined> {
    return watchInbox(this, this.inboxNotifications, options);
  }

  /** Ends every watch and its `LISTEN` connection, then closes the pool (also a pool you passed in). */
  override async end(): Promise<void> {
    await this.inboxNotifications.close();
    return super.end();
  }

  /**
   * LangGraph's `getTuple`. A tuple loaded as the thread's head (no `checkpoint_id` asked for)
   * carries a mark LangGraph hands back to {@link HITLPostgresSaver.put}, which thereby knows the
   * run continues the head rather than travelling back in time. The run `resume()` starts is
   * served the head `resume()` read under the thread's lease instead of reading it again (only
   * that run, once, for that thread's root head: see `takeLoadedTuple`).
   *
   * @example
   * ```ts
   * const tuple = await saver.getTuple({ configurable: { thread_id: "t1" } });
   * ```
   */
  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return takeLoadedTuple(this, config) ?? markLoad(await super.getTuple(config), config);
  }

  /**
   * Saves a checkpoint, writing exactly the rows LangGraph's `PostgresSaver` writes — its blobs
   * and the checkpoint in ONE statement (the stock saver sends BEGIN, one per blob, the
   * checkpoint, COMMIT) — fenced in that same statement: refused with `THREAD_BUSY` when its run
   * carries a continuation token that no longer holds the thread's lease, or carries none while
   * another run holds it; refused with
   * `INTERRUPT_ALREADY_RESOLVED` when its run continues the head and the parent already has a
   * `loop`/`input` child (a concurrent continuation). Time travel (`fork`, `update`, runs
   * addressed to an older checkpoint) is not refused.
   *
   * @throws {HITLError} `THREAD_BUSY`, `INTERRUPT_ALREADY_RESOLVED`.
   * @example
   * ```ts
   * await saver.put(config, checkpoint, { source: "loop", step: 2, parents: {} }, newVersions);
   * ```
   */
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error(`Missing "configurable" field in "config" param`);
    const { thread_id: threadId, checkpoint_ns: namespace = "", checkpoint_id: parentId } = config.configurable as Record<string, string | undefined>;
    const rows = await stockCheckpointRows(this, threadId!, namespace, checkpoint, metadata, newVersions);
    const fence = { token: continuationTokenOf(config), continues: isContinuation(config, metadata), checked: continuesHead(config, metadata) };
    await fencedPut(this.pgPool, this.schema, { threadId: threadId!, namespace, checkpointId: checkpoint.id, parentId, ...fence }, rows, this.#preparedStatements);
    return { configurable: { thread_id: threadId, checkpoint_ns: namespace, checkpoint_id: checkpoint.id } };
  }

  /**
   * Saves a task's pending writes as LangGraph's `PostgresSaver` does, in one statement fenced
   * by the same lease check as {@link HITLPostgresSaver.put} (the stock saver sends BEGIN, one
   * per write, COMMIT).
   *
   * @throws {HITLError} `THREAD_BUSY`; `INVALID_OPTIONS` for an interrupt write the serializer did
   * not store as JSON (the inbox could not list it).
   * @example
   * ```ts
   * await saver.putWrites(config, [["messages", message]], taskId);
   * ```
   */
  override async putWrites(config: RunnableConfig, writes: LangGraphPendingWrite[], taskId: string): Promise<void> {
    const { thread_id: threadId, checkpoint_ns: namespace, checkpoint_id: checkpointId } = (config.configurable ?? {}) as Record<string, string>;
    const rows = await stockWriteRows(this, threadId!, namespace!, checkpointId!, taskId, writes);
    // The inbox trigger reads interrupt writes as JSON only: refuse one it would silently skip.
    const unreadable = rows.rows.find((row) => row[5] === INTERRUPT_CHANNEL && row[6] !== INBOX_READABLE_TYPE);
    if (unreadable !== undefined) throw unsupportedSerializer(this.serde, unreadable[6]);
    await fencedPutWrites(this.pgPool, this.schema, continuationTokenOf(config), rows, this.#preparedStatements);
  }

  /**
   * Creates the schema and tables and applies missing migrations, under an advisory lock so
   * that processes starting together apply each migration once; re-attaches the inbox
   * triggers to LangGraph's tables if they went missing, and gives their functions back the
   * settings they must run with. Safe to call again. First checks that the serializer stores
   * interrupt values as JSON (the inbox reads nothing else).
   *
   * @throws {HITLError} `DATABASE_UNAVAILABLE` when the database cannot be reached; `INVALID_OPTIONS`
   * for a serializer whose interrupt writes the inbox could not read.
   * @example
   * ```ts
   * await saver.setup();
   * ```
   */
  override async setup(): Promise<void> {
    await checkInterruptEncoding(this.serde);
    await withMigrationsLock(this.pgPool, this.schema, async () => {
      await super.setup();
      await applyMigrations(this.pgPool, this.schema, MIGRATIONS);
      await ensureAttachments(this.pgPool, this.schema);
      await ensureTriggerSettings(this.pgPool, this.schema);
    });
  }

  /**
   * Pending human interrupts across threads, oldest first — for a backend's approvals inbox.
   * Answers from an index, so it stays fast with many paused threads.
   *
   * @param options - `{ limit, cursor?, olderThan?, toolName?, threadId? }`.
   * @returns `{ items: [{ threadId, interruptId, payload, createdAt, expiresAt? }], nextCursor? }`.
   * @throws {HITLError} `INVALID_OPTIONS`.
   * @example
   * ```ts
   * const { items, nextCursor } = await saver.listPendingInterrupts({ limit: 50, toolName: "deploy" });
   * ```
   */
  async listPendingInterrupts(options: ListPendingInterruptsOptions): Promise<PendingInterruptPage> {
    return listPending(this.pgPool, this.schema, resolveListOptions(options), this.#decodeInterrupts);
  }

  /**
   * Resolves every approval whose deadline has passed (for a cron job on any replica): each is
   * resumed and the node rejects its calls as expired; nothing runs.
   *
   * @param graph - The graph the threads run on.
   * @returns The interrupts this call expired.
   * @example
   * ```ts
   * setInterval(() => void saver.expirePendingInterrupts(graph), 60_000);
   * ```
   */
  async expirePendingInterrupts(graph: HitlGraph): Promise<ExpiredInterrupt[]> {
    const expired: ExpiredInterrupt[] = [];
    for (;;) {
      const batch = await overduePending(this.pgPool, this.schema, new Date(), 500, this.#decodeInterrupts);
      const done = await expireRows(graph, batch);
      expired.push(...done);
      if (batch.length < 500 || done.length === 0) return expired;
    }
  }

  /**
   * The pending writes of a thread's latest root checkpoint, without loading its channel values
   * (`resume()` needs only these, whatever the length of the conversation). Only interrupt and
   * resume values are decoded; for other writes the channel name is all that matters.
   */
  async readPendingWrites(threadId: string): Promise<LatestPendingWrites> {
    const { rows } = await this.pgPool.query<{ checkpoint_id: string; task_id: string; channel: string; type: string; blob: Buffer }>(preparedQuery(latestRootWritesSql(this.schema), [threadId], this.#preparedStatements));
    const writes = await Promise.all(
      rows.map(async (row): Promise<PendingWrite> => [
        row.task_id,
        row.channel,
        row.channel === INTERRUPT_CHANNEL || row.channel === RESUME_CHANNEL ? await this.serde.loadsTyped(row.type, row.blob) : undefined,
      ]),
    );
    return { checkpointId: rows[0]?.checkpoint_id, writes };
  }

  /** One task's stored interrupts (id and value) in one checkpoint — what the node checks decisions against — without loading the checkpoint. */
  async readStoredTaskInterrupts(threadId: string, namespace: string, checkpointId: string, taskId: string): Promise<StoredInterrupt[]> {
    const { rows } = await this.pgPool.query<{ type: string; blob: Buffer }>(preparedQuery(taskInterruptWritesSql(this.schema), [threadId, namespace, checkpointId, taskId], this.#preparedStatements));
    const writes = await Promise.all(rows.map(async (row): Promise<PendingWrite> => [taskId, INTERRUPT_CHANNEL, await this.serde.loadsTyped(row.type, row.blob)]));
    return interruptsOfTask(writes, taskId);
  }

  readonly #decodeInterrupts = (type: string, blob: Uint8Array): Promise<unknown> => this.serde.loadsTyped(type, blob);

  /**
   * Deletes a thread — LangGraph's rows (what the stock `deleteThread` deletes), its inbox
   * entries, claims, call results, continuation records, lease and thread-scoped grants (grants
   * of the host's scopes made on it stay) — in one statement, so it is
   * atomic: if anything fails, everything stays. An id with the NUL character names no thread
   * (Postgres text cannot hold it): there is nothing to delete.
   *
   * @example
   * ```ts
   * await saver.deleteThread("t1");
   * ```
   */
  override async deleteThread(threadId: string): Promise<void> {
    if (String(threadId).includes("\u0000")) return;
    await deleteThreadAtomically(this.pgPool, this.schema, threadId);
  }

  /**
   * Deletes what this library keeps per resumed batch once nothing can need it any more, for a
   * cron job on any replica (safe while others run): claims of batches that are finished for
   * LangGraph (the task's result is stored, its graph moved on, no execution holds the claim)
   * with their calls' results, continuation records, and leases left by runs that died. Rows
   * of a thread a run is continuing right now, paused or running batches, and everything
   * written after `olderThan` are kept. Each call deletes at most `limit` rows of each kind,
   * oldest first; call again while `more`. LangGraph's own checkpoints are not touched.
   *
   * @param options - `olderThan` (a `Date` or ISO string, at least one hour ago), `limit` (Default: 1000).
   * @returns How many rows of each kind were deleted, and whether more are due.
   * @throws {HITLError} `INVALID_OPTIONS`.
   * @example
   * ```ts
   * const week = new Date(Date.now() - 7 * 86_400_000);
   * while ((await saver.pruneResolved({ olderThan: week })).more);
   * ```
   */
  async pruneResolved(options: PruneResolvedOptions): Promise<PruneResolvedResult> {
    return pruneResolved(this.pgPool, this.schema, resolvePruneOptions(options, Date.now()));
  }
}

/** @deprecated Use {@link HITLPostgresSaver} (one casing for the HITL prefix). */
export const HitlPostgresSaver = HITLPostgresSaver;
/** @deprecated Use {@link HITLPostgresSaver}. */
export type HitlPostgresSaver = HITLPostgresSaver;
