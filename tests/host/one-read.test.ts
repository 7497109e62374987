// One read per resume (issue 26): what resume() reads of the thread under its lease is the
// checkpoint LangGraph's run loads and the stored request the node checks decisions against —
// the checkpointer reads the thread once, through resume() and through the HTTP handler alike.
import { MemorySaver } from "@langchain/langgraph";
import { createMemoryCheckpointer } from "../../src/index.js";
import { nodeAdapter } from "../behaviour/harness.js";
import { ADAPTERS, pausedForReads, READ_CASES } from "../support/one-read.js";

/** Reads the checkpointer makes itself (ours serve a handed-over load without calling MemorySaver's). */
async function checkpointReads(run: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(MemorySaver.prototype, "getTuple");
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe("one read per resume on the memory checkpointer", () => {
  test.each(READ_CASES)("%s, %s: 1 getTuple for the whole resume, and the calls ran", async (_name, route, adapter) => {
    const { approve, runs } = await pausedForReads(adapter, createMemoryCheckpointer(), 2);
    let outcome = "";
    const reads = await checkpointReads(async () => {
      outcome = await approve(route);
    });
    expect(outcome).toBe(route === "HTTP" ? "applied 2" : "applied");
    expect(runs).toEqual([0, 1]);
    expect(reads).toBe(1);
  });

  test("LangGraph's own MemorySaver cannot serve the hand-over: its run loads the checkpoint itself (the node still takes the stored request from resume()'s read)", async () => {
    const { approve, runs } = await pausedForReads(nodeAdapter, new MemorySaver(), 2);
    let outcome = "";
    const reads = await checkpointReads(async () => {
      outcome = await approve("resume()");
    });
    expect(outcome).toBe("applied");
    expect(runs).toEqual([0, 1]);
    // resume()'s read and the run's own load.
    expect(reads).toBe(2);
  });
});

describe("a raw Command resume on an in-memory saver", () => {
  const savers = [
    ["createMemoryCheckpointer", () => createMemoryCheckpointer()],
    ["MemorySaver", () => new MemorySaver()],
  ] as const;
  const cases = ADAPTERS.flatMap(([name, adapter]) => savers.map(([saverName, make]) => [name, saverName, adapter, make] as const));

  test.each(cases)("%s on %s: only the run's own load reads the checkpoint; the node takes the stored request from its task's writes, and the calls ran", async (_name, _saver, adapter, make) => {
    const { approve, runs } = await pausedForReads(adapter, make(), 2);
    const reads = await checkpointReads(() => approve("raw Command"));
    expect(runs).toEqual([0, 1]);
    expect(reads).toBe(1);
  });
});
