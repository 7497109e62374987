import type { BaseCheckpointSaver, LangGraphRunnableConfig } from "@langchain/langgraph";
import { continuationTokenOf } from "./continuation-config.js";
import { loadOfTask } from "./loaded-checkpoint.js";

// LangGraph hands a running task these through its config; they have no public accessor.
const CHECKPOINTER_KEY = "__pregel_checkpointer";
const TASK_ID_KEY = "__pregel_task_id";
/** The task's interrupt bookkeeping: the answers its `interrupt()` calls will return, by position. */
const SCRATCHPAD_KEY = "__pregel_scratchpad";
/** Separates the levels of a checkpoint namespace (`parent:task|child:task`). */
const NAMESPACE_SEPARATOR = "|";

/** Where the current task stands in its thread, read from LangGraph's run config. */
export interface TaskContext {
  threadId: string | undefined;
  checkpointer: BaseCheckpointSaver | undefined;
  /** The checkpoint the task runs from: the same on the first pass and on every resume. */
  checkpointId: string | undefined;
  /** The task's own namespace (`tools:<task id>`, or `parent:<id>|tools:<id>` in a subgraph). */
  namespace: string;
  /** The namespace of the graph the task runs in (`""` at the root). */
  parentNamespace: string;
  taskId: string | undefined;
  /** The id of the root-graph task this task runs under: its own id at the root. */
  rootTaskId: string | undefined;
  /** Whether this pass has answers to hand out (a resume of a paused task), rather than being its first. */
  resuming: boolean;
  /** The checkpoint `resume()` read under the thread's lease and handed to this run, if any (checked by whoever uses it). */
  load?: unknown;
  /** The continuation token this run carries, if it holds a thread's lease. */
  continuationToken?: string;
}

function isResuming(scratchpad: unknown): boolean {
  const { resume, nullResume } = (scratchpad ?? {}) as { resume?: unknown; nullResume?: unknown };
  return (Array.isArray(resume) && resume.length > 0) || nullResume !== undefined;
}

function rootTaskIdOf(namespace: string, taskId: string | undefined): string | undefined {
  const end = namespace.indexOf(NAMESPACE_SEPARATOR);
  const first = end === -1 ? namespace : namespace.slice(0, end);
  const colon = first.lastIndexOf(":");
  return colon === -1 ? taskId : first.slice(colon + 1);
}

/**
 * Reads the task's place in its thread from the config LangGraph passes a node.
 *
 * @example
 * ```ts
 * const task = readTaskContext(config);
 * task.threadId; // "t1"
 * ```
 */
export function readTaskContext(config: LangGraphRunnableConfig): TaskContext {
  const configurable = (config.configurable ?? {}) as Record<string, unknown>;
  const namespace = typeof configurable["checkpoint_ns"] === "string" ? configurable["checkpoint_ns"] : "";
  const separator = namespace.lastIndexOf(NAMESPACE_SEPARATOR);
  const parentNamespace = separator === -1 ? "" : namespace.slice(0, separator);
  const checkpointMap = (configurable["checkpoint_map"] ?? {}) as Record<string, string>;
  const threadId = configurable["thread_id"];
  const taskId = typeof configurable[TASK_ID_KEY] === "string" ? (configurable[TASK_ID_KEY] as string) : undefined;
  const context: TaskContext = {
    threadId: typeof threadId === "string" || typeof threadId === "number" ? String(threadId) : undefined,
    checkpointer: (configurable[CHECKPOINTER_KEY] ?? undefined) as BaseCheckpointSaver | undefined,
    checkpointId: checkpointMap[parentNamespace],
    namespace,
    parentNamespace,
    taskId,
    rootTaskId: rootTaskIdOf(namespace, taskId),
    resuming: isResuming(configurable[SCRATCHPAD_KEY]),
  };
  // Only when present: `load` and `continuationToken` are optional keys, never `undefined` values.
  const load = loadOfTask(config);
  if (load !== undefined) context.load = load;
  const continuationToken = continuationTokenOf(config);
  if (continuationToken !== undefined) context.continuationToken = continuationToken;
  return context;
}
