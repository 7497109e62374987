import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type pg from "pg";
import type { ThreadLockProvider } from "../host/thread-lock.js";
import { withMigrationsLock } from "./migrations-lock.js";
import { checkPool, resolvePostgresOptions, type PostgresCheckpointerOptions } from "./options.js";
import { withPostgresThreadLock } from "./thread-lock.js";

/**
 * LangGraph's `PostgresSaver`, made safe for several processes: `setup()` runs the migrations
 * under an advisory lock, and {@link HitlPostgresSaver.withThreadLock} serialises work on one
 * thread across processes (`resume()` uses it). Usually made by
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
export class HitlPostgresSaver extends PostgresSaver implements ThreadLockProvider {
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
    await withMigrationsLock(this.pgPool, this.schema, () => super.setup());
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
