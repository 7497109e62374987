// LangGraph's reads through HITLPostgresSaver parse bytea[] columns with the linear parser
// (src/postgres/bytea-arrays.ts) and get exactly what pg's own parser gives, on a real Postgres.
import { HumanMessage } from "@langchain/core/messages";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { ApprovalToolNode } from "../../src/index.js";
import { FAST_BYTEA_TYPES } from "../../src/postgres/bytea-arrays.js";
import { langGraphSaverPool } from "../../src/postgres/saver-pool.js";
import { HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, countingTool, newThread } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { RecordingPool } from "../support/postgres/recording-pool.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

function poolWith(options: pg.PoolConfig = {}): pg.Pool {
  const created = new pg.Pool({ connectionString: db.url, ...options });
  created.on("error", () => undefined);
  return created;
}

const SAMPLES = `SELECT
  (SELECT array_agg(array[convert_to('channel' || i, 'UTF8'), decode(repeat('00ff', i * 100), 'hex'), CASE WHEN i % 3 = 0 THEN NULL ELSE '\\x'::bytea END]) FROM generate_series(1, 40) i) AS two_levels,
  ARRAY[]::bytea[] AS empty,
  ARRAY[NULL, decode('6869', 'hex')]::bytea[] AS one_level,
  '[0:1]={"\\\\x01","\\\\x02"}'::bytea[] AS lower_bound`;

describe("bytea[] read through the fast parser", () => {
  test.each([
    ["hex output (Postgres's default)", {}],
    ["escape output (bytea_output = escape): handed to pg's parser", { options: "-c bytea_output=escape" }],
  ])("%s: every value equals what pg's parser gives", async (_name, options) => {
    const plain = poolWith(options);
    const fast = langGraphSaverPool(poolWith(options), { prepareTupleReads: false });
    try {
      const [mine, theirs] = await Promise.all([fast.query(SAMPLES, []), plain.query(SAMPLES, [])]);
      expect(mine.rows).toEqual(theirs.rows);
      const twoLevels = mine.rows[0].two_levels as Array<Array<Buffer | null>>;
      expect(twoLevels).toHaveLength(40);
      expect(twoLevels[39]![1]).toEqual(Buffer.from("00ff".repeat(4000), "hex"));
      expect(twoLevels[2]![2]).toBeNull();
      expect(mine.rows[0].lower_bound).toEqual([Buffer.from([1]), Buffer.from([2])]);
    } finally {
      await Promise.all([plain.end(), fast.end()]);
    }
  });

  test("HITLPostgresSaver hands LangGraph's reads the fast parser, and reads a paused approval as the stock saver does", async () => {
    const recording = new RecordingPool({ connectionString: db.url });
    recording.on("error", () => undefined);
    const saver = new HITLPostgresSaver(recording, { schema: "fast_reads" });
    const stock = new PostgresSaver(poolWith(), undefined, { schema: "fast_reads" });
    try {
      await saver.setup();
      const deploy = countingTool("deploy");
      const calls = Array.from({ length: 30 }, (_, index) => ({ name: "deploy", args: { path: `/srv/${index}` }, id: `d${index}` }));
      const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), calls, saver);
      const config = newThread("fast-reads");
      await graph.invoke({ messages: [new HumanMessage("deploy")] }, config);
      recording.queries.length = 0;
      const [mine, theirs] = await Promise.all([saver.getTuple(config), stock.getTuple(config)]);
      expect(mine).toEqual(theirs);
      expect(mine?.pendingWrites?.some(([, channel]) => channel === "__interrupt__")).toBe(true);
      const reads = recording.queries.filter((query) => typeof query === "object" && /array_agg/.test(String((query as pg.QueryConfig).text)));
      expect(reads).toHaveLength(1);
      expect((reads[0] as pg.QueryConfig).types).toBe(FAST_BYTEA_TYPES);
      expect(deploy.count).toBe(0);
    } finally {
      await Promise.all([saver.end(), stock.end()]);
    }
  });
});
