import { createHash } from "node:crypto";
import type pg from "pg";
import { HITLError } from "../errors/hitl-error.js";
import { withLockConnection } from "./connection-budget.js";
import { thrownText } from "../errors/thrown-text.js";

/** What a lock protects: its 64-bit key and, for the error message, what it is called. */
interface AdvisoryLock {
  /** A signed 64-bit integer, as a decimal string (see {@link advisoryLockKey}). */
  key: string;
  /** E.g. `thread "t1"`; used in error messages. */
  name: string;
  /** The thread the lock is for, when it is a thread lock (copied onto errors). */
  threadId?: string;
}

/**
 * The advisory lock key for `parts`: the first 8 bytes of their SHA-256 as a signed 64-bit
 * integer. Computed here rather than with `hashtext()` so it does not depend on the server's
 * version, and prefixed so it cannot meet another application's keys by accident.
 *
 * @example
 * ```ts
 * advisoryLockKey("thread", "public", "t1"); // "-3123893900551748243"
 * ```
 */
export function advisoryLockKey(...parts: string[]): string {
  const digest = createHash("sha256").update(["langgraph-hitl", ...parts].join("\u0000")).digest();
  return digest.readBigInt64BE(0).toString();
}

function unavailable(lock: AdvisoryLock, cause: unknown): HITLError {
  const reason = thrownText(cause);
  return new HITLError("DATABASE_UNAVAILABLE", `Could not take the Postgres lock for ${lock.name}: ${reason}`, {
    cause,
    ...(lock.threadId === undefined ? {} : { threadId: lock.threadId }),
  });
}

async function lockedClient(pool: pg.Pool, lock: AdvisoryLock): Promise<pg.PoolClient> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw unavailable(lock, error);
  }
  // A checked-out client has no 'error' listener; a connection dropped while we wait or work
  // would otherwise crash the process. The failing query reports it instead.
  client.on("error", ignore);
  try {
    await client.query("SELECT pg_advisory_lock($1::bigint)", [lock.key]);
    return client;
  } catch (error) {
    client.off("error", ignore);
    client.release(true);
    throw unavailable(lock, error);
  }
}

function ignore(): void {}

/**
 * Runs `work` while this process holds the session-level advisory lock `lock.key`, on a
 * connection of its own. Waiters queue in Postgres. The lock is released in every case: by
 * `pg_advisory_unlock` normally, and by closing the connection when unlocking fails — which is
 * also what Postgres does when the holding process dies.
 *
 * @param pool - The pool to borrow the lock's connection from.
 * @param lock - The key, and a name for error messages.
 * @param work - What to run under the lock; its result or error passes through.
 * @returns What `work` returned.
 * @throws {HITLError} `DATABASE_UNAVAILABLE` (with `cause`) when the lock cannot be taken.
 * @example
 * ```ts
 * await withAdvisoryLock(pool, { key: advisoryLockKey("migrations", "public"), name: "migrations" }, () => migrate());
 * ```
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, lock: AdvisoryLock, work: () => Promise<T>): Promise<T> {
  return withLockConnection(pool, async () => {
    const client = await lockedClient(pool, lock);
    try {
      return await work();
    } finally {
      // The work is done either way; if unlocking fails, closing the connection releases the lock.
      const unlocked = await client.query("SELECT pg_advisory_unlock($1::bigint)", [lock.key]).then(
        () => true,
        () => false,
      );
      client.off("error", ignore);
      client.release(unlocked ? undefined : true);
    }
  });
}
