import { HITLError } from "../errors/hitl-error.js";
import { markingUnavailable } from "../errors/database-unavailable.js";
import { interruptValuesOfTask, loadedInterruptValues, readTaskContext, type PendingWrite, type TaskContext } from "../langgraph/index.js";

export { readTaskContext, type TaskContext };

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
 * A checkpointer that can read one task's interrupt write alone, without loading the
 * checkpoint (the Postgres checkpointer does).
 */
interface InterruptWriteReader {
  readTaskInterrupts(threadId: string, namespace: string, checkpointId: string, taskId: string): Promise<unknown[]>;
}

function readsTaskInterrupts(value: unknown): value is InterruptWriteReader {
  return typeof (value as Partial<InterruptWriteReader> | null)?.readTaskInterrupts === "function";
}

/**
 * The interrupt values this task raised last, as the checkpointer stored them: what the
 * person was actually shown. The node reads them itself — or takes them from the checkpoint
 * `resume()` read under the thread's lease and handed to this very run (for this checkpoint,
 * thread and token only; nothing a client can send passes for it); nothing in a resume value
 * replaces them.
 */
export async function readStoredInterruptValues(context: TaskContext): Promise<readonly unknown[]> {
  const { checkpointer, threadId, checkpointId, taskId } = context;
  if (checkpointer == null || threadId === undefined || checkpointId === undefined || taskId === undefined) return [];
  const handed = loadedInterruptValues(context.load, context, context.continuationToken);
  if (handed !== undefined) return handed;
  const namespace = context.parentNamespace;
  // Inside a node, only a failure marked where it happens is reported as the database's.
  const saver = markingUnavailable(checkpointer);
  if (readsTaskInterrupts(saver)) return saver.readTaskInterrupts(threadId, namespace, checkpointId, taskId);
  const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: namespace, checkpoint_id: checkpointId } });
  return interruptValuesOfTask((tuple?.pendingWrites ?? []) as PendingWrite[], taskId);
}
