import { INTERRUPT_CHANNEL, isResultChannel, RESUME_CHANNEL } from "./channels.js";

/** One pending write of a checkpoint: `[taskId, channel, value]`. */
export type PendingWrite = [string, string, unknown];

/** An interrupt as LangGraph stores it in a task's interrupt write: its id says which raise of the task it was. */
export interface StoredInterrupt {
  id: string;
  value: unknown;
}

/** What a checkpoint's pending writes say about its tasks. */
interface PendingWritesSummary {
  /** Interrupts of tasks that have no result yet, in write order, with the task that raised them. */
  pending: Array<StoredInterrupt & { taskId: string }>;
  /** Interrupt ids a resume value was already submitted for, with what LangGraph recorded. */
  answered: ReadonlyMap<string, unknown>;
}

const INTERRUPT_ID = /^[0-9a-f]{32}$/;

/**
 * The interrupts of one interrupt write (its value is `[{ id, value }]`; entries without an id are skipped).
 *
 * @example
 * ```ts
 * storedInterrupts([{ id: "4e1f…", value: { type: "tool_approval" } }]); // [{ id: "4e1f…", value: {…} }]
 * ```
 */
export function storedInterrupts(value: unknown): StoredInterrupt[] {
  const entries = (Array.isArray(value) ? value : [value]) as Array<{ id?: unknown; value?: unknown } | null>;
  return entries.filter((entry) => typeof entry?.id === "string").map((entry) => ({ id: entry!.id as string, value: entry!.value }));
}

/**
 * Reads the pending interrupts of a checkpoint from its pending writes — the same facts
 * `getState().tasks[].interrupts` derives, without rebuilding every channel. A task that
 * wrote a result is finished, even if its interrupt write is still there.
 *
 * @example
 * ```ts
 * const { pending } = summarizePendingWrites(tuple.pendingWrites ?? []);
 * ```
 */
export function summarizePendingWrites(writes: readonly PendingWrite[]): PendingWritesSummary {
  const interruptsByTask = new Map<string, StoredInterrupt[]>();
  const finished = new Set<string>();
  const answered = new Map<string, unknown>();
  for (const [taskId, channel, value] of writes) {
    if (channel === INTERRUPT_CHANNEL) interruptsByTask.set(taskId, storedInterrupts(value));
    // A resume addressed to one interrupt is written under the interrupt's id.
    else if (channel === RESUME_CHANNEL && INTERRUPT_ID.test(taskId)) answered.set(taskId, value);
    else if (isResultChannel(channel)) finished.add(taskId);
  }
  const pending = [...interruptsByTask]
    .filter(([taskId]) => !finished.has(taskId))
    .flatMap(([taskId, interrupts]) => interrupts.map((entry) => ({ ...entry, taskId })));
  return { pending, answered };
}

/** The pending writes of a thread's latest root checkpoint, and that checkpoint's id. */
export interface LatestPendingWrites {
  checkpointId: string | undefined;
  writes: PendingWrite[];
}

/**
 * The interrupts one task raised last, with their ids, from a checkpoint's pending writes
 * (LangGraph keeps only the latest raise per task).
 *
 * @example
 * ```ts
 * const [raised] = interruptsOfTask(tuple.pendingWrites ?? [], taskId); // { id, value }
 * ```
 */
export function interruptsOfTask(writes: readonly PendingWrite[], taskId: string): StoredInterrupt[] {
  return writes.filter(([writeTaskId, channel]) => writeTaskId === taskId && channel === INTERRUPT_CHANNEL).flatMap(([, , value]) => storedInterrupts(value));
}
