// A compiled graph lists its nodes in `nodes`, each a `PregelNode` running its `bound` runnable (a
// `ToolNode`, an `ApprovalToolNode`, a function); a `createAgent` agent holds its compiled graph as
// `graph`. tests/langgraph/graph-nodes.test.ts fails if a release lays them out otherwise.

type WithNodes = { nodes?: Record<string, { bound?: unknown } | undefined> };

/**
 * What each node of a compiled graph runs (or of the graph a `createAgent` agent compiled).
 *
 * @param graph - A compiled graph or a `createAgent` agent.
 * @returns The runnables, in node order; none for anything else.
 * @example
 * ```ts
 * nodeRunnables(graph).find((node) => node instanceof ApprovalToolNode);
 * ```
 */
export function nodeRunnables(graph: unknown): unknown[] {
  if (typeof graph !== "object" || graph === null) return [];
  const nodes = (graph as WithNodes).nodes ?? ((graph as { graph?: WithNodes }).graph?.nodes ?? {});
  return Object.values(nodes).map((node) => node?.bound);
}
