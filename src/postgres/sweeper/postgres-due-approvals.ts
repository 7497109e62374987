import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { DueApproval, DueApprovalLeases } from "../../sweeper/index.js";
import { leaseDueSql, releaseDueSql } from "./due-approvals-sql.js";

/**
 * Due approvals leased in Postgres (migration 0010), so sweepers on every replica share the work
 * and each approval is expired by one of them.
 *
 * @example
 * ```ts
 * const due = await new PostgresDueApprovals(pool, "public").lease(100, 60_000);
 * ```
 */
export class PostgresDueApprovals implements DueApprovalLeases {
  readonly #pool: pg.Pool;
  readonly #schema: string;

  constructor(pool: pg.Pool, schema: string) {
    this.#pool = pool;
    this.#schema = schema;
  }

  async lease(limit: number, leaseMs: number): Promise<DueApproval[]> {
    const token = randomUUID();
    const { rows } = await this.#pool.query<{ thread_id: string; interrupt_id: string; expires_at: Date }>(leaseDueSql(this.#schema), [limit, token, leaseMs]);
    return rows.map((row) => ({ threadId: row.thread_id, interruptId: row.interrupt_id, expiresAt: row.expires_at.toISOString(), ref: token }));
  }

  async release(due: DueApproval): Promise<void> {
    await this.#pool.query(releaseDueSql(this.#schema), [due.threadId, due.interruptId, due.ref]);
  }
}
