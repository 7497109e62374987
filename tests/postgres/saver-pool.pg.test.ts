// The pool HITLPostgresSaver hands LangGraph's PostgresSaver (src/postgres/saver-pool.ts): a
// checkpoint load (`getTuple`, every run makes one) goes as a named prepared statement, planned
// once per connection; `list` (its LIMIT inlined) and everything else go as LangGraph wrote them.
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { ApprovalToolNode } from "../../src/index.js";
import { FAST_BYTEA_TYPES } from "../../src/postgres/bytea-arrays.js";
import { HITLPostgresSaver, type PostgresCheckpointerOptions } from "../../src/postgres/index.js";
import { langGraphSaverPool } from "../../src/postgres/saver-pool.js";
import { ask, agentGraph, countingTool, newThread } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { RecordingPool } from "../support/postgres/recording-pool.js";

const SCHEMA = "saver_pool";
let db: TestDatabase;
let stock: PostgresSaver;
let paused: { thread_id: string; checkpoint_ns: string; checkpoint_id: string };

/** A saver over a recording pool (closed after the test). */
function recordedSaver(poolOptions: pg.PoolConfig = {}, options: PostgresCheckpointerOptions = {}): { saver: HITLPostgresSaver; pool: RecordingPool } {
  const pool = new RecordingPool({ connectionString: db.url, ...poolOptions });
  pool.on("error", () => undefined);
  return { saver: new HITLPostgresSaver(pool, { schema: SCHEMA, ...options }), pool };
}

/** What the saver handed the pool for LangGraph's reads of whole checkpoints (`getTuple`, `list`). */
function checkpointReads(pool: RecordingPool): pg.QueryConfig[] {
  return pool.queries.filter((query): query is pg.QueryConfig => typeof query === "object" && query !== null && /array_agg/.test(String((query as pg.QueryConfig).text)));
}

beforeAll(async () => {
  db = await createTestDatabase();
  const { saver } = recordedSaver();
  await saver.setup();
  const deploy = countingTool("deploy");
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "/srv" }, id: "d1" }], saver);
  const config = newThread("saver-pool");
  await graph.invoke(ask(), config);
  paused = (await saver.getTuple(config))!.config.configurable as typeof paused;
  await saver.end();
  const pool = new pg.Pool({ connectionString: db.url });
  pool.on("error", () => undefined);
  stock = new PostgresSaver(pool, undefined, { schema: SCHEMA });
});
afterAll(async () => {
  await stock?.end();
  await db?.drop();
});

describe("the pool LangGraph's saver queries through", () => {
  test("a checkpoint load — the head, or one checkpoint by id — goes as a named prepared statement, one name per text, and reads what the stock saver reads", async () => {
    const { saver, pool } = recordedSaver();
    try {
      const head = { configurable: { thread_id: paused.thread_id } };
      const byId = { configurable: paused };
      for (const config of [head, head, byId]) expect(await saver.getTuple(config)).toEqual(await stock.getTuple(config));
      const [first, second, third] = checkpointReads(pool);
      expect(first?.name).toMatch(/^hitl_[0-9a-f]{32}$/);
      expect(second?.name).toBe(first?.name);
      expect(third?.name).toMatch(/^hitl_[0-9a-f]{32}$/);
      expect(third?.name).not.toBe(first?.name);
      expect(first?.types).toBe(FAST_BYTEA_TYPES);
    } finally {
      await saver.end();
    }
  });

  test("a connection that prepared a load keeps loading correctly after another process adds a column to LangGraph's table (Postgres plans it again)", async () => {
    const { saver, pool } = recordedSaver({ max: 2 });
    const head = { configurable: { thread_id: paused.thread_id } };
    try {
      expect(await saver.getTuple(head)).toEqual(await stock.getTuple(head));
      await db.pool.query(`ALTER TABLE ${SCHEMA}.checkpoints ADD COLUMN added_elsewhere integer`);
      expect(await saver.getTuple(head)).toEqual(await stock.getTuple(head));
      expect(pool.totalCount).toBe(1);
      const [before, after] = checkpointReads(pool);
      expect(after?.name).toBe(before?.name);
    } finally {
      await db.pool.query(`ALTER TABLE ${SCHEMA}.checkpoints DROP COLUMN IF EXISTS added_elsewhere`);
      await saver.end();
    }
  });

  test("a column whose type changes under a prepared load fails that connection's next load once, with Postgres's error (nothing read wrongly), and the load after it succeeds", async () => {
    const { saver, pool } = recordedSaver({ max: 2 });
    const head = { configurable: { thread_id: paused.thread_id } };
    try {
      const expected = await stock.getTuple(head);
      expect(await saver.getTuple(head)).toEqual(expected);
      await db.pool.query(`ALTER TABLE ${SCHEMA}.checkpoints ALTER COLUMN metadata TYPE json USING metadata::json`);
      await expect(saver.getTuple(head)).rejects.toMatchObject({ message: "cached plan must not change result type" });
      expect(await saver.getTuple(head)).toEqual(expected);
      expect(pool.totalCount).toBe(1);
    } finally {
      await db.pool.query(`ALTER TABLE ${SCHEMA}.checkpoints ALTER COLUMN metadata TYPE jsonb USING metadata::jsonb`);
      await saver.end();
    }
  });

  test("list() — its LIMIT written into the text — goes as plain text, not a statement per limit", async () => {
    const { saver, pool } = recordedSaver();
    try {
      for (const limit of [1, 2, 3]) {
        const listed = [];
        for await (const tuple of saver.list({ configurable: { thread_id: paused.thread_id } }, { limit })) listed.push(tuple.checkpoint.id);
        expect(listed.length).toBeGreaterThan(0);
      }
      const reads = checkpointReads(pool);
      expect(reads.map((read) => /LIMIT \d+$/.test(String(read.text)))).toEqual([true, true, true]);
      expect(reads.map((read) => read.name)).toEqual([undefined, undefined, undefined]);
    } finally {
      await saver.end();
    }
  });

  test("with preparedStatements: false, a checkpoint load goes as plain text and reads the same", async () => {
    const { saver, pool } = recordedSaver({}, { preparedStatements: false });
    try {
      const head = { configurable: { thread_id: paused.thread_id } };
      expect(await saver.getTuple(head)).toEqual(await stock.getTuple(head));
      expect(checkpointReads(pool).map((read) => read.name)).toEqual([undefined]);
    } finally {
      await saver.end();
    }
  });

  test("a pool created with its own types keeps them, and its checkpoint loads are still prepared", async () => {
    const types = { getTypeParser: pg.types.getTypeParser };
    const { saver, pool } = recordedSaver({ types });
    try {
      const head = { configurable: { thread_id: paused.thread_id } };
      expect(await saver.getTuple(head)).toEqual(await stock.getTuple(head));
      const [read] = checkpointReads(pool);
      expect(read?.name).toMatch(/^hitl_[0-9a-f]{32}$/);
      expect(read?.types).toBeUndefined();
    } finally {
      await saver.end();
    }
  });

  test("a pool with its own types and nothing to prepare is handed over as it is; any other pool is wrapped", async () => {
    const own = new pg.Pool({ types: { getTypeParser: pg.types.getTypeParser } });
    const plain = new pg.Pool();
    try {
      expect(langGraphSaverPool(own, { prepareTupleReads: false })).toBe(own);
      expect(langGraphSaverPool(own, { prepareTupleReads: true })).not.toBe(own);
      expect(langGraphSaverPool(plain, { prepareTupleReads: false })).not.toBe(plain);
      expect(langGraphSaverPool(plain, { prepareTupleReads: true })).toBeInstanceOf(pg.Pool);
    } finally {
      await Promise.all([own.end(), plain.end()]);
    }
  });
});
