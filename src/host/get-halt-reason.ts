import type { BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { memorySaverRefusesThreadId } from "../langgraph/index.js";
import { failureOfGraph } from "./agent-server-failure.js";
import { checkedThreadIdOf, type HITLGraph } from "./graph-types.js";
import { messageTypeOf } from "./message-type.js";
import type { RunHalt } from "./run-outcome.js";

interface HaltMark {
  kind: "halt" | "cancel";
  reason: string;
  event: RunHalt["event"];
}

/**
 * Why the thread's latest batch stopped the run, read from the checkpointer: the reason a
 * hook gave with `preventContinuation` (or `cancelRun`), or `undefined` when the latest batch
 * did not stop it. The mark lives on the batch's `ToolMessage` (`additional_kwargs.hitl_halt`).
 *
 * @param graph - A compiled graph, or a `RemoteGraph` (a graph deployed on LangGraph Agent Server).
 * @param config - `{ configurable: { thread_id } }`.
 * @returns `{ reason, event, toolCallId, cancelled }` or `undefined`.
 * @throws {HITLError} `INVALID_OPTIONS` for a thread id with the NUL character; for a
 * `RemoteGraph`, `AGENT_SERVER_FAILED` when its server could not be reached or answered an HTTP error.
 * @example
 * ```ts
 * const halt = await getHaltReason(graph, config);
 * if (halt) console.log(`${halt.event} stopped the run: ${halt.reason}`);
 * ```
 */
export async function getHaltReason(graph: HITLGraph, config: RunnableConfig): Promise<(RunHalt & { cancelled: boolean }) | undefined> {
  const threadId = checkedThreadIdOf(config, "getHaltReason()");
  // Nothing was ever checkpointed under an id the MemorySaver refuses (its read would throw a plain Error).
  if (threadId !== undefined && memorySaverRefusesThreadId(graph.checkpointer, threadId)) return undefined;
  const state = await graph.getState(config).catch((error: unknown) => {
    throw failureOfGraph(graph, error, "read", threadId);
  });
  const messages = ((state.values as { messages?: BaseMessage[] } | undefined)?.messages ?? []) as BaseMessage[];
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    // A RemoteGraph's state holds the messages as the server's JSON.
    if (message === undefined || messageTypeOf(message) !== "tool") return undefined;
    const mark = message.additional_kwargs?.["hitl_halt"] as HaltMark | undefined;
    if (mark !== undefined) {
      return { reason: mark.reason, event: mark.event, toolCallId: (message as { tool_call_id?: string }).tool_call_id ?? "", cancelled: mark.kind === "cancel" };
    }
  }
  return undefined;
}
