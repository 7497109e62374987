import { HITLError } from "../errors/hitl-error.js";
import { markingUnavailable } from "../errors/database-unavailable.js";
import { interruptValuesOfTask, readTaskContext, type PendingWrite, type TaskContext } from "../langgraph/index.js";

export { readTaskContext, type TaskContext };

/** 100-ns intervals between the Gregorian epoch (UUID v6 time) and the Unix epoch. */
const GREGORIAN_OFFSET_MS = 12_219_292_800_000;

/**
 * Fails before any tool runs when the graph cannot pause: an `interrupt()` needs a
 * checkpointer to persist the pause.
 *
 * @throws {HITLError} `MISSING_CHECKPOINTER`.
 */
export function assertCanPause(context: TaskContext): void {
  if (context.checkpointer !== undefined && context.checkpointer !== null) return;
  throw new HITLError(
    "MISSING_CHECKPOINTER",
    "ApprovalToolNode needs a checkpointer to pause for a person: compile the graph with one " +
      "(e.g. `graph.compile({ checkpointer: new MemorySaver() })`). No tool was run.",
  );
}

/**
 * When the batch was proposed: the time encoded in the UUID v6 id of the checkpoint the
 * task runs from. It is the same on every pass, so deadlines derived from it never drift.
 */
export function proposedAtMs(context: TaskContext): number | undefined {
  const hex = context.checkpointId?.replace(/-/g, "");
  if (hex === undefined || hex.length !== 32 || hex[12] !== "6") return undefined;
  const time = (BigInt(`0x${hex.slice(0, 8)}`) << 28n) | (BigInt(`0x${hex.slice(8, 12)}`) << 12n) | BigInt(`0x${hex.slice(13, 16)}`);
  return Number(time / 10_000n) - GREGORIAN_OFFSET_MS;
}

/**
 * A checkpointer that can read one task's interrupt write alone, without loading the
 * checkpoint (the Postgres checkpointer does).
 */
export interface InterruptWriteReader {
  readTaskInterrupts(threadId: string, namespace: string, checkpointId: string, taskId: string): Promise<unknown[]>;
}

function readsTaskInterrupts(value: unknown): value is InterruptWriteReader {
  return typeof (value as Partial<InterruptWriteReader> | null)?.readTaskInterrupts === "function";
}

/**
 * The interrupt values this task raised last, as the checkpointer stored them: what the
 * person was actually shown. The node reads them itself; nothing in a resume value replaces them.
 */
export async function readStoredInterruptValues(context: TaskContext): Promise<readonly unknown[]> {
  const { checkpointer, threadId, checkpointId, taskId } = context;
  if (checkpointer == null || threadId === undefined || checkpointId === undefined || taskId === undefined) return [];
  const namespace = context.parentNamespace;
  // Inside a node, only a failure marked where it happens is reported as the database's.
  const saver = markingUnavailable(checkpointer);
  if (readsTaskInterrupts(saver)) return saver.readTaskInterrupts(threadId, namespace, checkpointId, taskId);
  const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: namespace, checkpoint_id: checkpointId } });
  return interruptValuesOfTask((tuple?.pendingWrites ?? []) as PendingWrite[], taskId);
}
