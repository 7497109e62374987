import type pg from "pg";
import { deleteThreadSql } from "../langgraph/index.js";
import { claimsTable, continuationsTable, grantsTable, inboxTable, leasesTable, resultsTable } from "./tables.js";

/** This library's rows of a thread, beside LangGraph's: inbox entries, call results, claims, continuation records, its lease (and, apart, its own grants). */
const OWN_TABLES = [inboxTable, resultsTable, claimsTable, continuationsTable, leasesTable];

/**
 * One statement that deletes every row of thread `$1`: LangGraph's (exactly what its
 * `deleteThread` deletes) and this library's. One statement is one transaction: a failure
 * anywhere leaves the thread whole, and no other session ever sees it half deleted.
 *
 * @example
 * ```ts
 * await pool.query(deleteThreadStatement("public"), [threadId]);
 * ```
 */
function deleteThreadStatement(schema: string): string {
  const deletes = [
    ...deleteThreadSql(schema, "$1"),
    ...OWN_TABLES.map((table) => `DELETE FROM ${table(schema)} WHERE thread_id = $1`),
    // The thread's own grants; grants of the host's scopes (a user's, a workspace's) outlive it.
    `DELETE FROM ${grantsTable(schema)} WHERE scope_name = 'thread' AND scope_key = $1`,
  ];
  return `WITH ${deletes.map((statement, index) => `d${index} AS (${statement})`).join(",\n      ")}
    SELECT 1`;
}

/**
 * Deletes a thread atomically (see {@link deleteThreadStatement}).
 *
 * @example
 * ```ts
 * await deleteThreadAtomically(pool, "public", "t1");
 * ```
 */
export async function deleteThreadAtomically(pool: pg.Pool, schema: string, threadId: string): Promise<void> {
  await pool.query(deleteThreadStatement(schema), [threadId]);
}
