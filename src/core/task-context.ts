import { HITLError } from "../errors/hitl-error.js";
import { markingUnavailable } from "../errors/database-unavailable.js";
import { interruptsOfTask, loadedInterrupts, memoryTaskInterrupts, readTaskContext, type PendingWrite, type StoredInterrupt, type TaskContext } from "../langgraph/index.js";

export { readTaskContext, type TaskContext };

/** Where each adapter gets its checkpointer, in the words its user writes. */
const CHECKPOINTER_FIX = {
  ApprovalToolNode: "this graph has none: compile it with one, `graph.compile({ checkpointer })` (e.g. `checkpointer: new MemorySaver()`)",
  approvalMiddleware: "this agent has none: create it with one, `createAgent({ checkpointer })` beside its model, tools and middleware (e.g. `checkpointer: new MemorySaver()`)",
} as const;

/**
 * Fails before any tool runs when the graph cannot pause: an `interrupt()` needs a
 * checkpointer to persist the pause. The message names the adapter in use and its fix.
 *
 * @param context - The running task.
 * @param adapter - The adapter the options were given to.
 * @throws {HITLError} `MISSING_CHECKPOINTER`, with a detail at `["checkpointer"]`.
 */
export function assertCanPause(context: TaskContext, adapter: keyof typeof CHECKPOINTER_FIX): void {
  if (context.checkpointer !== undefined && context.checkpointer !== null) return;
  const message = `${adapter} needs a checkpointer to pause for a person, and ${CHECKPOINTER_FIX[adapter]}. No tool was run.`;
  throw new HITLError("MISSING_CHECKPOINTER", message, { details: [{ path: ["checkpointer"], message, received: context.checkpointer ?? null }] });
}

/**
 * A checkpointer that can read one task's interrupt write alone, without loading the
 * checkpoint (the Postgres checkpointer does).
 */
interface InterruptWriteReader {
  readStoredTaskInterrupts(threadId: string, namespace: string, checkpointId: string, taskId: string): Promise<StoredInterrupt[]>;
}

function readsTaskInterrupts(value: unknown): value is InterruptWriteReader {
  return typeof (value as Partial<InterruptWriteReader> | null)?.readStoredTaskInterrupts === "function";
}

/**
 * The interrupts this task raised last (id and value), as the checkpointer stored them: what
 * the person was actually shown, and which raise of the task it was. The node reads them itself — or takes them from the checkpoint
 * `resume()` read under the thread's lease and handed to this very run (for this checkpoint,
 * thread and token only; nothing a client can send passes for it); nothing in a resume value
 * replaces them.
 */
export async function readStoredInterrupts(context: TaskContext): Promise<readonly StoredInterrupt[]> {
  const { checkpointer, threadId, checkpointId, taskId } = context;
  if (checkpointer == null || threadId === undefined || checkpointId === undefined || taskId === undefined) return [];
  const handed = loadedInterrupts(context.load, context, context.continuationToken);
  if (handed !== undefined) return handed;
  const namespace = context.parentNamespace;
  // Inside a node, only a failure marked where it happens is reported as the database's.
  const saver = markingUnavailable(checkpointer);
  if (readsTaskInterrupts(saver)) return saver.readStoredTaskInterrupts(threadId, namespace, checkpointId, taskId);
  // An in-memory saver answers from the task's own writes, without reviving the whole checkpoint.
  const fromMemory = await memoryTaskInterrupts(checkpointer, threadId, namespace, checkpointId, taskId);
  if (fromMemory !== undefined) return fromMemory;
  const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: namespace, checkpoint_id: checkpointId } });
  return interruptsOfTask((tuple?.pendingWrites ?? []) as PendingWrite[], taskId);
}
