/**
 * Two replicas on one database, for the overdue-behind-a-busy-thread scene
 * (tests/support/busy-thread-scene.ts).
 */
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../../src/postgres/index.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";

/**
 * A database with the reviewer's replica and the sweeping one. The sweeping replica would wait
 * ten minutes (`busyWaitMs`) for a thread another run holds: an expiry must not wait at all.
 */
export interface TwoReplicas {
  db: TestDatabase;
  reviewing: HITLPostgresSaver;
  sweeping: HITLPostgresSaver;
  end(): Promise<void>;
}

/**
 * @example
 * ```ts
 * const replicas = await twoReplicas();
 * await replicas.end();
 * ```
 */
export async function twoReplicas(): Promise<TwoReplicas> {
  const db = await createTestDatabase();
  const reviewing = await createPostgresCheckpointer(db.url);
  const sweeping = await createPostgresCheckpointer(db.url, { busyWaitMs: 600_000 });
  return {
    db,
    reviewing,
    sweeping,
    async end() {
      await reviewing.end();
      await sweeping.end();
      await db.drop();
    },
  };
}
