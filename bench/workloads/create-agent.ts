import { tool } from "@langchain/core/tools";
import { Command, type BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { z } from "zod";
import { ScriptedChatModel, toolCallingScript, type PlannedCall } from "../../examples/support/scripted-chat-model.js";
import { resume, type HITLGraph, type ToolApprovalDecision } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { newThreadId } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { callsLabel, figure, type Figure } from "../support/figures.js";
import { interleave } from "../support/interleave.js";
import type { BenchSettings } from "./settings.js";

/** The same cheap tool for both agents: the figure measures the approval layer, not the tool. */
const lookup = tool(async ({ n }) => `result ${n}`, { name: "lookup", description: "looks something up", schema: z.object({ n: z.number() }) });

/** A createAgent agent, as `resume()` and a raw `invoke` see it. */
type InvokableAgent = HITLGraph;

const plannedCalls = (count: number): PlannedCall[] => Array.from({ length: count }, (_, index) => ({ name: "lookup", args: { n: index } }));
const input = () => ({ messages: [{ role: "user" as const, content: "go" }] });
const configFor = (threadId: string) => ({ configurable: { thread_id: threadId } });

function agentWith(count: number, middleware: unknown, checkpointer: BaseCheckpointSaver): InvokableAgent {
  const model = new ScriptedChatModel(toolCallingScript(plannedCalls(count)));
  // langchain's middleware types do not compile under exactOptionalPropertyTypes; the call itself is plain.
  return createAgent({ model, tools: [lookup], middleware: [middleware as never], checkpointer }) as unknown as InvokableAgent;
}

/** createAgent + approvalMiddleware asking for every call, approved through `resume()`. */
function oursAgent(count: number, checkpointer: BaseCheckpointSaver) {
  const agent = agentWith(count, approvalMiddleware({ interruptOn: { lookup: true } }), checkpointer);
  const approveAll: ToolApprovalDecision[] = Array.from({ length: count }, () => ({ type: "approve" }));
  return async (threadId: string): Promise<void> => {
    const paused = (await agent.invoke(input(), configFor(threadId))) as { __interrupt__?: Array<{ id: string }> };
    const interruptId = paused.__interrupt__?.[0]?.id;
    if (interruptId === undefined) throw new Error("approvalMiddleware did not pause");
    await resume(agent, configFor(threadId), approveAll, { interruptId });
  };
}

/** createAgent + LangChain's humanInTheLoopMiddleware, resumed with Command({ resume: { decisions } }). */
function theirsAgent(count: number, checkpointer: BaseCheckpointSaver) {
  const agent = agentWith(count, humanInTheLoopMiddleware({ interruptOn: { lookup: true } } as never), checkpointer);
  const decisions = Array.from({ length: count }, () => ({ type: "approve" as const }));
  return async (threadId: string): Promise<void> => {
    const paused = (await agent.invoke(input(), configFor(threadId))) as { __interrupt__?: unknown[] };
    if ((paused.__interrupt__ ?? []).length === 0) throw new Error("humanInTheLoopMiddleware did not pause");
    await agent.invoke(new Command({ resume: { decisions } }), configFor(threadId));
  };
}

/** Targets of the issue, on both checkpointers: ours at most 0.6× theirs at 10 calls, 0.4× at 50. */
const TARGETS: Record<number, number> = { 10: 0.6, 50: 0.4 };

/**
 * 8. createAgent: pause + resume of an all-ask model turn, `approvalMiddleware` vs LangChain's
 * `humanInTheLoopMiddleware`, at 1 / 10 / 50 calls, each on its backend's checkpointer.
 */
export async function createAgentApprovals(backend: Backend, settings: BenchSettings): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const calls of [1, 10, 50]) {
    const ours = oursAgent(calls, backend.ours);
    const theirs = theirsAgent(calls, backend.middleware);
    const stats = await interleave(
      {
        ours: { run: () => ours(newThreadId("ca")) },
        theirs: { run: () => theirs(newThreadId("ca-hitl")) },
      },
      { warmup: settings.warmup, samples: backend.name === "memory" ? settings.memorySamples : settings.samples },
    );
    const target = TARGETS[calls];
    figures.push(
      figure({
        workload: "9. createAgent: pause + resume (all ask, approved)",
        case: callsLabel(calls),
        backend: backend.name,
        unit: "ms",
        ours: stats["ours"]!,
        baselineName: "createAgent + humanInTheLoopMiddleware",
        baseline: stats["theirs"]!,
        ...(target === undefined ? {} : { target: { kind: "ratio-max" as const, value: target } }),
      }),
    );
  }
  return figures;
}
