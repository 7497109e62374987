import type pg from "pg";
import type { ContinuationLeases } from "../../host/continuation.js";
import { preparedQuery } from "../prepared-statement.js";
import { leasesTable } from "../tables.js";

/**
 * Continuation leases in Postgres, one row per thread, each operation one statement on a
 * connection borrowed for it alone: no connection is held while the run works. Leases are
 * judged by the database clock, so replicas' clocks never disagree.
 *
 * @example
 * ```ts
 * const leases = new PostgresContinuationLeases(pool, "public", { leaseMs: 30_000, busyWaitMs: 5_000 });
 * if (await leases.acquire("t1", token)) try { ... } finally { await leases.release("t1", token); }
 * ```
 */
export class PostgresContinuationLeases implements ContinuationLeases {
  readonly leaseMs: number;
  readonly busyWaitMs: number;
  readonly #pool: pg.Pool;
  readonly #prepare: boolean;
  readonly #table: string;

  constructor(pool: pg.Pool, schema: string, options: { leaseMs: number; busyWaitMs: number; preparedStatements?: boolean }) {
    this.#pool = pool;
    this.#prepare = options.preparedStatements ?? true;
    this.#table = leasesTable(schema);
    this.leaseMs = options.leaseMs;
    this.busyWaitMs = options.busyWaitMs;
  }

  /** One of the lease's fixed statements: prepared once per connection unless `preparedStatements` is off. */
  #query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    return this.#pool.query(preparedQuery(text, values, this.#prepare));
  }

  async acquire(threadId: string, token: string): Promise<boolean> {
    const { rowCount } = await this.#query(
      `INSERT INTO ${this.#table} AS l (thread_id, token, lease_until) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (thread_id) DO UPDATE SET token = EXCLUDED.token, lease_until = EXCLUDED.lease_until WHERE l.lease_until <= clock_timestamp()
       RETURNING 1`,
      [threadId, token, this.leaseMs],
    );
    return rowCount === 1;
  }

  async renew(threadId: string, token: string): Promise<boolean> {
    // Only a live lease is renewed: once it lapsed, writes under it were already refused.
    const { rowCount } = await this.#query(
      `UPDATE ${this.#table} SET lease_until = clock_timestamp() + $3 * interval '1 millisecond'
       WHERE thread_id = $1 AND token = $2 AND lease_until > clock_timestamp()`,
      [threadId, token, this.leaseMs],
    );
    return rowCount === 1;
  }

  async release(threadId: string, token: string): Promise<void> {
    await this.#query(`DELETE FROM ${this.#table} WHERE thread_id = $1 AND token = $2`, [threadId, token]);
  }
}
