import type pg from "pg";
import { withInProcessThreadLock } from "../host/thread-lock.js";
import { advisoryLockKey, withAdvisoryLock } from "./advisory-lock.js";

/**
 * Runs `work` while holding `threadId`'s lock across every process that uses `schema` on this
 * database. Callers of this process queue in memory first, so a burst of resumes of one thread
 * holds one connection, not one each. Not re-entrant: do not take the same thread's lock from
 * inside `work`.
 *
 * @param pool - The pool to borrow the lock's connection from.
 * @param scope - The saver; in-process queues are per saver.
 * @param schema - The checkpointer's schema: thread ids of different schemas are different threads.
 * @param threadId - The thread to lock.
 * @param work - What to run under the lock.
 * @returns What `work` returned.
 * @throws {HITLError} `DATABASE_UNAVAILABLE` when the lock cannot be taken.
 * @example
 * ```ts
 * await withPostgresThreadLock(pool, saver, "public", "t1", () => resumeIt());
 * ```
 */
export async function withPostgresThreadLock<T>(pool: pg.Pool, scope: object, schema: string, threadId: string, work: () => Promise<T>): Promise<T> {
  const lock = { key: advisoryLockKey("thread", schema, threadId), name: `thread "${threadId}"`, threadId };
  return withInProcessThreadLock(scope, threadId, () => withAdvisoryLock(pool, lock, work));
}
