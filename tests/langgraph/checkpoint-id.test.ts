// Contract test for src/langgraph/checkpoint-id.ts: LangGraph's checkpoint ids are UUID v6 whose
// time reads back and whose string order is the order they were written in.
import { AIMessage } from "@langchain/core/messages";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { uuid6 } from "@langchain/langgraph-checkpoint";
import { checkpointTimeMs, isLaterCheckpoint } from "../../src/langgraph/index.js";

async function historyOfARun(): Promise<Array<{ id: string; parentId: string | undefined }>> {
  const checkpointer = new MemorySaver();
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("one", () => ({ messages: [new AIMessage("one")] }))
    .addNode("two", () => ({ messages: [new AIMessage("two")] }))
    .addEdge(START, "one")
    .addEdge("one", "two")
    .addEdge("two", END)
    .compile({ checkpointer });
  const config = { configurable: { thread_id: "checkpoint-ids" } };
  await graph.invoke({ messages: [] }, config);
  await graph.invoke({ messages: [] }, config);
  const history: Array<{ id: string; parentId: string | undefined }> = [];
  for await (const tuple of checkpointer.list(config)) history.push({ id: tuple.checkpoint.id, parentId: tuple.parentConfig?.configurable?.["checkpoint_id"] as string | undefined });
  return history;
}

describe("LangGraph's checkpoint ids, as src/langgraph/checkpoint-id.ts reads them", () => {
  test("a checkpoint id written by a real run is a UUID v6 whose time is when it was written", async () => {
    const before = Date.now();
    const history = await historyOfARun();
    const after = Date.now();
    expect(history.length).toBeGreaterThan(4);
    for (const { id } of history) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-6[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const time = checkpointTimeMs(id);
      // uuid6 may run ahead of the clock by a millisecond per 10 000 ids made within one.
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after + 1_000);
    }
  });

  test("every checkpoint is later than its parent, and the history lists them newest first", async () => {
    const history = await historyOfARun();
    const byId = new Map(history.map((entry) => [entry.id, entry]));
    for (const { id, parentId } of history) if (parentId !== undefined && byId.has(parentId)) expect(isLaterCheckpoint(id, parentId)).toBe(true);
    for (let index = 1; index < history.length; index += 1) expect(isLaterCheckpoint(history[index - 1]!.id, history[index]!.id)).toBe(true);
  });

  test("ids made within one millisecond still sort in the order they were made, whatever the step (clock sequence)", () => {
    const ids = Array.from({ length: 2_000 }, (_, index) => uuid6(index % 7));
    for (let index = 1; index < ids.length; index += 1) expect(isLaterCheckpoint(ids[index]!, ids[index - 1]!)).toBe(true);
    expect(Math.abs(checkpointTimeMs(ids[0])! - Date.now())).toBeLessThan(1_000);
  });

  test("an id that is not a UUID v6 has no time", () => {
    expect(checkpointTimeMs(undefined)).toBeUndefined();
    expect(checkpointTimeMs("1ef4f797-8335-4f3a-9f8c-0d2d6c6b9d41")).toBeUndefined();
    expect(checkpointTimeMs("not-a-checkpoint-id")).toBeUndefined();
  });
});
