// Contract test for src/langgraph/memory-saver-keys.ts: the thread ids it says a MemorySaver
// refuses are exactly the ones its reads and writes refuse, among every name Object.prototype
// has and a few ordinary ids. `npm run test:latest` runs it on the newest
// @langchain/langgraph-checkpoint too, so a release that refuses another set fails here.
import { emptyCheckpoint, MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import { memorySaverRefusesThreadId } from "../../src/langgraph/index.js";
import { createMemoryCheckpointer } from "../../src/index.js";

const SAVERS: ReadonlyArray<[string, () => BaseCheckpointSaver]> = [
  ["MemorySaver", () => new MemorySaver()],
  ["createMemoryCheckpointer", () => createMemoryCheckpointer()],
];

const CANDIDATES = [...Object.getOwnPropertyNames(Object.prototype), "prototype", "t1", "thread-42", "Constructor", "__proto"];

const rejects = (promise: Promise<unknown>): Promise<boolean> => promise.then(() => false, () => true);

describe.each(SAVERS)("the thread ids %s refuses", (_name, make) => {
  test.each(CANDIDATES)("%s: refused by getTuple exactly when memorySaverRefusesThreadId says so", async (threadId) => {
    const saver = make();
    expect(await rejects(saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } }))).toBe(memorySaverRefusesThreadId(saver, threadId));
  });

  test.each(["__proto__", "constructor", "prototype"])("%s: nothing can be checkpointed under it", async (threadId) => {
    const saver = make();
    const config = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
    expect(await rejects(saver.put(config, emptyCheckpoint(), { source: "input", step: -1, parents: {} }, {}))).toBe(true);
    expect(memorySaverRefusesThreadId(saver, threadId)).toBe(true);
  });
});

test("a checkpointer that is not a MemorySaver refuses no id here (its own reads decide)", () => {
  expect(memorySaverRefusesThreadId({ getTuple: async () => undefined }, "constructor")).toBe(false);
  expect(memorySaverRefusesThreadId(undefined, "__proto__")).toBe(false);
});
