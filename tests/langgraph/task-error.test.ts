// Contract test for src/langgraph/task-error.ts: LangGraph marks an error that leaves a task, and only such errors.
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { thrownByTask } from "../../src/langgraph/index.js";

function graphWith(node: () => never | Record<string, never>, checkpointer: MemorySaver) {
  return new StateGraph(MessagesAnnotation).addNode("work", node).addEdge(START, "work").addEdge("work", END).compile({ checkpointer });
}

describe("errors that leave a LangGraph task", () => {
  test("a node's own error reaches the caller as that very error, marked as thrown by a task", async () => {
    const own = new Error("the node failed");
    const error = await graphWith(() => {
      throw own;
    }, new MemorySaver())
      .invoke({ messages: [] }, { configurable: { thread_id: "task-error-1" } })
      .catch((e: unknown) => e);
    expect(error).toBe(own);
    expect(thrownByTask(error)).toBe(true);
  });

  test("a checkpointer's failure is not marked as thrown by a task", async () => {
    const down = new Error("checkpointer down");
    class FailingSaver extends MemorySaver {
      override async getTuple(_config: RunnableConfig): Promise<CheckpointTuple | undefined> {
        throw down;
      }
    }
    const error = await graphWith(() => ({}), new FailingSaver()).invoke({ messages: [] }, { configurable: { thread_id: "task-error-2" } }).catch((e: unknown) => e);
    expect(error).toBe(down);
    expect(thrownByTask(error)).toBe(false);
  });
});
