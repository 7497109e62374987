import type pg from "pg";
import { migrationsTable } from "../tables.js";
import type { Migration } from "./migration.js";

async function inTransaction(client: pg.PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query("BEGIN");
  try {
    await work();
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/**
 * Applies the migrations not yet recorded in `hitl_migrations`, each in its own transaction.
 * Call it under the schema's migrations lock, after LangGraph's own tables exist.
 *
 * @example
 * ```ts
 * await applyMigrations(pool, "public", MIGRATIONS);
 * ```
 */
export async function applyMigrations(pool: pg.Pool, schema: string, migrations: readonly Migration[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${migrationsTable(schema)} (v INTEGER PRIMARY KEY)`);
    const applied = await client.query<{ v: number }>(`SELECT v FROM ${migrationsTable(schema)}`);
    const done = new Set(applied.rows.map((row) => row.v));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await inTransaction(client, async () => {
        await client.query(migration.sql(schema));
        await migration.run?.(client, schema);
        await client.query(`INSERT INTO ${migrationsTable(schema)} (v) VALUES ($1)`, [migration.version]);
      });
    }
  } finally {
    client.release();
  }
}
