// Contract tests for what src/langgraph knows about LangGraph's Postgres tables
// (@langchain/langgraph-checkpoint-postgres): their layout, the stock saver's statements, its
// protected serialisers, how its reads order things, and LangGraph's checkpoint namespaces. If a
// release changes one of these, this file fails first and names the assumption that broke.
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { Command, END, interrupt, MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { emptyCheckpoint, type Checkpoint, type PendingWrite } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import {
  isStockTupleRead,
  LANGGRAPH_TABLES,
  latestRootWritesSql,
  parentNamespaceSql,
  readTaskContext,
  stockCheckpointRows,
  stockWriteRows,
  stockWriteStatements,
  taskFinishedSql,
  taskIdOfNamespaceSql,
  taskInterruptWritesSql,
  threadStoredSql,
  waitingInterruptWritesSql,
  type TaskContext,
} from "../../src/langgraph/index.js";
import { RecordingPool } from "../support/postgres/recording-pool.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

const SCHEMA = "contract";
let db: TestDatabase;
let stock: PostgresSaver;

beforeAll(async () => {
  db = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url });
  pool.on("error", () => undefined);
  stock = new PostgresSaver(pool, undefined, { schema: SCHEMA });
  await stock.setup();
});
afterAll(async () => {
  await stock.end();
  await db.drop();
});

const normalised = (sql: string): string => sql.replace(/\s+/g, " ").replace(/\s*;?\s*$/, "").trim();
const id = (n: number): string => `1f1ed501-0000-6000-8000-${String(n).padStart(12, "0")}`;

describe("LangGraph's Postgres tables, as src/langgraph knows them", () => {
  test("the stock saver's setup() creates exactly the tables, columns and primary keys LANGGRAPH_TABLES lists", async () => {
    const { rows: columns } = await db.pool.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
      [SCHEMA],
    );
    const { rows: keys } = await db.pool.query<{ table_name: string; columns: string[] }>(
      `SELECT c.relname AS table_name, array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
       WHERE n.nspname = $1 AND i.indisprimary GROUP BY c.relname`,
      [SCHEMA],
    );
    const found: Record<string, unknown> = {};
    for (const row of columns) {
      const table = (found[row.table_name] ??= { columns: [], primaryKey: keys.find((key) => key.table_name === row.table_name)?.columns ?? [] }) as { columns: unknown[] };
      table.columns.push({ name: row.column_name, type: row.data_type, nullable: row.is_nullable === "YES", default: row.column_default });
    }
    expect(found).toEqual(JSON.parse(JSON.stringify(LANGGRAPH_TABLES)));
  });

  test("the stock saver's statements are the ones our one-statement writes and atomic delete were derived from", () => {
    const statements = (stock as unknown as { SQL_STATEMENTS: Record<string, string> }).SQL_STATEMENTS;
    const ours = stockWriteStatements(SCHEMA);
    // A new statement (a new table, a new kind of write) is a change this library must follow.
    expect(Object.keys(statements).sort()).toEqual([...Object.keys(ours), "SELECT_PENDING_SENDS_SQL", "SELECT_SQL"].sort());
    for (const [name, text] of Object.entries(ours)) expect({ name, sql: normalised(statements[name] ?? "") }).toEqual({ name, sql: normalised(text) });
  });

  test("the stock put() and putWrites() store exactly the rows its protected serialisers return", async () => {
    const config = { configurable: { thread_id: "serialisers", checkpoint_ns: "" } };
    const checkpoint: Checkpoint = { ...emptyCheckpoint(), id: id(1), channel_values: { messages: [new HumanMessage("hi")], raw: new Uint8Array([1, 2]) }, channel_versions: { messages: 1, raw: 1, none: 1 } };
    const metadata = { source: "input" as const, step: -1, parents: {} };
    const versions = { messages: 1, raw: 1, none: 1 };
    const expected = await stockCheckpointRows(stock, "serialisers", "", checkpoint, metadata, versions);
    const saved = await stock.put(config, checkpoint, metadata, versions);
    const writes: PendingWrite[] = [["messages", new AIMessage("x")], ["__interrupt__", [{ id: "i", value: 1 }]], ["__interrupt__", [{ id: "i", value: 2 }]]];
    const expectedWrites = await stockWriteRows(stock, "serialisers", "", id(1), "task", writes);
    await stock.putWrites(saved, writes, "task");
    const blobs = await db.pool.query(`SELECT thread_id, checkpoint_ns, channel, version, type, blob FROM ${SCHEMA}.checkpoint_blobs WHERE thread_id = 'serialisers' ORDER BY channel`);
    const stored = await db.pool.query(`SELECT checkpoint::text AS checkpoint, metadata::text AS metadata FROM ${SCHEMA}.checkpoints WHERE thread_id = 'serialisers'`);
    const written = await db.pool.query(`SELECT thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob FROM ${SCHEMA}.checkpoint_writes WHERE thread_id = 'serialisers' ORDER BY idx`);
    const row = (values: unknown[]) => values.map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString("hex") : (value ?? null)));
    expect(blobs.rows.map((stored) => row(Object.values(stored)))).toEqual(expected.blobs.map(row).sort((a, b) => String(a[2]).localeCompare(String(b[2]))));
    const jsonb = await db.pool.query("SELECT $1::jsonb::text AS checkpoint, $2::jsonb::text AS metadata", [expected.checkpoint, expected.metadata]);
    expect(stored.rows).toEqual(jsonb.rows);
    expect(expectedWrites.upsert).toBe(false);
    expect(written.rows.map((stored) => row(Object.values(stored)))).toEqual(expectedWrites.rows.map(row).sort((a, b) => Number(a[4]) - Number(b[4])));
  });

  test("the stock serializer stores an interrupt write as type json holding UTF-8 JSON of [{ id, value }] (what the inbox trigger reads)", async () => {
    const saved = await stock.put({ configurable: { thread_id: "interrupt-type", checkpoint_ns: "" } }, { ...emptyCheckpoint(), id: id(2) }, { source: "input", step: -1, parents: {} }, {});
    const value = [{ id: "a".repeat(32), value: { type: "tool_approval", action_requests: [{ name: "deploy", args: { path: "ü" } }] } }];
    await stock.putWrites(saved, [["__interrupt__", value]], "task");
    const { rows } = await db.pool.query(`SELECT type, convert_from(blob, 'UTF8')::jsonb AS items FROM ${SCHEMA}.checkpoint_writes WHERE thread_id = 'interrupt-type'`);
    expect(rows).toEqual([{ type: "json", items: value }]);
  });

  test("the head is the greatest checkpoint id and pending writes come by task id, then index — as the stock getTuple reads them", async () => {
    const thread = "order";
    let config = { configurable: { thread_id: thread, checkpoint_ns: "" } } as { configurable: Record<string, string> };
    for (const n of [3, 4, 5]) config = (await stock.put(config, { ...emptyCheckpoint(), id: id(n) }, { source: "loop", step: n, parents: {} }, {})) as typeof config;
    await stock.putWrites(config, [["b", 1], ["a", 2]], "task-b");
    await stock.putWrites(config, [["__interrupt__", [{ id: "x", value: 1 }]]], "task-a");
    await stock.putWrites(config, [["c", 3]], "task-a");
    const tuple = await stock.getTuple({ configurable: { thread_id: thread } });
    const { rows } = await db.pool.query<{ checkpoint_id: string; task_id: string; channel: string }>(latestRootWritesSql(SCHEMA), [thread]);
    expect(rows.map((write) => write.checkpoint_id)).toEqual(rows.map(() => tuple?.config.configurable?.["checkpoint_id"]));
    expect(rows.map((write) => [write.task_id, write.channel])).toEqual(tuple?.pendingWrites?.map(([task, channel]) => [task, channel]));
    const interrupts = await db.pool.query(taskInterruptWritesSql(SCHEMA), [thread, "", id(5), "task-a"]);
    expect(interrupts.rowCount).toBe(1);
  });

  test("the stock getTuple sends a fixed text per load — the head, or a checkpoint by id — which isStockTupleRead recognises, and list() (its LIMIT inlined) does not", async () => {
    const recording = new RecordingPool({ connectionString: db.url });
    recording.on("error", () => undefined);
    const sent = recording.queries;
    const traced = new PostgresSaver(recording, undefined, { schema: SCHEMA });
    const thread = "tuple-reads";
    await stock.put({ configurable: { thread_id: thread, checkpoint_ns: "" } }, { ...emptyCheckpoint(), id: id(8) }, { source: "loop", step: 1, parents: {} }, {});
    try {
      const head = await traced.getTuple({ configurable: { thread_id: thread } });
      await traced.getTuple({ configurable: { thread_id: thread } });
      await traced.getTuple(head!.config);
      const tupleReads = sent.splice(0).map(String);
      for await (const _ of traced.list({ configurable: { thread_id: thread } }, { limit: 2 }));
      for await (const _ of traced.list(head!.config));
      expect(tupleReads.map(isStockTupleRead)).toEqual([true, true, true]);
      expect(new Set(tupleReads).size).toBe(2);
      expect(sent.map(String).map(isStockTupleRead)).toEqual([false, false]);
    } finally {
      await traced.end();
    }
  });

  test("a thread is stored while it has a checkpoint row, and not once the stock deleteThread ran (what the notification trigger calls deleted)", async () => {
    const thread = "stored";
    const stored = async () => (await db.pool.query<{ stored: boolean }>(`SELECT ${threadStoredSql(SCHEMA, "$1")} AS stored`, [thread])).rows[0]?.stored;
    expect(await stored()).toBe(false);
    await stock.put({ configurable: { thread_id: thread, checkpoint_ns: "" } }, { ...emptyCheckpoint(), id: id(7) }, { source: "loop", step: 1, parents: {} }, {});
    expect(await stored()).toBe(true);
    await stock.deleteThread(thread);
    expect(await stored()).toBe(false);
  });
});

describe("LangGraph's checkpoint namespaces and finished tasks, as the retention SQL reads them", () => {
  function subgraphAsk(seen: TaskContext[]) {
    const ask = (_state: unknown, config: LangGraphRunnableConfig) => {
      seen.push(readTaskContext(config));
      return { messages: [new AIMessage(String(interrupt("go?")))] };
    };
    const inner = new StateGraph(MessagesAnnotation).addNode("ask", ask).addNode("after", () => ({ messages: [new AIMessage("after")] })).addEdge(START, "ask").addEdge("ask", "after").compile();
    return new StateGraph(MessagesAnnotation).addNode("ask", ask).addNode("inner", inner).addEdge(START, "ask").addEdge("ask", "inner").addEdge("inner", END).compile({ checkpointer: stock });
  }

  async function finished(task: TaskContext): Promise<boolean> {
    const sql = `SELECT ${taskFinishedSql(SCHEMA, { threadId: "$1::text", taskNamespace: "$2::text", checkpointId: "$3::text" })} AS finished`;
    const { rows } = await db.pool.query<{ finished: boolean }>(sql, [task.threadId, task.namespace, task.checkpointId]);
    return rows[0]!.finished;
  }

  test("a task's namespace gives its graph's namespace and its task id, at the root and in a subgraph; a task is finished once it has its result and its graph moved on", async () => {
    const seen: TaskContext[] = [];
    const graph = subgraphAsk(seen);
    const config = { configurable: { thread_id: "namespaces" } };
    await graph.invoke({ messages: [] }, config);
    const [root] = seen;
    expect(await finished(root!)).toBe(false);
    await graph.invoke(new Command({ resume: "root" }), config);
    const inner = seen.find((task) => task.parentNamespace !== "")!;
    expect(await finished(root!)).toBe(true);
    expect(await finished(inner)).toBe(false);
    await graph.invoke(new Command({ resume: "inner" }), config);
    expect(await finished(inner)).toBe(true);
    for (const task of [root!, inner]) {
      const { rows } = await db.pool.query(`SELECT ${parentNamespaceSql("$1::text")} AS parent, ${taskIdOfNamespaceSql("$1::text")} AS task`, [task.namespace]);
      expect(rows[0]).toEqual({ parent: task.parentNamespace, task: task.taskId });
    }
    expect(inner.namespace.split("|")).toHaveLength(2);
  });

  test("the interrupt writes a thread waits on are those of its latest root checkpoint whose task has no result: the root task's, then the subgraph task's, then none", async () => {
    const seen: TaskContext[] = [];
    const graph = subgraphAsk(seen);
    const config = { configurable: { thread_id: "waiting" } };
    const waiting = async () =>
      (await db.pool.query<{ task_id: string }>(`SELECT w.task_id FROM ${waitingInterruptWritesSql(SCHEMA)} AND w.thread_id = $1`, [config.configurable.thread_id])).rows.map((row) => row.task_id);
    await graph.invoke({ messages: [] }, config);
    expect(await waiting()).toEqual([seen[0]!.taskId]);
    await graph.invoke(new Command({ resume: "root" }), config);
    const inner = seen.find((task) => task.parentNamespace !== "")!;
    const innerRootTask = inner.namespace.split("|")[0]!.split(":")[1];
    expect(await waiting()).toEqual([innerRootTask]);
    await graph.invoke(new Command({ resume: "inner" }), config);
    expect(await waiting()).toEqual([]);
  });
});
