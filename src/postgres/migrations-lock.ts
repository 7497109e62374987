import type pg from "pg";
import { advisoryLockKey, withAdvisoryLock } from "./advisory-lock.js";

/**
 * Runs `migrate` under the advisory lock of `schema`'s migrations. LangGraph's
 * `PostgresSaver.setup()` reads the current version and then applies what is missing; two
 * processes doing that at once both apply the same migrations and fail on duplicate keys.
 * Under the lock the second one finds nothing left to do.
 *
 * @param pool - The pool the migrations run on.
 * @param schema - The schema being migrated (each schema has its own lock).
 * @param migrate - The migration run, e.g. `() => super.setup()`.
 * @throws {HITLError} `DATABASE_UNAVAILABLE` when the lock cannot be taken.
 * @example
 * ```ts
 * await withMigrationsLock(pool, "public", () => saver.setup());
 * ```
 */
export async function withMigrationsLock(pool: pg.Pool, schema: string, migrate: () => Promise<void>): Promise<void> {
  await withAdvisoryLock(pool, { key: advisoryLockKey("migrations", schema), name: `the migrations of schema "${schema}"` }, migrate);
}
