import type pg from "pg";
import { sha256Hex } from "../payload/sha256.js";
import { BoundedMemo } from "./bounded-memo.js";

// Names already derived, by statement text: the hot statements are a handful per schema.
const names = new BoundedMemo<string>(256);

/**
 * The name a statement is prepared under: derived from its text, so the same text has the same
 * name on every connection and in every copy of this package, and two texts never share one
 * (pg refuses a name it already prepared with another text).
 *
 * @param text - The statement's SQL.
 * @returns `hitl_` and 32 hex digits of the text's SHA-256 (37 characters: a Postgres identifier).
 * @example
 * ```ts
 * statementName("SELECT 1") === statementName("SELECT 1"); // true
 * ```
 */
export function statementName(text: string): string {
  return names.get(text, () => `hitl_${sha256Hex(text).slice(0, 32)}`);
}

/**
 * A query of one of the statements every checkpoint write sends. With `prepare`, it is a named
 * prepared statement: pg prepares it once per connection and Postgres parses and plans it once,
 * instead of on every call (a fenced write is one large statement: parsing and planning it was
 * ≈ 0.7 ms of a ≈ 2.2 ms call on a durable Postgres). Without, it goes as plain text, for a connection pooler that
 * cannot keep a session's prepared statements (PgBouncer in transaction mode before 1.21, or
 * with `max_prepared_statements = 0`).
 *
 * @param text - The statement's SQL.
 * @param values - Its parameters.
 * @param prepare - Whether to send it as a named prepared statement.
 * @returns What to hand `pool.query`.
 * @example
 * ```ts
 * const { rows } = await pool.query(preparedQuery(fencedPutSql(schema), params, options.preparedStatements));
 * ```
 */
export function preparedQuery(text: string, values: unknown[], prepare: boolean): pg.QueryConfig {
  return prepare ? { name: statementName(text), text, values } : { text, values };
}
