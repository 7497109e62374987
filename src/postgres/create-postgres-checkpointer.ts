import pg from "pg";
import { HITLPostgresSaver } from "./postgres-saver.js";
import { checkConnectionArgument, resolvePostgresOptions, type PostgresCheckpointerOptions } from "./options.js";

function createPool(url: string, connectTimeoutMs: number): pg.Pool {
  // Without a bound, a server that accepts TCP and never answers hangs every caller forever.
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  // When the server closes an idle connection the pool discards it and emits 'error', which would
  // crash the process if nobody listened.
  pool.on("error", () => undefined);
  return pool;
}

/**
 * A ready Postgres checkpointer: a {@link HITLPostgresSaver} whose tables exist and are
 * migrated. Migrations run under an advisory lock, so every replica may call this at boot.
 *
 * A URL gets a new `pg.Pool`; a pool you pass is used as is (it must allow 2+ connections).
 * `saver.end()` closes the pool, also one you passed in.
 *
 * @param urlOrPool - A connection URL (`postgresql://user:pass@host:5432/db`) or a `pg.Pool`.
 * @param options - `schema`: where the checkpoint tables live (a plain identifier; default `"public"`);
 * `connectTimeoutMs`: time to open a connection (default 10 000; URL only); `claimLeaseMs` (default 30 000)
 * and `busyWaitMs` (default 5 000): see the README's "Exactly once"; `serde`: a serializer that stores interrupt
 * values as JSON (default: LangGraph's JsonPlusSerializer).
 * @returns The saver, set up.
 * @throws {HITLError} `INVALID_OPTIONS` for a bad URL, pool or options (`details: [{ path, message, received }]`),
 * or a serializer whose interrupt writes the approvals inbox could not read;
 * `DATABASE_UNAVAILABLE` when the database cannot be reached.
 * @example
 * ```ts
 * import { createPostgresCheckpointer } from "langgraph-hitl/postgres";
 *
 * const checkpointer = await createPostgresCheckpointer(process.env.DATABASE_URL!, { schema: "agents" });
 * const graph = builder.compile({ checkpointer });
 * // ...
 * await checkpointer.end();
 * ```
 */
export async function createPostgresCheckpointer(urlOrPool: string | pg.Pool, options: PostgresCheckpointerOptions = {}): Promise<HITLPostgresSaver> {
  checkConnectionArgument(urlOrPool);
  const { connectTimeoutMs } = resolvePostgresOptions(options);
  const ownsPool = typeof urlOrPool === "string";
  const pool = ownsPool ? createPool(urlOrPool, connectTimeoutMs) : urlOrPool;
  const saver = new HITLPostgresSaver(pool, options);
  try {
    await saver.setup();
  } catch (error) {
    if (ownsPool) await pool.end().catch(() => undefined);
    throw error;
  }
  return saver;
}
