// The fence in HITLPostgresSaver's writes, and what it assumes about LangGraph: the invoke
// config's `configurable` keys and the head mark reach `put`/`putWrites` (root and subgraph),
// time travel writes what the fence lets through, and fenced writes store the stock rows.
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Command, END, interrupt, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { emptyCheckpoint, uuid6, type Checkpoint, type CheckpointMetadata, type PendingWrite } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { isHITLError } from "../../src/index.js";
import { continuationTokenOf, withContinuationToken } from "../../src/langgraph/index.js";
import { HITLPostgresSaver } from "../../src/postgres/index.js";
import { newThread } from "../support/fixtures.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const session = usePostgresCheckpointer();

/** Our saver, recording the config of every write LangGraph hands it. */
class RecordingSaver extends HITLPostgresSaver {
  readonly seen: Array<{ kind: "put" | "putWrites"; config: RunnableConfig; source?: unknown }> = [];
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, versions: Record<string, string | number>) {
    this.seen.push({ kind: "put", config, source: metadata.source });
    return super.put(config, checkpoint, metadata, versions);
  }
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string) {
    this.seen.push({ kind: "putWrites", config });
    return super.putWrites(config, writes, taskId);
  }
}

function recordingSaver(): RecordingSaver {
  const pool = new pg.Pool({ connectionString: session.db.url });
  pool.on("error", () => undefined);
  return new RecordingSaver(pool);
}

/** a → ask (interrupts) → c: the smallest graph with a pause and a step after it. */
function pausingGraph(checkpointer: BaseCheckpointSaver) {
  return new StateGraph(MessagesAnnotation)
    .addNode("a", async () => ({ messages: [new AIMessage("a")] }))
    .addNode("ask", async () => ({ messages: [new AIMessage(`answer ${JSON.stringify(interrupt("go?"))}`)] }))
    .addNode("c", async () => ({ messages: [new AIMessage("c")] }))
    .addEdge(START, "a")
    .addEdge("a", "ask")
    .addEdge("ask", "c")
    .addEdge("c", END)
    .compile({ checkpointer });
}

/** The same, with `ask` inside a subgraph (its checkpoints live in the subgraph's namespace). */
function nestedGraph(checkpointer: BaseCheckpointSaver) {
  const inner = new StateGraph(MessagesAnnotation)
    .addNode("ask", async () => ({ messages: [new AIMessage(`inner ${JSON.stringify(interrupt("go?"))}`)] }))
    .addNode("after", async () => ({ messages: [new AIMessage("after")] }))
    .addEdge(START, "ask")
    .addEdge("ask", "after")
    .compile();
  return new StateGraph(MessagesAnnotation).addNode("inner", inner).addEdge(START, "inner").addEdge("inner", END).compile({ checkpointer });
}

async function forkedParents(threadId: string): Promise<Array<{ checkpoint_ns: string; sources: string[] }>> {
  const { rows } = await session.db.pool.query<{ checkpoint_ns: string; sources: string[] }>(
    `SELECT checkpoint_ns, array_agg(metadata->>'source' ORDER BY checkpoint_id) AS sources FROM checkpoints WHERE thread_id = $1
     GROUP BY checkpoint_ns, parent_checkpoint_id HAVING count(*) > 1`,
    [threadId],
  );
  return rows;
}

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  return isHITLError(error) ? error.code : error === undefined ? undefined : `untyped: ${String(error)}`;
}

/** Resolves once every query handed to `pool` has finished (what a settled run left behind is judged). */
async function writesSettled(pool: pg.Pool): Promise<void> {
  for (let quiet = 0; quiet < 2; ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    quiet = pool.waitingCount === 0 && pool.idleCount === pool.totalCount ? quiet + 1 : 0;
  }
}

async function history(graph: ReturnType<typeof pausingGraph>, config: RunnableConfig) {
  const states = [];
  for await (const state of graph.getStateHistory(config)) states.push(state);
  return states;
}

describe("LangGraph hands the fence what it needs", () => {
  test("the invoke config's continuation token reaches every put and putWrites, at the root and in a subgraph", async () => {
    const saver = recordingSaver();
    try {
      const graph = nestedGraph(saver);
      const config = newThread("token");
      const token = "token-1";
      expect(await saver.continuationLeases.acquire(config.configurable.thread_id, token)).toBe(true);
      await graph.invoke({ messages: [new HumanMessage("go")] }, withContinuationToken(config, token));
      await graph.invoke(new Command({ resume: "yes" }), withContinuationToken(config, token));
      const namespaces = new Set(saver.seen.map((write) => String(write.config.configurable?.["checkpoint_ns"])));
      expect([...namespaces].some((namespace) => namespace.startsWith("inner:"))).toBe(true);
      expect(saver.seen.filter((write) => continuationTokenOf(write.config) !== token)).toEqual([]);
    } finally {
      await saver.end();
    }
  });

  test("a head load carries a mark LangGraph copies into the run's writes, and the mark changes neither equality nor JSON of the config", async () => {
    const stockPool = new pg.Pool({ connectionString: session.db.url });
    const stock = new PostgresSaver(stockPool);
    try {
      const config = newThread("mark");
      await pausingGraph(session.saver).invoke({ messages: [] }, config);
      const [ours, theirs] = await Promise.all([session.saver.getTuple(config), stock.getTuple(config)]);
      expect(ours?.config).toEqual(theirs?.config);
      expect(JSON.stringify(ours?.config)).toBe(JSON.stringify(theirs?.config));
      expect(Object.keys(ours?.config.configurable ?? {})).not.toEqual(Object.keys(theirs?.config.configurable ?? {}));
      const [addressed, stockAddressed] = await Promise.all([session.saver.getTuple(theirs!.config), stock.getTuple(theirs!.config)]);
      expect(addressed?.config).toEqual(stockAddressed?.config);
      expect(JSON.stringify(addressed?.config)).toBe(JSON.stringify(stockAddressed?.config));
    } finally {
      await stock.end();
    }
  });
});

describe("fenced writes", () => {
  test("a run whose token does not hold the thread's lease cannot write: THREAD_BUSY, nothing saved", async () => {
    const graph = pausingGraph(session.saver);
    const config = newThread("lapsed");
    const { thread_id: threadId } = config.configurable;
    await session.saver.continuationLeases.acquire(threadId, "old");
    await session.saver.continuationLeases.release(threadId, "old");
    expect(await refusal(graph.invoke({ messages: [] }, withContinuationToken(config, "old")))).toBe("THREAD_BUSY");
    expect(await session.saver.getTuple(config)).toBeUndefined();
  });

  test("a run without a token cannot write while another run holds the lease, and can once it is released", async () => {
    const graph = pausingGraph(session.saver);
    const config = newThread("foreign");
    const { thread_id: threadId } = config.configurable;
    await session.saver.continuationLeases.acquire(threadId, "holder");
    expect(await refusal(graph.invoke({ messages: [] }, config))).toBe("THREAD_BUSY");
    // LangGraph reports the first refused write while the run's others may still wait for a
    // connection (README "The limits, stated exactly"): let them be refused under the lease too.
    await writesSettled(session.db.pool);
    expect(await session.saver.getTuple(config)).toBeUndefined();
    await session.saver.continuationLeases.release(threadId, "holder");
    expect(await refusal(graph.invoke({ messages: [] }, config))).toBeUndefined();
  });

  test("a lease lapses on the database clock: a second holder takes it, and the first can neither renew nor write", async () => {
    const pool = new pg.Pool({ connectionString: session.db.url });
    const saver = new HITLPostgresSaver(pool, { claimLeaseMs: 200 });
    try {
      const config = newThread("lapse");
      const { thread_id: threadId } = config.configurable;
      expect(await saver.continuationLeases.acquire(threadId, "first")).toBe(true);
      expect(await saver.continuationLeases.acquire(threadId, "second")).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await saver.continuationLeases.acquire(threadId, "second")).toBe(true);
      expect(await saver.continuationLeases.renew(threadId, "first")).toBe(false);
      expect(await refusal(pausingGraph(saver).invoke({ messages: [] }, withContinuationToken(config, "first")))).toBe("THREAD_BUSY");
    } finally {
      await saver.end();
    }
  });

  test("a second child of a head-loaded checkpoint is refused with INTERRUPT_ALREADY_RESOLVED; the first one stays", async () => {
    const config = newThread("second-child");
    await pausingGraph(session.saver).invoke({ messages: [] }, config);
    const head = await session.saver.getTuple(config);
    const child = (id: string): Checkpoint => ({ ...emptyCheckpoint(), id });
    const metadata: CheckpointMetadata = { source: "loop", step: 9, parents: {} };
    // Ids made now, so both sort after the head, as LangGraph's own would (a fixed id would stop doing so one day).
    const [first, second] = [uuid6(-1), uuid6(-1)];
    await session.saver.put(head!.config, child(first), metadata, {});
    expect(await refusal(session.saver.put(head!.config, child(second), metadata, {}))).toBe("INTERRUPT_ALREADY_RESOLVED");
    // Saving the same checkpoint again (LangGraph's exit put) is not a second child.
    expect(await refusal(session.saver.put(head!.config, child(first), metadata, {}))).toBeUndefined();
    expect((await session.saver.getTuple(config))?.checkpoint.id).toBe(first);
  });

  test("fenced writes store exactly the rows the stock PostgresSaver stores", async () => {
    await session.db.pool.query("CREATE SCHEMA IF NOT EXISTS stock");
    const stockPool = new pg.Pool({ connectionString: session.db.url });
    const stock = new PostgresSaver(stockPool, undefined, { schema: "stock" });
    await stock.setup();
    try {
      const config = { configurable: { thread_id: "rows", checkpoint_ns: "" } };
      const checkpoint: Checkpoint = { ...emptyCheckpoint(), id: "1f1ed501-0000-6000-8000-000000000001", channel_values: { messages: ["hi"] }, channel_versions: { messages: 1 } };
      const metadata: CheckpointMetadata = { source: "input", step: -1, parents: {} };
      const saved = await Promise.all([session.saver.put(config, checkpoint, metadata, { messages: 1 }), stock.put(config, checkpoint, metadata, { messages: 1 })]);
      expect(saved[0]).toEqual(saved[1]);
      const writes: PendingWrite[] = [["messages", "one"], ["messages", "two"]];
      await Promise.all([session.saver.putWrites(saved[0], writes, "task-1"), stock.putWrites(saved[1], writes, "task-1")]);
      await Promise.all([session.saver.putWrites(saved[0], [["__interrupt__", [{ id: "x", value: 1 }]]], "task-2"), stock.putWrites(saved[1], [["__interrupt__", [{ id: "x", value: 1 }]]], "task-2")]);
      for (const table of ["checkpoints", "checkpoint_blobs", "checkpoint_writes"]) {
        const rows = async (schema: string) => (await session.db.pool.query(`SELECT * FROM ${schema}.${table} WHERE thread_id = 'rows' ORDER BY 1, 2, 3, 4`)).rows;
        expect(await rows("public")).toEqual(await rows("stock"));
      }
    } finally {
      await stock.end();
    }
  });
});

describe("time travel still works with the fence on (LangGraph 1.7 writes these as siblings or forks)", () => {
  test("replaying from an older checkpoint writes a `fork` and continues from it", async () => {
    const graph = pausingGraph(session.saver);
    const config = newThread("replay");
    await graph.invoke({ messages: [new HumanMessage("go")] }, config);
    await graph.invoke(new Command({ resume: "first" }), config);
    const afterA = (await history(graph, config)).find((state) => state.next.includes("ask"))!;
    const replayed = await graph.invoke(null, afterA.config);
    expect(replayed.messages).toBeDefined();
    expect((await forkedParents(config.configurable.thread_id)).map((row) => row.sources)).toEqual([["loop", "fork"]]);
  });

  test("updateState on an older checkpoint writes an `update` sibling, and a run from it is let through", async () => {
    const graph = pausingGraph(session.saver);
    const config = newThread("update");
    await graph.invoke({ messages: [new HumanMessage("go")] }, config);
    await graph.invoke(new Command({ resume: "first" }), config);
    const afterA = (await history(graph, config)).find((state) => state.next.includes("ask"))!;
    const updated = await graph.updateState(afterA.config, { messages: [new HumanMessage("note")] });
    expect(await refusal(graph.invoke(null, updated))).toBeUndefined();
    expect((await forkedParents(config.configurable.thread_id)).map((row) => row.sources)).toEqual([["loop", "update"]]);
  });

  test("resuming an older, already answered checkpoint by its address writes a second `loop` child, and is let through", async () => {
    const graph = pausingGraph(session.saver);
    const config = newThread("addressed");
    await graph.invoke({ messages: [new HumanMessage("go")] }, config);
    const paused = (await graph.getState(config)).config;
    await graph.invoke(new Command({ resume: "first" }), config);
    expect(await refusal(graph.invoke(new Command({ resume: "again" }), { configurable: { ...paused.configurable } }))).toBeUndefined();
    expect((await forkedParents(config.configurable.thread_id)).map((row) => row.sources)).toEqual([["loop", "loop"]]);
  });

  test("new input on an older checkpoint writes a second `input`-sourced sibling, and is let through", async () => {
    const graph = pausingGraph(session.saver);
    const config = newThread("branch");
    await graph.invoke({ messages: [new HumanMessage("go")] }, config);
    await graph.invoke(new Command({ resume: "first" }), config);
    const afterA = (await history(graph, config)).find((state) => state.next.includes("ask"))!;
    expect(await refusal(graph.invoke({ messages: [new HumanMessage("branch")] }, { configurable: { thread_id: config.configurable.thread_id, checkpoint_id: afterA.config.configurable?.["checkpoint_id"] } }))).toBeUndefined();
    expect((await forkedParents(config.configurable.thread_id)).map((row) => row.sources)).toEqual([["loop", "input"]]);
  });

  test("a paused subgraph resumes under a lease; its checkpoints keep one continuation per parent", async () => {
    const graph = nestedGraph(session.saver);
    const config = newThread("subgraph");
    await graph.invoke({ messages: [new HumanMessage("go")] }, config);
    const token = "sub-token";
    await session.saver.continuationLeases.acquire(config.configurable.thread_id, token);
    await graph.invoke(new Command({ resume: "yes" }), withContinuationToken(config, token));
    await session.saver.continuationLeases.release(config.configurable.thread_id, token);
    expect((await graph.getState(config)).values.messages.map((message: { content: unknown }) => message.content)).toEqual(["go", 'inner "yes"', "after"]);
    expect(await forkedParents(config.configurable.thread_id)).toEqual([]);
  });
});
