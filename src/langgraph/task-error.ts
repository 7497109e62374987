// LangGraph stamps an error that leaves one of its tasks with the task's id; there is no public accessor.
const TASK_ID_KEY = "pregelTaskId";

/**
 * Whether `error` was thrown by a graph node (a tool, a model call, any node's own code), as
 * opposed to LangGraph's own work around the nodes (reading and writing checkpoints) or code
 * outside the graph.
 *
 * @param error - Anything a graph run rejected with.
 * @returns `true` when LangGraph marked it as leaving one of its tasks.
 * @example
 * ```ts
 * await graph.invoke(input, config).catch((error) => thrownByTask(error)); // true for a tool's error
 * ```
 */
export function thrownByTask(error: unknown): boolean {
  return typeof error === "object" && error !== null && typeof (error as Record<string, unknown>)[TASK_ID_KEY] === "string";
}
