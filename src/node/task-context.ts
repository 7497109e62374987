import type { BaseCheckpointSaver, LangGraphRunnableConfig } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";

const CHECKPOINTER_KEY = "__pregel_checkpointer";
const TASK_ID_KEY = "__pregel_task_id";
const INTERRUPT_CHANNEL = "__interrupt__";
/** 100-ns intervals between the Gregorian epoch (UUID v6 time) and the Unix epoch. */
const GREGORIAN_OFFSET_MS = 12_219_292_800_000;

/** Where the current task stands in its thread, read from LangGraph's run config. */
export interface TaskContext {
  threadId: string | undefined;
  checkpointer: BaseCheckpointSaver | undefined;
  /** The checkpoint the task runs from: the same on the first pass and on every resume. */
  checkpointId: string | undefined;
  parentNamespace: string;
  taskId: string | undefined;
}

export function readTaskContext(config: LangGraphRunnableConfig): TaskContext {
  const configurable = (config.configurable ?? {}) as Record<string, unknown>;
  const namespace = typeof configurable["checkpoint_ns"] === "string" ? configurable["checkpoint_ns"] : "";
  const separator = namespace.lastIndexOf("|");
  const parentNamespace = separator === -1 ? "" : namespace.slice(0, separator);
  const checkpointMap = (configurable["checkpoint_map"] ?? {}) as Record<string, string>;
  const threadId = configurable["thread_id"];
  const taskId = configurable[TASK_ID_KEY];
  return {
    threadId: typeof threadId === "string" || typeof threadId === "number" ? String(threadId) : undefined,
    checkpointer: configurable[CHECKPOINTER_KEY] as BaseCheckpointSaver | undefined,
    checkpointId: checkpointMap[parentNamespace],
    parentNamespace,
    taskId: typeof taskId === "string" ? taskId : undefined,
  };
}

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
 * The interrupt values this task raised last, as the checkpointer stored them: what the
 * person was actually shown. LangGraph keeps only the latest raise per task.
 */
export async function readStoredInterruptValues(context: TaskContext): Promise<unknown[]> {
  const { checkpointer, threadId, checkpointId, taskId } = context;
  if (checkpointer == null || threadId === undefined || checkpointId === undefined || taskId === undefined) return [];
  const tuple = await checkpointer.getTuple({
    configurable: { thread_id: threadId, checkpoint_ns: context.parentNamespace, checkpoint_id: checkpointId },
  });
  return (tuple?.pendingWrites ?? [])
    .filter(([writeTaskId, channel]) => writeTaskId === taskId && channel === INTERRUPT_CHANNEL)
    .flatMap(([, , value]) => (Array.isArray(value) ? value : [value]))
    .map((entry) => (entry as { value?: unknown } | null)?.value);
}
