import type { RunnableConfig } from "@langchain/core/runnables";
import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";

/** LangGraph's channel versions, as PostgresSaver takes them. */
type ChannelVersions = Parameters<PostgresSaver["put"]>[3];
import type pg from "pg";
import type { HitlGraph } from "../host/graph-types.js";
import type { ThreadLockProvider } from "../host/thread-lock.js";
import { expireRows } from "../inbox/expire-pending.js";
import { changesForWrites } from "../inbox/inbox-changes.js";
import { resolveListOptions } from "../inbox/list-options.js";
import type { ApprovalsInbox, ExpiredInterrupt, ListPendingInterruptsOptions, PendingInterruptPage } from "../inbox/types.js";
import { compressBlob, InflatingSerializer } from "./blob-compression.js";
import { checkpointSteps, inboxSteps, writesStep, type WriteRow } from "./checkpoint-writes.js";
import { migrateInbox } from "./inbox/inbox-migrations.js";
import { Statement } from "./statement.js";
import { deletePending, listPending, overduePending } from "./inbox/inbox-queries.js";
import { withMigrationsLock } from "./migrations-lock.js";
import { checkPool, resolvePostgresOptions, type PostgresCheckpointerOptions } from "./options.js";
import { withPostgresThreadLock } from "./thread-lock.js";

/**
 * LangGraph's `PostgresSaver`, made safe for several processes: `setup()` runs the migrations
 * under an advisory lock, {@link HitlPostgresSaver.withThreadLock} serialises work on one
 * thread across processes (`resume()` uses it), and an approvals inbox lists every pending
 * human interrupt across threads (kept by triggers on LangGraph's own tables). Usually made by
 * {@link createPostgresCheckpointer}, which also runs `setup()`.
 *
 * `end()` closes the pool — also a pool you passed in.
 *
 * @example
 * ```ts
 * const saver = new HitlPostgresSaver(new pg.Pool({ connectionString: process.env.DATABASE_URL }), { schema: "agents" });
 * await saver.setup(); // safe when every replica does it at boot
 * const graph = builder.compile({ checkpointer: saver });
 * ```
 */
export class HitlPostgresSaver extends PostgresSaver implements ThreadLockProvider, ApprovalsInbox {
  /** The schema of the checkpoint tables. */
  readonly schema: string;
  /** The pool the saver (and its locks) use; `PostgresSaver` keeps its own reference private. */
  protected readonly pgPool: pg.Pool;

  /**
   * @param pool - A `pg.Pool` allowing at least 2 connections (a lock holds one, the work under it needs another).
   * @param options - `schema` (Default: `"public"`).
   * @throws {HITLError} `INVALID_OPTIONS` for a bad pool or options.
   */
  constructor(pool: pg.Pool, options: PostgresCheckpointerOptions = {}) {
    checkPool(pool);
    const { schema } = resolvePostgresOptions(options);
    super(pool, undefined, { schema });
    this.schema = schema;
    this.pgPool = pool;
    this.serde = new InflatingSerializer(this.serde);
  }

  /** Channel values are stored deflated when that makes them smaller (see `compressBlob`). */
  protected override async _dumpBlobs(
    threadId: string,
    checkpointNs: string,
    values: Record<string, unknown>,
    versions: ChannelVersions,
  ): Promise<[string, string, string, string, string, Uint8Array | undefined][]> {
    const rows = await super._dumpBlobs(threadId, checkpointNs, values, versions);
    return rows.map(([thread, namespace, channel, version, type, bytes]) => [thread, namespace, channel, version, ...compressBlob(type, bytes)]);
  }

  /**
   * A checkpoint and its new channel blobs (deflated when that makes them smaller), written with
   * `PostgresSaver.put`'s rules in a single statement: one round trip instead of one per row plus
   * BEGIN and COMMIT.
   */
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error(`Missing "configurable" field in "config" param`);
    const { thread_id: threadId, checkpoint_ns: namespace = "", checkpoint_id: parentId } = config.configurable as Record<string, string | undefined>;
    const [blobs, storedMetadata] = await Promise.all([
      this._dumpBlobs(threadId as string, namespace, checkpoint.channel_values, newVersions),
      this._dumpMetadata(metadata),
    ]);
    const statement = new Statement();
    checkpointSteps(statement, this.schema, blobs, [threadId, namespace, checkpoint.id, parentId, this._dumpCheckpoint(checkpoint), storedMetadata]);
    await this.pgPool.query(statement.text, statement.values);
    return { configurable: { thread_id: threadId, checkpoint_ns: namespace, checkpoint_id: checkpoint.id } };
  }

  /**
   * LangGraph's writes (deflated when that makes them smaller) and the approvals inbox, in a
   * single statement: an interrupt write lists the task's interrupts, a result write removes them.
   */
  override async putWrites(config: RunnableConfig, writes: Array<[string, unknown]>, taskId: string): Promise<void> {
    // Passed through as given: a missing id must fail on the NOT NULL columns, as in PostgresSaver.
    const configurable = (config.configurable ?? {}) as Record<string, string>;
    const dumped = await this._dumpWrites(configurable["thread_id"]!, configurable["checkpoint_ns"]!, configurable["checkpoint_id"]!, taskId, writes);
    const rows = dumped.map(([thread, namespace, checkpoint, task, idx, channel, type, bytes]): WriteRow => {
      const [storedType, storedBytes] = compressBlob(type, bytes);
      return [thread, namespace, checkpoint, task, idx, channel, storedType, storedBytes ?? bytes];
    });
    const statement = new Statement();
    writesStep(statement, this.schema, writes.map(([channel]) => channel), rows);
    inboxSteps(statement, this.schema, changesForWrites(config, writes, taskId, new Date()));
    if (rows.length > 0) await this.pgPool.query(statement.text, statement.values);
  }

  /**
   * Creates the schema and tables and applies missing migrations, under an advisory lock so
   * that processes starting together apply each migration once. Safe to call again.
   *
   * @throws {HITLError} `DATABASE_UNAVAILABLE` when the database cannot be reached.
   * @example
   * ```ts
   * await saver.setup();
   * ```
   */
  override async setup(): Promise<void> {
    await withMigrationsLock(this.pgPool, this.schema, async () => {
      await super.setup();
      await migrateInbox(this.pgPool, this.schema);
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
   * resumed under its thread lock and its calls are rejected as expired; nothing runs.
   *
   * @param graph - The graph the threads run on.
   * @param now - The current time. Default: now.
   * @returns The interrupts this call expired.
   * @example
   * ```ts
   * setInterval(() => void saver.expirePendingInterrupts(graph), 60_000);
   * ```
   */
  async expirePendingInterrupts(graph: HitlGraph, now: Date = new Date()): Promise<ExpiredInterrupt[]> {
    const expired: ExpiredInterrupt[] = [];
    for (;;) {
      const batch = await overduePending(this.pgPool, this.schema, now, 500, this.#decodeInterrupts);
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
  async readPendingWrites(threadId: string): Promise<Array<[string, string, unknown]>> {
    const { rows } = await this.pgPool.query<{ task_id: string; channel: string; type: string; blob: Buffer }>(
      `SELECT task_id, channel, type, blob FROM "${this.schema}".checkpoint_writes
       WHERE thread_id = $1 AND checkpoint_ns = '' AND checkpoint_id = (
         SELECT checkpoint_id FROM "${this.schema}".checkpoints WHERE thread_id = $1 AND checkpoint_ns = '' ORDER BY checkpoint_id DESC LIMIT 1)
       ORDER BY task_id, idx`,
      [threadId],
    );
    return Promise.all(
      rows.map(async (row): Promise<[string, string, unknown]> => [
        row.task_id,
        row.channel,
        row.channel === "__interrupt__" || row.channel === "__resume__" ? await this.serde.loadsTyped(row.type, row.blob) : undefined,
      ]),
    );
  }

  /** Reads an interrupt write back (it may be stored deflated). */
  readonly #decodeInterrupts = (type: string, blob: Uint8Array): Promise<unknown> => this.serde.loadsTyped(type, blob);

  /** Deletes a thread's checkpoints and its inbox entries. */
  override async deleteThread(threadId: string): Promise<void> {
    await super.deleteThread(threadId);
    await deletePending(this.pgPool, this.schema, threadId);
  }

  /**
   * Runs `work` while holding the lock of `threadId`, across every process using this database
   * and schema (a Postgres advisory lock on a connection of its own). If the holding process
   * dies, its connection closes and Postgres releases the lock. `resume()` calls this for you.
   * Not re-entrant: inside `work`, do not call `resume()` or lock the same thread again.
   *
   * @param threadId - The thread to lock.
   * @param work - What to run under the lock; its result or error passes through.
   * @returns What `work` returned.
   * @throws {HITLError} `DATABASE_UNAVAILABLE` (with `cause`) when the lock cannot be taken.
   * @example
   * ```ts
   * // A custom action on a paused thread that must not race a reviewer's resume():
   * await saver.withThreadLock("t1", () => graph.updateState(config, { messages: [note] }));
   * ```
   */
  async withThreadLock<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    return withPostgresThreadLock(this.pgPool, this, this.schema, threadId, work);
  }
}
