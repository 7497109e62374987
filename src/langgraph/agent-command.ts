import { CompiledStateGraph, isCommand } from "@langchain/langgraph";

// LangChain's `createAgent` agent (`ReactAgent`, langchain 1.5) tells a `Command` from new input
// with `instanceof Command` before it hands the input to its compiled graph. A `Command` made by
// another copy of `@langchain/langgraph` — a CommonJS host beside an ES module agent, a bundled
// library — fails that check, so the agent merges it into the state as if it were input: the
// paused call is never answered and its tool never runs. The compiled graph the agent runs
// (`agent.graph`, public) recognises a `Command` of any copy (`isCommand` reads `lg_name`), and the
// agent hands a `Command` to it unchanged, with its static config baked in (LangGraph's Agent
// Server runs exported agents this way too). Only then is the agent bypassed: when its compiled
// graph is not an instance of this copy's `CompiledStateGraph`, it was built by another copy, whose
// `Command` ours is not. The agent's own `invoke` is kept otherwise, because it also merges config
// defaults given with `agent.withConfig()` that are not baked into its graph (e.g. `context`).
// tests/langgraph/agent-command.test.ts fails if any of this stops being so.

/** The part of a `createAgent` agent a resume goes through: its compiled graph. */
interface AgentWithGraph {
  graph: { invoke: (...args: never[]) => unknown; stream: (...args: never[]) => unknown; nodes: object };
}

function isAgentWithGraph(graph: unknown): graph is AgentWithGraph {
  if (typeof graph !== "object" || graph === null || "nodes" in graph) return false;
  const inner = (graph as { graph?: unknown }).graph as Partial<AgentWithGraph["graph"]> | null | undefined;
  return typeof inner === "object" && inner !== null && typeof inner.invoke === "function" && typeof inner.stream === "function" && typeof inner.nodes === "object";
}

/**
 * What to run `input` on: for a `Command` and a `createAgent` agent built with another copy of
 * `@langchain/langgraph`, the agent's compiled graph (which recognises a `Command` of any copy);
 * otherwise `graph` itself.
 *
 * @param graph - A compiled graph, a `createAgent` agent or a `RemoteGraph`.
 * @param input - What the run starts with.
 * @returns The runnable to call `invoke` / `stream` on.
 * @example
 * ```ts
 * await runnerFor(agent, command).invoke(command, config);
 * ```
 */
export function runnerFor<G>(graph: G, input: unknown): G {
  if (!isCommand(input) || !isAgentWithGraph(graph) || graph.graph instanceof CompiledStateGraph) return graph;
  return graph.graph as unknown as G;
}
