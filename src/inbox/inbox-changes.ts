import type { RunnableConfig } from "@langchain/core/runnables";
import { INTERRUPT_CHANNEL, isResultChannel, storedInterrupts } from "../langgraph/index.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { InboxRow } from "./types.js";


/** How one checkpointer write changes the inbox. */
export type InboxChange =
  | { kind: "raise"; threadId: string; taskId: string; rows: InboxRow[] }
  | { kind: "finish_task"; threadId: string; taskId: string }
  | { kind: "advance"; threadId: string; checkpointId: string };

interface Location {
  threadId: string;
  checkpointId: string;
}

/** Where a root-graph write lands; subgraph namespaces are not part of the inbox (their interrupts bubble up to the root). */
function rootLocation(config: RunnableConfig): Location | undefined {
  const configurable = (config.configurable ?? {}) as Record<string, unknown>;
  const namespace = configurable["checkpoint_ns"];
  const threadId = configurable["thread_id"];
  const checkpointId = configurable["checkpoint_id"];
  if ((namespace !== undefined && namespace !== "") || threadId === undefined || typeof checkpointId !== "string") return undefined;
  return { threadId: String(threadId), checkpointId };
}

/** What an inbox row keeps of an approval beside its payload; checked once, as the guard walks every request. */
function approvalFacts(payload: unknown): { expiresAt: string | undefined; toolNames: string[] } {
  if (!isToolApprovalInterrupt(payload)) return { expiresAt: undefined, toolNames: [] };
  return { expiresAt: payload.expires_at, toolNames: [...new Set(payload.action_requests.map((request) => request.name))] };
}

/**
 * Derives the inbox change of a `putWrites`: an `__interrupt__` write raises (or re-raises)
 * the task's interrupts; any result write means the task finished and is no longer waiting.
 */
export function changesForWrites(config: RunnableConfig, writes: ReadonlyArray<[string, unknown]>, taskId: string, now: Date): InboxChange[] {
  const location = rootLocation(config);
  if (location === undefined) return [];
  const raised = writes.find(([channel]) => channel === INTERRUPT_CHANNEL);
  if (raised !== undefined) {
    const rows = storedInterrupts(raised[1]).map((entry, position) => ({
      threadId: location.threadId,
      taskId,
      position,
      checkpointId: location.checkpointId,
      interruptId: entry.id,
      payload: entry.value,
      createdAt: now.toISOString(),
      ...approvalFacts(entry.value),
    }));
    return [{ kind: "raise", threadId: location.threadId, taskId, rows }];
  }
  if (writes.some(([channel]) => isResultChannel(channel))) return [{ kind: "finish_task", threadId: location.threadId, taskId }];
  return [];
}

/** A new root checkpoint means the step that was waiting moved on: interrupts of older checkpoints are resolved. */
export function changesForCheckpoint(savedConfig: RunnableConfig): InboxChange[] {
  const location = rootLocation(savedConfig);
  return location === undefined ? [] : [{ kind: "advance", threadId: location.threadId, checkpointId: location.checkpointId }];
}
