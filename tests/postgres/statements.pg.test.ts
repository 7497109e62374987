// How many statements the saver sends: one per put (blobs included), one per putWrites, one per
// deleteThread — each atomic on its own, so none needs a BEGIN/COMMIT round trip.
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { emptyCheckpoint, type Checkpoint } from "@langchain/langgraph-checkpoint";
import { newThread } from "../support/fixtures.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";
import { traceStatements } from "./support/sql-trace.js";

const session = usePostgresCheckpointer();

const keywords = (statements: string[]): string[] => statements.map((text) => text.trimStart().split(/\s+/, 1)[0]!.toUpperCase());

describe("one statement per write", () => {
  test("put() with five new blobs is one statement (no BEGIN, no COMMIT), and so is the next step's", async () => {
    const config = { configurable: { ...newThread("one-put").configurable, checkpoint_ns: "" } };
    const values = { messages: [new HumanMessage("hi")], a: 1, b: "two", c: [3], d: { four: 4 } };
    const versions = { messages: 1, a: 1, b: 1, c: 1, d: 1 };
    const checkpoint: Checkpoint = { ...emptyCheckpoint(), channel_values: values, channel_versions: versions };
    let saved = config as typeof config & { configurable: { checkpoint_id?: string } };
    const first = await traceStatements(async () => {
      saved = (await session.saver.put(config, checkpoint, { source: "input", step: -1, parents: {} }, versions)) as typeof saved;
    });
    expect(keywords(first)).toEqual(["WITH"]);
    const next: Checkpoint = { ...emptyCheckpoint(), channel_values: { ...values, messages: [new AIMessage("yo")] }, channel_versions: { ...versions, messages: 2 } };
    const second = await traceStatements(() => session.saver.put(saved, next, { source: "loop", step: 0, parents: {} }, { messages: 2 }));
    expect(keywords(second)).toEqual(["WITH"]);
    const { rows } = await session.db.pool.query("SELECT count(*)::int AS n FROM checkpoint_blobs WHERE thread_id = $1", [config.configurable.thread_id]);
    expect(rows[0]).toEqual({ n: 6 });
  });

  test("putWrites() of several writes is one statement", async () => {
    const config = { configurable: { ...newThread("one-writes").configurable, checkpoint_ns: "" } };
    const saved = await session.saver.put(config, emptyCheckpoint(), { source: "input", step: -1, parents: {} }, {});
    const statements = await traceStatements(() => session.saver.putWrites(saved, [["messages", "a"], ["other", "b"], ["third", "c"]], "task"));
    expect(keywords(statements)).toEqual(["WITH"]);
  });

  test("deleteThread() is one statement", async () => {
    const config = { configurable: { ...newThread("one-delete").configurable, checkpoint_ns: "" } };
    await session.saver.put(config, emptyCheckpoint(), { source: "input", step: -1, parents: {} }, {});
    const statements = await traceStatements(() => session.saver.deleteThread(config.configurable.thread_id));
    expect(keywords(statements)).toEqual(["WITH"]);
  });
});
