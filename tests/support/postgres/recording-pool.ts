import pg from "pg";

/**
 * A pool that remembers the first argument of every `query` made on it (a text, or a config
 * object with its `name` and `types`) — what a saver handed the pool, before pg sees it.
 *
 * @example
 * ```ts
 * const pool = new RecordingPool({ connectionString });
 * await pool.query("SELECT 1");
 * pool.queries; // ["SELECT 1"]
 * ```
 */
export class RecordingPool extends pg.Pool {
  readonly queries: unknown[] = [];
  override query(...args: unknown[]): never {
    this.queries.push(args[0]);
    return (super.query as (...given: unknown[]) => never)(...args);
  }
}
