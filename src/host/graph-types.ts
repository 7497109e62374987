import type { BaseCheckpointSaver, StateSnapshot } from "@langchain/langgraph";
import type { RunnableConfig } from "@langchain/core/runnables";

/**
 * The parts of a compiled LangGraph graph the host helpers use. Any `CompiledStateGraph`
 * (including `createReactAgent`'s) fits.
 */
export interface HitlGraph {
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot>;
  // LangGraph's own `invoke` signature is generic over the graph's state; `any` keeps every graph assignable.
  invoke(input: any, config?: any): Promise<any>;
  checkpointer?: BaseCheckpointSaver | boolean | undefined;
  nodes?: Record<string, { bound?: unknown }>;
}

/** The thread id of a run config, as a string. */
export function threadIdOf(config: RunnableConfig): string | undefined {
  const id = (config.configurable as Record<string, unknown> | undefined)?.["thread_id"];
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}
