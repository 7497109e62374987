import type pg from "pg";
import { encodeGrantCursor, type GrantDraft, type GrantPage, type GrantStatus, type GrantStore, type LiveGrantQuery, type ResolvedGrantQuery, type StandingGrant } from "../../grants/index.js";
import type { Reviewer } from "../../protocol/resume-envelope.js";
import { preparedQuery } from "../prepared-statement.js";
import { grantsTable } from "../tables.js";

interface GrantRow {
  record: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
  status: GrantStatus;
}

/** Every read names the status by the database's clock, so every replica agrees on what is live. */
const COLUMNS = `record, created_at, expires_at, revoked_at, revoked_by,
  CASE WHEN revoked_at IS NOT NULL THEN 'revoked' WHEN expires_at IS NOT NULL AND expires_at <= clock_timestamp() THEN 'expired' ELSE 'active' END AS status`;

function grantOf(row: GrantRow): StandingGrant {
  const draft = JSON.parse(row.record) as Omit<GrantDraft, "expiresInMs">;
  return {
    ...draft,
    createdAt: row.created_at.toISOString(),
    ...(row.expires_at === null ? {} : { expiresAt: row.expires_at.toISOString() }),
    ...(row.revoked_at === null ? {} : { revokedAt: row.revoked_at.toISOString() }),
    ...(row.revoked_by === null ? {} : { revokedBy: JSON.parse(row.revoked_by) as Reviewer }),
    status: row.status,
  };
}

/**
 * The statement part that inserts a judgment's grants after its claim: a CTE reading the claim
 * CTE `claim` (`judged_at`, `expired`), so the grants exist exactly when the claim was inserted
 * and had not expired — one statement, one commit. Times are cut to milliseconds, as a
 * JavaScript `Date` keeps them, so a listing's cursor compares exactly.
 *
 * @param table - The grants table.
 * @param first - The number of the first of the six parameters it uses.
 * @example
 * ```ts
 * `WITH claim AS (INSERT … RETURNING …), ${grantsInsertSql(table, 11)} SELECT … FROM claim`;
 * ```
 */
export function grantsInsertSql(table: string, first: number): string {
  const p = (offset: number) => `$${first + offset}`;
  return `granted AS (
    INSERT INTO ${table} (grant_id, tool_name, scope_name, scope_key, record, created_at, expires_at)
    SELECT g.id, g.tool, g.scope_name, g.scope_key, g.record, date_trunc('milliseconds', claim.judged_at),
           date_trunc('milliseconds', claim.judged_at + g.ms * interval '1 millisecond')
    FROM claim, unnest(${p(0)}::text[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::float8[]) AS g(id, tool, scope_name, scope_key, record, ms)
    WHERE NOT claim.expired)`;
}

/**
 * The six parameter values of {@link grantsInsertSql} for a judgment's drafts.
 *
 * @example
 * ```ts
 * await pool.query(sql, [...claimValues, ...grantsInsertValues(review.grants)]);
 * ```
 */
export function grantsInsertValues(drafts: readonly GrantDraft[]): unknown[] {
  const records = drafts.map(({ expiresInMs: _duration, ...draft }) => JSON.stringify(draft));
  return [
    drafts.map((draft) => draft.id),
    drafts.map((draft) => draft.toolName),
    drafts.map((draft) => draft.scope.name),
    drafts.map((draft) => draft.scope.key),
    records,
    drafts.map((draft) => draft.expiresInMs ?? null),
  ];
}

/**
 * Standing grants in Postgres, shared by every replica: a grant made through one replica applies
 * on every other from the next batch, a revocation stops it everywhere from the next batch. Each
 * operation is one statement; liveness is judged by the database's clock.
 *
 * @example
 * ```ts
 * const grants = new PostgresGrantStore(pool, "public");
 * ```
 */
export class PostgresGrantStore implements GrantStore {
  readonly #pool: pg.Pool;
  readonly #table: string;
  readonly #prepare: boolean;

  constructor(pool: pg.Pool, schema: string, options: { preparedStatements?: boolean } = {}) {
    this.#pool = pool;
    this.#table = grantsTable(schema);
    this.#prepare = options.preparedStatements ?? true;
  }

  // Every screened batch a grant may cover reads this: prepared once per connection unless `preparedStatements` is off.
  async liveGrants(query: LiveGrantQuery): Promise<StandingGrant[]> {
    const text = `SELECT ${COLUMNS} FROM ${this.#table}
       WHERE revoked_at IS NULL AND (expires_at IS NULL OR expires_at > clock_timestamp())
         AND (scope_name, scope_key) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND tool_name = ANY($3::text[])`;
    const { rows } = await this.#pool.query<GrantRow>(
      preparedQuery(text, [query.scopes.map((scope) => scope.name), query.scopes.map((scope) => scope.key), [...query.toolNames]], this.#prepare),
    );
    return rows.map(grantOf);
  }

  async list(query: ResolvedGrantQuery): Promise<GrantPage> {
    const conditions: string[] = [];
    const values: unknown[] = [];
    const where = (condition: (parameter: string) => string, value: unknown): void => {
      values.push(value);
      conditions.push(condition(`$${values.length}`));
    };
    if (query.scope !== undefined) where((p) => `scope_name = ${p}`, query.scope);
    if (query.scopeKey !== undefined) where((p) => `scope_key = ${p}`, query.scopeKey);
    if (query.toolName !== undefined) where((p) => `tool_name = ${p}`, query.toolName);
    if (!query.includeInactive) conditions.push("revoked_at IS NULL AND (expires_at IS NULL OR expires_at > clock_timestamp())");
    if (query.after !== undefined) {
      values.push(query.after.createdAt, query.after.id);
      conditions.push(`(created_at, grant_id) > ($${values.length - 1}::timestamptz, $${values.length})`);
    }
    values.push(query.limit + 1);
    const { rows } = await this.#pool.query<GrantRow>(
      `SELECT ${COLUMNS}, grant_id FROM ${this.#table} ${conditions.length === 0 ? "" : `WHERE ${conditions.join(" AND ")}`}
       ORDER BY created_at, grant_id LIMIT $${values.length}`,
      values,
    );
    const items = rows.slice(0, query.limit).map(grantOf);
    const last = items[items.length - 1];
    return rows.length > query.limit && last !== undefined ? { items, nextCursor: encodeGrantCursor(last) } : { items };
  }

  async revoke(grantId: string, revokedBy: Reviewer | undefined): Promise<StandingGrant | undefined> {
    const { rows } = await this.#pool.query<GrantRow>(
      `WITH revoked AS (
         UPDATE ${this.#table} SET revoked_at = date_trunc('milliseconds', clock_timestamp()), revoked_by = $2
         WHERE grant_id = $1 AND revoked_at IS NULL
         RETURNING *)
       SELECT ${COLUMNS} FROM revoked
       UNION ALL SELECT ${COLUMNS} FROM ${this.#table} WHERE grant_id = $1 AND NOT EXISTS (SELECT 1 FROM revoked)`,
      [grantId, revokedBy === undefined ? null : JSON.stringify(revokedBy)],
    );
    return rows[0] === undefined ? undefined : grantOf(rows[0]);
  }
}
