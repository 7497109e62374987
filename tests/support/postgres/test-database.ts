import { randomBytes } from "node:crypto";
import pg from "pg";

/** A database of its own for one test file, on the server jest's globalSetup provides. */
export interface TestDatabase {
  /** Connection URL of this database. */
  url: string;
  /** A pool on it (ended by `drop()` unless something ended it before). */
  pool: pg.Pool;
  /** Ends the pool and drops the database, closing any connection left behind (e.g. by a killed process). */
  drop(): Promise<void>;
}

/** The admin URL globalSetup exported (see tests/support/postgres/global-setup.mjs). */
export function adminUrl(): string {
  const url = process.env["LANGGRAPH_HITL_TEST_PG_ADMIN_URL"];
  if (url === undefined || url === "") {
    throw new Error(
      "No test Postgres: run through jest (its globalSetup starts one), or set LANGGRAPH_HITL_TEST_PG_URL to a server whose role may CREATE DATABASE",
    );
  }
  return url;
}

/** `base` with its database name replaced. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh, uniquely named database (`hitl_<random>`).
 *
 * @example
 * ```ts
 * let db: TestDatabase;
 * beforeAll(async () => { db = await createTestDatabase(); });
 * afterAll(() => db.drop());
 * ```
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `hitl_${randomBytes(6).toString("hex")}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = databaseUrl(adminUrl(), name);
  const pool = new pg.Pool({ connectionString: url });
  // Tests terminate sessions and drop databases on purpose; an idle client closed that way must
  // not surface as an unhandled 'error' event in whichever test happens to run next.
  pool.on("error", () => undefined);
  return {
    url,
    pool,
    async drop() {
      if (!pool.ending && !pool.ended) await pool.end();
      await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
