import { inflateRawSync } from "node:zlib";
import type pg from "pg";
import { quoted } from "../tables.js";
import type { Migration } from "./migration.js";

/** The type suffix earlier builds gave values they stored deflated (`json+deflate`). */
const DEFLATED = "+deflate";
const BATCH = 500;

/** LangGraph's two tables that held deflated values, with their primary keys. */
const TABLES = [
  { name: "checkpoint_blobs", key: ["thread_id", "checkpoint_ns", "channel", "version"] },
  { name: "checkpoint_writes", key: ["thread_id", "checkpoint_ns", "checkpoint_id", "task_id", "idx"] },
] as const;

async function reencodeTable(client: pg.PoolClient, schema: string, table: (typeof TABLES)[number]): Promise<void> {
  const target = `${quoted(schema)}.${table.name}`;
  const keys = table.key.join(", ");
  const match = table.key.map((column, index) => `${column} = $${index + 3}`).join(" AND ");
  for (;;) {
    const { rows } = await client.query<Record<string, unknown> & { type: string; blob: Buffer }>(
      `SELECT ${keys}, type, blob FROM ${target} WHERE type LIKE '%${DEFLATED}' LIMIT ${BATCH}`,
    );
    for (const row of rows) {
      const type = row.type.slice(0, -DEFLATED.length);
      await client.query(`UPDATE ${target} SET type = $1, blob = $2 WHERE ${match}`, [type, inflateRawSync(row.blob), ...table.key.map((column) => row[column])]);
    }
    if (rows.length < BATCH) return;
  }
}

/**
 * Development builds before this release stored large values deflated under a private type
 * (`json+deflate`) that LangGraph's own savers cannot read. This rewrites every such row in
 * the stock encoding, so every LangGraph saver reads the database again. Frozen.
 */
export const stockSerializationMigration: Migration = {
  version: 1,
  name: "store every value as LangGraph's PostgresSaver does",
  sql: () => "SELECT 1",
  async run(client, schema) {
    for (const table of TABLES) await reencodeTable(client, schema, table);
  },
};
