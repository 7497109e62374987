import type { CompiledHook } from "../../../src/hooks/hook-registry.js";
import { HookRegistry } from "../../../src/hooks/hook-registry.js";
import type { HookErrorContext } from "../../../src/hooks/types.js";
import { ApprovalToolNode } from "../../../src/node/approval-tool-node.js";
import { agentGraph, countingTool, type CountingTool, type PlannedCall } from "../../support/fixtures.js";

/** What `onHookError` received. */
export interface Report {
  error: unknown;
  context: HookErrorContext;
}

/**
 * A real agent graph (model → ApprovalToolNode → model, MemorySaver) whose registry holds
 * `hooks` in order, with one counting tool per planned call name.
 */
export function graphWith(hooks: CompiledHook[], calls: PlannedCall[], extra: (registry: HookRegistry) => HookRegistry = (registry) => registry) {
  const tools = new Map<string, CountingTool>();
  for (const call of calls) if (!tools.has(call.name)) tools.set(call.name, countingTool(call.name));
  const reports: Report[] = [];
  const registry = extra(hooks.reduce((registry, hook) => registry.use(hook), new HookRegistry()));
  const node = new ApprovalToolNode([...tools.values()].map((tool) => tool.tool), {
    hooks: registry,
    onHookError: (error, context) => void reports.push({ error, context }),
  });
  const { graph, model } = agentGraph(node, calls);
  return { graph, model, reports, tool: (name: string) => tools.get(name)! };
}
