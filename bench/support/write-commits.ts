import pg from "pg";

async function currentXid(client: pg.Client): Promise<bigint> {
  const { rows } = await client.query<{ xid: string }>("SELECT txid_current()::text AS xid");
  return BigInt(rows[0]?.xid ?? "0");
}

/**
 * Counts the transactions that wrote something — each one a WAL flush the client waits for at
 * `synchronous_commit = on` — while `run` runs, as the server counts them: Postgres gives a
 * transaction id only to a transaction that writes, so the delta of `txid_current()` around the
 * work (minus the probe's own) is exact, read-only transactions excluded. Cluster-wide: run it
 * while nothing else writes.
 *
 * @example
 * ```ts
 * const commits = await countWriteCommits(url, () => graph.invoke(input, config));
 * ```
 */
export async function countWriteCommits(url: string, run: () => Promise<unknown>): Promise<number> {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  try {
    const before = await currentXid(probe);
    await run();
    const after = await currentXid(probe);
    return Number(after - before - 1n);
  } finally {
    await probe.end();
  }
}
