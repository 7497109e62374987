import type { ToolApprovalInterruptPayload } from "../../src/index.js";
import { ApprovalToolNode, getInterrupt, HookRegistry, resume } from "../support/library.js";
import { configFor, input, lookup, newThreadId, plannedCalls, type Work } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { interleave } from "../support/interleave.js";
import { comparison, type Comparison } from "../support/measurements.js";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { toolCallingScript } from "../../examples/support/scripted-chat-model.js";
import { callsLabel } from "./labels.js";
import { rounds, type BenchSettings } from "./settings.js";

/** The host scope every benchmark thread runs in: one grant made once covers them all. */
const WORKSPACE = "bench-workspace";

/** The same agent for both variants: a PreToolUse hook decides every call, `ask` or `allow`, and the node may apply grants. */
function agent(count: number, backend: Backend, decision: "ask" | "allow") {
  const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ decision })] });
  const node = new ApprovalToolNode([lookup], { hooks, grants: { scopes: ["workspace"], scopeKeys: { workspace: () => WORKSPACE } } });
  return scriptedAgent(node, toolCallingScript(plannedCalls(count)), backend.ours).graph;
}

/** Makes the standing grant the granted variant runs under: one approval of `lookup`, for the whole workspace, any arguments. */
async function grantLookup(graph: ReturnType<typeof agent>): Promise<void> {
  const config = configFor(newThreadId("grant-setup"));
  await graph.invoke(input(), config);
  const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
  if (pending === undefined) return;
  const decisions = Object.fromEntries(pending.payload.action_requests.map((request) => [request.tool_call_id, { type: "approve" as const, grant: { scope: "workspace", match: { kind: "tool" as const } } }]));
  await resume(graph, config, decisions, { interruptId: pending.interruptId, reviewer: { id: "bench" } });
}

function run(graph: ReturnType<typeof agent>, prefix: string): Work {
  return async (threadId) => {
    const result = (await graph.invoke(input(), configFor(threadId))) as { __interrupt__?: unknown[] };
    if ((result.__interrupt__ ?? []).length > 0) throw new Error(`${prefix}: a granted call paused`);
    return result;
  };
}

/**
 * 10. Standing grants: a batch whose every call a hook asks about and a live grant covers runs
 * without a pause; its cost against the same batch allowed by the same hook is the grant's share
 * of screening (one read of the grant store per batch, the match per call).
 *
 * @example
 * ```ts
 * const figure10 = await grantedCalls(memory, settings);
 * ```
 */
export async function grantedCalls(backend: Backend, settings: BenchSettings): Promise<Comparison[]> {
  const comparisons: Comparison[] = [];
  for (const calls of [1, 10]) {
    const granted = agent(calls, backend, "ask");
    await grantLookup(granted);
    const allowed = agent(calls, backend, "allow");
    const samples = await interleave(
      {
        granted: { run: () => run(granted, "granted")(newThreadId("granted")) },
        allowed: { run: () => run(allowed, "allowed")(newThreadId("allowed")) },
      },
      rounds(settings, backend, "fine"),
    );
    comparisons.push(
      comparison(
        { id: `grants/${backend.name}/${calls}`, figure: "10. A call a standing grant covers (asked, then granted without a pause) — baseline: the same call allowed by the same hook", case: callsLabel(calls), backend: backend.name, unit: "ms" },
        {
          granted: `granted: every call asked by a hook, covered by a workspace grant (${backend.oursName})`,
          allowed: `allowed: every call allowed by the same hook (${backend.oursName})`,
        },
        samples,
        [{ ours: "granted", baseline: "allowed", relation: "like for like: the same node and hook; only the grant read and match differ" }],
      ),
    );
  }
  return comparisons;
}
