import type { BaseCheckpointSaver, StateSnapshot } from "@langchain/langgraph";
import type { RunnableConfig } from "@langchain/core/runnables";
import { HITLError } from "../errors/hitl-error.js";

/**
 * The parts of a compiled LangGraph graph the host helpers use. Any `CompiledStateGraph`
 * (including `createReactAgent`'s) fits.
 */
export interface HITLGraph {
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot>;
  // LangGraph's own `invoke` signature is generic over the graph's state; `any` keeps every graph assignable.
  invoke(input: any, config?: any): Promise<any>;
  checkpointer?: BaseCheckpointSaver | boolean | undefined;
}

/** @deprecated Use {@link HITLGraph} (one casing for the HITL prefix). */
export type HitlGraph = HITLGraph;

/** The thread id of a run config, as a string. */
function threadIdOf(config: RunnableConfig): string | undefined {
  const id = (config.configurable as Record<string, unknown> | undefined)?.["thread_id"];
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}

/**
 * The thread id of a run config, refused with `INVALID_OPTIONS` when it contains the NUL
 * character: Postgres text cannot hold it (the saver's read would throw the driver's raw error),
 * and every API of this library refuses it the same way on every checkpointer (the inbox's and
 * grants' `threadId` filters, the HTTP handler's path), so a thread that one checkpointer could
 * hold never becomes one another cannot find.
 *
 * @param config - The caller's run config.
 * @param caller - The function the caller called, for the message (e.g. `"start()"`).
 * @returns The thread id as a string, or `undefined` when the config has none.
 * @throws {HITLError} `INVALID_OPTIONS` naming `configurable.thread_id`.
 * @example
 * ```ts
 * const threadId = checkedThreadIdOf(config, "start()");
 * ```
 */
export function checkedThreadIdOf(config: RunnableConfig, caller: string): string | undefined {
  const threadId = threadIdOf(config);
  if (threadId === undefined || !threadId.includes("\u0000")) return threadId;
  const message = `${caller} cannot take \`config.configurable.thread_id\` ${JSON.stringify(threadId)}: it contains the NUL character, which Postgres cannot store, so no API of this library takes it`;
  throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["configurable", "thread_id"], message, received: threadId }] });
}

/**
 * The thread id of a run config, or the `INVALID_OPTIONS` error every host helper gives
 * without one: a paused run can only be found by its thread.
 *
 * @param config - The caller's run config.
 * @param caller - The function the caller called, for the message (e.g. `"getInterrupt()"`).
 * @returns The thread id, as a string.
 * @throws {HITLError} `INVALID_OPTIONS` naming `configurable.thread_id` when it is missing or contains the NUL character.
 * @example
 * ```ts
 * const threadId = requireThreadId(config, "getInterrupt()");
 * ```
 */
export function requireThreadId(config: RunnableConfig, caller: string): string {
  const threadId = checkedThreadIdOf(config, caller);
  if (threadId !== undefined) return threadId;
  const message = `${caller} needs \`config.configurable.thread_id\` to find the paused run`;
  throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["configurable", "thread_id"], message, received: config.configurable?.["thread_id"] }] });
}
