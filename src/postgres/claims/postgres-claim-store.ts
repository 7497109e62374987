import type pg from "pg";
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { callResultFromStored, storableCallResult, type CallResult, type ClaimedReview, type ClaimKey, type ClaimRecord, type ClaimStore, type ProposedReview } from "../../claims/index.js";
import { packedBlobParams } from "../../langgraph/index.js";
import { grantsInsertSql, grantsInsertValues } from "../grants/postgres-grant-store.js";
import { preparedQuery } from "../prepared-statement.js";
import { claimsTable, grantsTable, resultsTable } from "../tables.js";

interface ClaimRow {
  attempt: string;
  owner: string;
  review: string;
  state: "running" | "released";
  lease_expired: boolean;
  expired: boolean | null;
  judged_at: Date | null;
}

const COLUMNS = "attempt, owner, review, state, lease_until <= clock_timestamp() AS lease_expired, expired, judged_at";

/**
 * The review is stored as the node wrote it (text, not jsonb: an edit's arguments come back
 * byte for byte); the deadline verdict the database judged lives in its own columns.
 */
function toRecord(row: ClaimRow): ClaimRecord {
  const stored = JSON.parse(row.review) as ClaimedReview;
  const review: ClaimedReview =
    row.expired === null ? stored : { ...stored, expired: row.expired, judgedAt: (row.judged_at ?? new Date()).toISOString(), clock: "database" };
  return { attempt: row.attempt, interruptId: review.interruptId, owner: row.owner, review, state: row.state, leaseExpired: row.lease_expired };
}

function keyValues(key: ClaimKey): string[] {
  return [key.threadId, key.namespace, key.checkpointId];
}

const KEY = "thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3";

/**
 * Claims in Postgres, shared by every replica. Each operation is one statement (one commit),
 * and leases are judged by the database's clock, so replicas' clocks never disagree. No
 * connection is held between statements: a dropped connection loses nothing.
 *
 * @example
 * ```ts
 * const store = new PostgresClaimStore(pool, "public", serde, { leaseMs: 30_000, busyWaitMs: 5_000 });
 * ```
 */
export class PostgresClaimStore implements ClaimStore {
  readonly leaseMs: number;
  readonly busyWaitMs: number;
  readonly #pool: pg.Pool;
  readonly #claims: string;
  readonly #results: string;
  readonly #grants: string;
  readonly #serde: SerializerProtocol;
  readonly #prepare: boolean;

  constructor(pool: pg.Pool, schema: string, serde: SerializerProtocol, options: { leaseMs: number; busyWaitMs: number; preparedStatements?: boolean }) {
    this.#pool = pool;
    this.#prepare = options.preparedStatements ?? true;
    this.#claims = claimsTable(schema);
    this.#results = resultsTable(schema);
    this.#grants = grantsTable(schema);
    this.#serde = serde;
    this.leaseMs = options.leaseMs;
    this.busyWaitMs = options.busyWaitMs;
  }

  async acquire(key: ClaimKey, claim: { attempt: string; owner: string; review: ProposedReview }): Promise<ClaimRecord & { won: boolean }> {
    const won = await this.#insert(key, claim, false);
    if (won !== undefined) return { ...won, won: true };
    const existing = await this.read(key);
    // Deleted between the two statements (the thread was deleted): nothing to claim any more.
    if (existing === undefined) return this.acquire(key, claim);
    return { ...existing, won: false };
  }

  async acquireIfExpired(key: ClaimKey, claim: { attempt: string; owner: string; review: ProposedReview }): Promise<(ClaimRecord & { won: boolean }) | undefined> {
    if (claim.review.expiresAt === undefined) return undefined;
    const won = await this.#insert(key, claim, true);
    if (won !== undefined) return { ...won, won: true };
    const existing = await this.read(key);
    return existing === undefined ? undefined : { ...existing, won: false };
  }

  /**
   * One statement: commits the claim unless one exists (and, with `onlyIfExpired`, unless the
   * deadline is still ahead). The deadline is judged in that same statement by the database's
   * clock, so every replica agrees whatever its own clock says.
   */
  async #insert(key: ClaimKey, claim: { attempt: string; owner: string; review: ProposedReview }, onlyIfExpired: boolean): Promise<ClaimRecord | undefined> {
    const insert = `INSERT INTO ${this.#claims} (thread_id, checkpoint_ns, checkpoint_id, interrupt_id, attempt, owner, review, state, lease_until, expired, judged_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, 'running', clock_timestamp() + $8 * interval '1 millisecond',
              $9::timestamptz IS NOT NULL AND clock_timestamp() > $9::timestamptz, clock_timestamp()
       WHERE NOT $10::boolean OR ($9::timestamptz IS NOT NULL AND clock_timestamp() > $9::timestamptz)
       ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO NOTHING`;
    const values = [...keyValues(key), claim.review.interruptId, claim.attempt, claim.owner, JSON.stringify(claim.review), this.leaseMs, claim.review.expiresAt ?? null, onlyIfExpired];
    const grants = claim.review.grants ?? [];
    // A judgment without grants keeps the plain statement; with grants, they go in the same statement as the claim.
    const { rows } =
      grants.length === 0
        ? await this.#query<ClaimRow>(`${insert} RETURNING ${COLUMNS}`, values)
        : await this.#pool.query<ClaimRow>(
            `WITH claim AS (${insert} RETURNING ${COLUMNS}), ${grantsInsertSql(this.#grants, values.length + 1)}
             SELECT attempt, owner, review, state, lease_expired, expired, judged_at FROM claim`,
            [...values, ...grantsInsertValues(grants)],
          );
    return rows[0] === undefined ? undefined : toRecord(rows[0]);
  }

  /** One of the store's fixed statements: prepared once per connection unless `preparedStatements` is off. */
  #query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    return this.#pool.query<R>(preparedQuery(text, values, this.#prepare));
  }

  async read(key: ClaimKey): Promise<ClaimRecord | undefined> {
    const { rows } = await this.#query<ClaimRow>(`SELECT ${COLUMNS} FROM ${this.#claims} WHERE ${KEY}`, keyValues(key));
    return rows[0] === undefined ? undefined : toRecord(rows[0]);
  }

  async takeOver(key: ClaimKey, owner: string): Promise<ClaimRecord | undefined> {
    const { rows } = await this.#query<ClaimRow>(
      `UPDATE ${this.#claims} SET owner = $4, state = 'running', lease_until = clock_timestamp() + $5 * interval '1 millisecond'
       WHERE ${KEY} AND (state = 'released' OR lease_until <= clock_timestamp())
       RETURNING ${COLUMNS}`,
      [...keyValues(key), owner, this.leaseMs],
    );
    return rows[0] === undefined ? undefined : toRecord(rows[0]);
  }

  async renew(key: ClaimKey, owner: string): Promise<boolean> {
    const { rowCount } = await this.#query(
      `UPDATE ${this.#claims} SET lease_until = clock_timestamp() + $5 * interval '1 millisecond' WHERE ${KEY} AND owner = $4`,
      [...keyValues(key), owner, this.leaseMs],
    );
    return rowCount === 1;
  }

  async release(key: ClaimKey, owner: string): Promise<void> {
    await this.#query(`UPDATE ${this.#claims} SET state = 'released', lease_until = clock_timestamp() WHERE ${KEY} AND owner = $4`, [...keyValues(key), owner]);
  }

  async saveResults(key: ClaimKey, owner: string, results: ReadonlyArray<[string, CallResult]>): Promise<boolean> {
    const encoded = await Promise.all(results.map(async ([toolCallId, result]) => [toolCallId, ...(await this.#serde.dumpsTyped(storableCallResult(result)))] as const));
    // Fenced: only the execution that holds the claim may record results (one statement, one commit).
    const { rows } = await this.#query<{ held: boolean }>(
      `WITH holder AS (SELECT 1 FROM ${this.#claims} WHERE ${KEY} AND owner = $4 FOR SHARE),
       saved AS (
         INSERT INTO ${this.#results} (thread_id, checkpoint_ns, checkpoint_id, tool_call_id, type, blob)
         SELECT $1, $2, $3, r.tool_call_id, r.type, substring($9::bytea FROM r.off + 1 FOR r.len)
         FROM unnest($5::text[], $6::text[], $7::int[], $8::int[]) AS r(tool_call_id, type, off, len)
         WHERE EXISTS (SELECT 1 FROM holder)
         ON CONFLICT DO NOTHING)
       SELECT EXISTS (SELECT 1 FROM holder) AS held`,
      // The blobs go as one bytea (raw bytes), not as a bytea[] pg would write out in hex.
      [...keyValues(key), owner, encoded.map(([id]) => id), encoded.map(([, type]) => type), ...packedBlobParams(encoded.map(([, , bytes]) => bytes))],
    );
    return rows[0]?.held === true;
  }

  async loadResults(key: ClaimKey): Promise<Map<string, CallResult>> {
    const { rows } = await this.#query<{ tool_call_id: string; type: string; blob: Buffer }>(
      `SELECT tool_call_id, type, blob FROM ${this.#results} WHERE ${KEY}`,
      keyValues(key),
    );
    const entries = await Promise.all(rows.map(async (row) => [row.tool_call_id, callResultFromStored(await this.#serde.loadsTyped(row.type, row.blob))] as const));
    return new Map(entries);
  }

  async claimOfInterrupt(threadId: string, interruptId: string): Promise<ClaimRecord | undefined> {
    const { rows } = await this.#query<ClaimRow>(`SELECT ${COLUMNS} FROM ${this.#claims} WHERE thread_id = $1 AND interrupt_id = $2`, [threadId, interruptId]);
    return rows[0] === undefined ? undefined : toRecord(rows[0]);
  }
}
