// Differential storage test: the same checkpoints and writes go through HITLPostgresSaver (its
// one-statement, fenced writes) and through LangGraph's stock PostgresSaver, each into a schema of
// its own, and every row of every LangGraph table must come out identical, column by column (bytes
// for bytea, jsonb as Postgres stores it). Runs in `npm test`, hence also in `npm run test:latest`
// against the newest LangGraph packages.
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Command, END, interrupt, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { emptyCheckpoint, type ChannelVersions, type Checkpoint, type CheckpointMetadata, type PendingWrite } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { LANGGRAPH_TABLES, THREAD_TABLES, type LangGraphTableName } from "../../src/langgraph/index.js";
import { HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
let ours: HITLPostgresSaver;
let stock: PostgresSaver;
/** A second stock saver, reading what ours wrote. */
let stockOnOurs: PostgresSaver;

function pool(): pg.Pool {
  const created = new pg.Pool({ connectionString: db.url });
  created.on("error", () => undefined);
  return created;
}

beforeAll(async () => {
  db = await createTestDatabase();
  ours = new HITLPostgresSaver(pool(), { schema: "ours" });
  await ours.setup();
  stock = new PostgresSaver(pool(), undefined, { schema: "stock" });
  await stock.setup();
  stockOnOurs = new PostgresSaver(pool(), undefined, { schema: "ours" });
});
afterAll(async () => {
  await Promise.all([ours.end(), stock.end(), stockOnOurs.end()]);
  await db.drop();
});

/** Every row of a LangGraph table, each column as comparable text: jsonb as stored, bytea as hex. */
async function rowsOf(schema: string, table: LangGraphTableName): Promise<Array<Record<string, unknown>>> {
  const { columns, primaryKey } = LANGGRAPH_TABLES[table];
  const select = columns.map(({ name, type }) => (type === "jsonb" ? `${name}::text AS ${name}` : type === "bytea" ? `encode(${name}, 'hex') AS ${name}` : name));
  const { rows } = await db.pool.query(`SELECT ${select.join(", ")} FROM "${schema}".${table} ORDER BY ${primaryKey.join(", ")}`);
  return rows;
}

async function expectIdenticalRows(): Promise<number> {
  let compared = 0;
  for (const table of THREAD_TABLES) {
    const [mine, theirs] = await Promise.all([rowsOf("ours", table), rowsOf("stock", table)]);
    expect({ table, rows: mine }).toEqual({ table, rows: theirs });
    compared += theirs.length;
  }
  return compared;
}

/** Both savers, the same call. */
async function both<T>(call: (saver: PostgresSaver) => Promise<T>): Promise<[T, T]> {
  return [await call(ours), await call(stock)];
}

const id = (n: number): string => `1f1ed501-0000-6000-8000-${String(n).padStart(12, "0")}`;

function checkpointOf(n: number, values: Record<string, unknown>, versions: ChannelVersions): Checkpoint {
  return { ...emptyCheckpoint(), id: id(n), ts: `2026-12-01T00:00:0${n % 10}.000Z`, channel_values: values, channel_versions: versions, versions_seen: { agent: { messages: n } } };
}

const loop = (step: number): CheckpointMetadata => ({ source: "loop", step, parents: {} });

describe("HITLPostgresSaver writes exactly the stock PostgresSaver's rows", () => {
  test("checkpoints over several steps: blobs new and unchanged, empty channels, bytes, messages, a re-put checkpoint, a subgraph namespace", async () => {
    const thread = "scripted";
    const root = { configurable: { thread_id: thread, checkpoint_ns: "" } };
    const big = "ü✓ ".repeat(5000);
    const first = checkpointOf(1, { __start__: { messages: [new HumanMessage("go")] } }, { __start__: 1 });
    const [c1] = await both((saver) => saver.put(root, first, { source: "input", step: -1, parents: {} }, { __start__: 1 }));
    // Step 0: several channels new, one channel listed in the versions without a value (stored as "empty").
    // `none` serialises to zero bytes: a blob that is empty, not missing.
    const second = checkpointOf(
      2,
      { messages: [new HumanMessage("go"), new AIMessage(big)], "branch:to:agent": null, raw: new Uint8Array([0, 1, 2, 255]), none: new Uint8Array([]) },
      { messages: 2, "branch:to:agent": 2, raw: 2, none: 2, gone: 2 },
    );
    const [c2] = await both((saver) => saver.put(c1, second, loop(0), { messages: 2, "branch:to:agent": 2, raw: 2, none: 2, gone: 2 }));
    // Step 1: only one channel changed; the others' blobs stay shared.
    const third = checkpointOf(3, { ...second.channel_values, messages: [new HumanMessage("go"), new AIMessage(big), new AIMessage("more")] }, { ...second.channel_versions, messages: 3 });
    const [c3] = await both((saver) => saver.put(c2, third, loop(1), { messages: 3 }));
    // The same checkpoint again (LangGraph's exit put): an existing row takes the new checkpoint and metadata.
    await both((saver) => saver.put(c2, { ...third, ts: "2026-12-01T00:00:09.000Z" }, { ...loop(1), writes: { agent: "again" } } as CheckpointMetadata, {}));
    // A subgraph's checkpoints live in their own namespace.
    const inner = { configurable: { thread_id: thread, checkpoint_ns: "inner:5f0c" } };
    const [i1] = await both((saver) => saver.put(inner, checkpointOf(4, { messages: ["inner"] }, { messages: 1 }), { source: "input", step: -1, parents: { "": id(3) } }, { messages: 1 }));
    await both((saver) => saver.put(i1, checkpointOf(5, { messages: ["inner", "step"] }, { messages: 2 }), loop(0), { messages: 2 }));
    expect(c3).toBeDefined();
    expect(await expectIdenticalRows()).toBeGreaterThan(10);
    const { rows: blobs } = await db.pool.query(`SELECT channel, blob IS NULL AS missing, octet_length(blob) AS size FROM ours.checkpoint_blobs WHERE thread_id = $1 AND channel IN ('none', 'gone', 'raw') ORDER BY channel`, [thread]);
    expect(blobs).toEqual([
      { channel: "gone", missing: true, size: null },
      { channel: "none", missing: false, size: 0 },
      { channel: "raw", missing: false, size: 4 },
    ]);
  });

  test("pending writes: regular ones keep the first of an index, special ones (__interrupt__, __resume__, __error__) are replaced by the last, mixed batches keep the first", async () => {
    const thread = "writes";
    const [c1] = await both((saver) => saver.put({ configurable: { thread_id: thread, checkpoint_ns: "" } }, checkpointOf(1, {}, {}), { source: "input", step: -1, parents: {} }, {}));
    const put = (writes: PendingWrite[], task: string, config: RunnableConfig = c1) => both((saver) => saver.putWrites(config, writes, task));
    await put([["messages", new AIMessage("one")], ["other", { n: 1 }]], "task-1");
    // The same task writes again: the stock saver keeps the rows it stored first.
    await put([["messages", new AIMessage("changed")], ["other", { n: 2 }], ["third", 3]], "task-1");
    await put([["__interrupt__", [{ id: "a".repeat(32), value: { type: "tool_approval", action_requests: [{ name: "deploy", args: {} }] } }]]], "task-2");
    // Raised again with an error: the interrupt row is replaced.
    await put([["__interrupt__", [{ id: "a".repeat(32), value: { error: { code: "INVALID_DECISION" } } }]]], "task-2");
    await put([["__resume__", [{ decisions: [{ type: "approve" }] }]]], "task-2");
    await put([["__resume__", [[{ decisions: [] }], { decisions: [{ type: "reject" }] }]]], "task-2");
    await put([["__error__", { message: "boom", name: "Error" }]], "task-3");
    await put([["__error__", { message: "boom again", name: "Error" }]], "task-3");
    // Two special writes of one index in one call: the last wins, as the stock saver's row-by-row upsert leaves it.
    await put([["__interrupt__", ["first"]], ["__interrupt__", ["second"]]], "task-4");
    // A mixed batch is inserted, not upserted: of two writes with one index, the first stays.
    await put([["messages", "result"], ["__interrupt__", ["mixed first"]], ["__interrupt__", ["mixed second"]]], "task-5");
    // A resume addressed to an interrupt is written under the interrupt's id.
    await put([["__resume__", { decisions: [{ type: "approve" }] }]], "b".repeat(32));
    const inner = { configurable: { thread_id: thread, checkpoint_ns: "tools:5f0c", checkpoint_id: id(1) } };
    await put([["__interrupt__", [{ id: "c".repeat(32), value: "in a namespace" }]]], "task-6", inner);
    await put([], "task-7");
    expect(await expectIdenticalRows()).toBeGreaterThan(10);
  });

  test("a deleted thread leaves no row behind, and re-using its id (same checkpoint ids) writes the stock rows again", async () => {
    const thread = "reused";
    const write = async () => {
      const [c1] = await both((saver) => saver.put({ configurable: { thread_id: thread, checkpoint_ns: "" } }, checkpointOf(1, { messages: ["a"] }, { messages: 1 }), { source: "input", step: -1, parents: {} }, { messages: 1 }));
      const [c2] = await both((saver) => saver.put(c1, checkpointOf(2, { messages: ["a", "b"] }, { messages: 2 }), loop(0), { messages: 2 }));
      await both((saver) => saver.putWrites(c2, [["__interrupt__", [{ id: "d".repeat(32), value: { type: "tool_approval", action_requests: [] } }]]], "task-1"));
      return c2;
    };
    await write();
    await both((saver) => saver.deleteThread(thread));
    const left = await Promise.all(THREAD_TABLES.map((table) => db.pool.query(`SELECT 1 FROM ours.${table} WHERE thread_id = $1`, [thread])));
    expect(left.map((result) => result.rowCount)).toEqual([0, 0, 0]);
    const c2 = await write();
    expect((await stockOnOurs.getTuple(c2))?.checkpoint.channel_values).toEqual({ messages: ["a", "b"] });
    expect(await expectIdenticalRows()).toBeGreaterThan(0);
  });
});

/**
 * Our saver, also handing every write it makes to a stock saver on the other schema. Both start
 * in the same tick: each serialises its arguments synchronously when called, and LangGraph may
 * change a value in place later (its messages reducer gives the input message an id).
 */
class TeeSaver extends HITLPostgresSaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, versions: ChannelVersions) {
    const [saved] = await Promise.all([super.put(config, checkpoint, metadata, versions), stock.put(config, checkpoint, metadata, versions)]);
    return saved;
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string) {
    await Promise.all([super.putWrites(config, writes, taskId), stock.putWrites(config, writes, taskId)]);
  }
}

function nestedGraph(checkpointer: BaseCheckpointSaver) {
  const inner = new StateGraph(MessagesAnnotation)
    .addNode("ask", async () => ({ messages: [new AIMessage(`inner ${JSON.stringify(interrupt({ question: "go?" }))}`)] }))
    .addNode("after", async () => ({ messages: [new AIMessage("after")] }))
    .addEdge(START, "ask")
    .addEdge("ask", "after")
    .compile();
  return new StateGraph(MessagesAnnotation).addNode("inner", inner).addEdge(START, "inner").addEdge("inner", END).compile({ checkpointer });
}

describe("real runs written through both savers store identical rows, and the stock saver reads ours as its own", () => {
  let tee: TeeSaver;
  beforeAll(() => {
    tee = new TeeSaver(pool(), { schema: "ours" });
  });
  afterAll(() => tee.end());

  async function readsAlike(config: RunnableConfig): Promise<void> {
    const [mine, theirs, oursRead] = await Promise.all([stockOnOurs.getTuple(config), stock.getTuple(config), ours.getTuple(config)]);
    expect(mine).toEqual(theirs);
    // HITLPostgresSaver reads its own rows (bytea[] through its own parser) as the stock saver does.
    expect(oursRead).toEqual(theirs);
    const history = async (saver: PostgresSaver) => {
      const tuples = [];
      for await (const tuple of saver.list(config)) tuples.push(tuple);
      return tuples;
    };
    expect(await history(stockOnOurs)).toEqual(await history(stock));
    expect(await history(ours)).toEqual(await history(stock));
  }

  test("an approval batch paused, resumed by resume() (continuation token, sync durability), run to the end", async () => {
    const deploy = countingTool("deploy");
    const calls = Array.from({ length: 3 }, (_, index) => ({ name: "deploy", args: { path: `/srv/${index}-${"x".repeat(300)}` }, id: `d${index}` }));
    const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), calls, tee);
    const config = newThread("tee-approval");
    await graph.invoke({ messages: [new HumanMessage("deploy")] }, config);
    const pending = await getInterrupt(graph, config);
    const { values } = await resume(graph, config, [{ type: "approve" }, { type: "reject", reason: "no" }, { type: "approve" }], { interruptId: pending!.interruptId });
    expect(toolMessages(values).map((message) => message.status)).toEqual(["success", "error", "success"]);
    expect(deploy.count).toBe(2);
    expect(await expectIdenticalRows()).toBeGreaterThan(20);
    await readsAlike(config);
  });

  test("a subgraph paused and resumed by a raw Command", async () => {
    const graph = nestedGraph(tee);
    const config = newThread("tee-subgraph");
    await graph.invoke({ messages: [new HumanMessage("go")] }, config);
    await graph.invoke(new Command({ resume: "yes" }), config);
    const { rows } = await db.pool.query("SELECT DISTINCT checkpoint_ns FROM stock.checkpoints WHERE thread_id = $1 AND checkpoint_ns <> ''", [config.configurable.thread_id]);
    expect(rows).toHaveLength(1);
    expect(await expectIdenticalRows()).toBeGreaterThan(20);
    await readsAlike(config);
    await readsAlike({ configurable: { ...config.configurable, checkpoint_ns: (rows[0] as { checkpoint_ns: string }).checkpoint_ns } });
  });
});
