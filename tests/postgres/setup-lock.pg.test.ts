import pg from "pg";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { inFreshModules } from "../support/fresh-modules.js";
import { spawnChild } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** Starts `count` processes, lets each connect, then releases them at once into `createPostgresCheckpointer`. */
async function raceSetup(count: number, schema: string): Promise<Array<{ ok: boolean; error?: string }>> {
  const racers = Array.from({ length: count }, () => spawnChild("setup-racer", [db.url, schema]));
  await Promise.all(racers.map((racer) => racer.line("ready")));
  for (const racer of racers) racer.send("go");
  const results = await Promise.all(racers.map((racer) => racer.line("result ")));
  await Promise.all(racers.map((racer) => racer.exited));
  return results.map((line) => JSON.parse(line.slice("result ".length)) as { ok: boolean; error?: string });
}

async function appliedMigrations(schema: string): Promise<number[]> {
  const { rows } = await db.pool.query<{ v: number }>(`SELECT v FROM "${schema}".checkpoint_migrations ORDER BY v`);
  return rows.map((row) => row.v);
}

function expectEachMigrationOnce(versions: number[]): void {
  // LangGraph's migrations are numbered 0..n-1; a skipped or repeated one breaks the sequence.
  expect(versions.length).toBeGreaterThanOrEqual(5);
  expect(versions).toEqual(versions.map((_, index) => index));
}

describe("createPostgresCheckpointer() migrates once, however many processes start together", () => {
  test("4 processes creating the checkpointer at the same moment on a fresh database all succeed", async () => {
    const results = await raceSetup(4, "public");
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }]);
    expectEachMigrationOnce(await appliedMigrations("public"));
  });

  test("doing it again on the migrated database changes nothing and still succeeds everywhere", async () => {
    const before = await appliedMigrations("public");
    const results = await raceSetup(4, "public");
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await appliedMigrations("public")).toEqual(before);
  });

  test("a new schema is created and migrated once when processes race for it", async () => {
    const results = await raceSetup(4, "racing_schema");
    expect(results.every((result) => result.ok)).toBe(true);
    expectEachMigrationOnce(await appliedMigrations("racing_schema"));
  });

  // A host on the ES module build and a graph built from the CommonJS build are two module
  // instances. The migrations lock keeps one connection of a pool free for the work under it; with
  // a budget per copy, each copy's lock took a connection of a two-connection pool, the second
  // waiting in Postgres for the first, whose migrations then waited for a connection forever.
  test("two copies of the package setting up on one pool of two connections at once both finish (the lock's connection budget is per pool, not per copy)", async () => {
    type Postgres = typeof import("../../src/postgres/index.js");
    const copies = [0, 1].map(() => inFreshModules(() => require("../../src/postgres/index.js") as Postgres));
    expect(copies[0]!.createPostgresCheckpointer).not.toBe(copies[1]!.createPostgresCheckpointer);
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      const savers = await Promise.all(copies.map((copy) => copy.createPostgresCheckpointer(pool, { schema: "two_copies" })));
      expect(savers).toHaveLength(2);
      expectEachMigrationOnce(await appliedMigrations("two_copies"));
    } finally {
      await pool.end();
    }
  }, 30_000);

  test("many savers in one process, each with its own pool, set up concurrently", async () => {
    const pools = Array.from({ length: 6 }, () => new pg.Pool({ connectionString: db.url }));
    const savers = await Promise.all(pools.map((pool) => createPostgresCheckpointer(pool, { schema: "in_process" })));
    await Promise.all(savers.map((saver) => saver.end()));
    expectEachMigrationOnce(await appliedMigrations("in_process"));
  });
});
