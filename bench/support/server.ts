import pg from "pg";

/** The Postgres the benchmark runs on, and how to stop it. */
export interface BenchDatabase {
  url: string;
  /** "embedded" when the benchmark started its own server, "DATABASE_URL" when it was given one. */
  origin: "embedded" | "DATABASE_URL";
  stop(): Promise<void>;
}

/** What the results say about the server: its version and the settings that decide commit cost. */
export interface ServerFacts {
  version: string;
  fsync: string;
  synchronous_commit: string;
  full_page_writes: string;
  wal_sync_method: string;
}

/**
 * `DATABASE_URL` when set, otherwise a fresh embedded Postgres at its default durability
 * (fsync and synchronous_commit on): a commit is only as cheap as it is in production.
 *
 * @example
 * ```ts
 * const server = await benchDatabase();
 * try { … } finally { await server.stop(); }
 * ```
 */
export async function benchDatabase(): Promise<BenchDatabase> {
  const given = process.env["DATABASE_URL"];
  if (given !== undefined && given !== "") return { url: given, origin: "DATABASE_URL", stop: async () => undefined };
  const { startEmbeddedPostgres } = await import("../../examples/support/embedded-postgres.mjs");
  const server = await startEmbeddedPostgres({ durable: true });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query("CREATE DATABASE bench");
  await admin.end();
  const url = new URL(server.url);
  url.pathname = "/bench";
  return { url: url.toString(), origin: "embedded", stop: server.stop };
}

async function show(client: pg.Client, setting: string): Promise<string> {
  const { rows } = await client.query<Record<string, string>>(`SHOW ${setting}`);
  return String(Object.values(rows[0] ?? {})[0]);
}

/**
 * Reads the server's version and durability settings, as it reports them.
 *
 * @example
 * ```ts
 * const facts = await serverFacts(server.url);
 * ```
 */
export async function serverFacts(url: string): Promise<ServerFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return {
      version: await show(client, "server_version"),
      fsync: await show(client, "fsync"),
      synchronous_commit: await show(client, "synchronous_commit"),
      full_page_writes: await show(client, "full_page_writes"),
      wal_sync_method: await show(client, "wal_sync_method"),
    };
  } finally {
    await client.end();
  }
}

/**
 * One line for the results header: "Postgres 18.4 (embedded; fsync on, synchronous_commit on, …)".
 *
 * @example
 * ```ts
 * describeServer(facts, "embedded"); // "Postgres 18.4 (embedded; fsync on, …)"
 * ```
 */
export function describeServer(facts: ServerFacts, origin: BenchDatabase["origin"]): string {
  const settings = `fsync ${facts.fsync}, synchronous_commit ${facts.synchronous_commit}, full_page_writes ${facts.full_page_writes}, wal_sync_method ${facts.wal_sync_method}`;
  return `Postgres ${facts.version} (${origin === "embedded" ? "embedded" : "from DATABASE_URL"}; ${settings})`;
}

/**
 * A warning for the results when the server does not run at production durability (a commit
 * that does not wait for its WAL flush makes every commit-bound ratio look better than it is);
 * `undefined` when fsync, synchronous_commit and full_page_writes are all on.
 *
 * @example
 * ```ts
 * durabilityWarning({ ...facts, fsync: "off" }); // "⚠️ Not at production durability: fsync off …"
 * ```
 */
export function durabilityWarning(facts: ServerFacts): string | undefined {
  // synchronous_commit local / remote_write / remote_apply still wait for the local WAL flush; only off does not.
  const weakened = [facts.fsync !== "on" && "fsync", facts.full_page_writes !== "on" && "full_page_writes", facts.synchronous_commit === "off" && "synchronous_commit"];
  const off = weakened.filter((setting): setting is "fsync" | "full_page_writes" | "synchronous_commit" => setting !== false).map((setting) => `${setting} ${facts[setting]}`);
  if (off.length === 0) return undefined;
  return `⚠️ Not at production durability: ${off.join(", ")}. Postgres figures measured here understate what a commit costs; do not read verdicts from them.`;
}
