import type { RunnableConfig } from "@langchain/core/runnables";
import { MemorySaver } from "@langchain/langgraph";
import type { PendingWrite } from "@langchain/langgraph-checkpoint";
import { createMemoryCheckpointer } from "../../src/index.js";
import { HISTORY_MARKER, turnRoutingWriteCases, type RecordedSaver } from "./turn-routing-writes.cases.js";

/** Wraps a real saver's `putWrites` to note, per thread, the channels of the writes that carry the history. */
function recording(saver: MemorySaver): RecordedSaver {
  const byThread = new Map<string, string[]>();
  const putWrites = saver.putWrites.bind(saver);
  saver.putWrites = (config: RunnableConfig, writes: PendingWrite[], taskId: string) => {
    const threadId = String(config.configurable?.["thread_id"]);
    for (const [channel, value] of writes) if (JSON.stringify(value ?? null).includes(HISTORY_MARKER)) byThread.set(threadId, [...(byThread.get(threadId) ?? []), channel]);
    return putWrites(config, writes, taskId);
  };
  return { saver, historyWriteChannels: async (threadId) => byThread.get(threadId) ?? [] };
}

describe("approvalMiddleware's tool turn on MemorySaver", () => {
  turnRoutingWriteCases(() => recording(new MemorySaver()));
});

describe("approvalMiddleware's tool turn on createMemoryCheckpointer", () => {
  turnRoutingWriteCases(() => recording(createMemoryCheckpointer()));
});
