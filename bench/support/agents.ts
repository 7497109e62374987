import { randomUUID } from "node:crypto";
import type { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, END, interrupt, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { ScriptedChatModel, toolCallingScript, type PlannedCall } from "../../examples/support/scripted-chat-model.js";
import type { ClaimStore } from "../../src/claims/index.js";
import type { ToolApprovalDecision } from "../../src/index.js";
import { ApprovalToolNode, HookRegistry, readThreadState, resume, withThreadContinuation } from "./library.js";

/** One unit of work of a variant on a fresh thread: a full run, or a pause and its resume. */
export type Work = (threadId: string) => Promise<unknown>;

/** A variant of a figure: what the report calls it (its checkpointer included) and its work. */
export interface NamedWork {
  label: string;
  work: Work;
}

/** The same cheap tool for every variant: the benchmark measures the approval layer, not the tool. */
export const lookup = tool(async ({ n }) => `result ${n}`, { name: "lookup", description: "looks something up", schema: z.object({ n: z.number() }) });

/**
 * `count` calls of `lookup`, for a scripted model turn.
 *
 * @example
 * ```ts
 * toolCallingScript(plannedCalls(10));
 * ```
 */
export function plannedCalls(count: number): PlannedCall[] {
  return Array.from({ length: count }, (_, index) => ({ name: "lookup", args: { n: index } }));
}

/** The user's first message. */
export const input = () => ({ messages: [{ role: "user" as const, content: "go" }] });

/** A config addressing one thread. */
export const configFor = (threadId: string) => ({ configurable: { thread_id: threadId } });

let threadCounter = 0;
/**
 * A fresh thread id.
 *
 * @example
 * ```ts
 * await plainRun(1, saver)(newThreadId("plain"));
 * ```
 */
export function newThreadId(prefix: string): string {
  threadCounter += 1;
  return `${prefix}-${process.pid}-${threadCounter}`;
}

function agentGraph(toolNode: ToolNode, count: number, checkpointer: BaseCheckpointSaver) {
  return scriptedAgent(toolNode, toolCallingScript(plannedCalls(count)), checkpointer).graph;
}

/**
 * LangGraph's plain ToolNode: no approvals, one run, no pause.
 *
 * @example
 * ```ts
 * const run = plainRun(10, new MemorySaver());
 * await run(newThreadId("plain"));
 * ```
 */
export function plainRun(count: number, checkpointer: BaseCheckpointSaver): Work {
  const graph = agentGraph(new ToolNode([lookup]), count, checkpointer);
  return (threadId) => graph.invoke(input(), configFor(threadId));
}

/**
 * ApprovalToolNode with a PreToolUse hook that allows every call: screening on, no pause.
 *
 * @example
 * ```ts
 * await screenedRun(10, saver)(newThreadId("screen"));
 * ```
 */
export function screenedRun(count: number, checkpointer: BaseCheckpointSaver): Work {
  const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ decision: "allow" as const })] });
  const graph = agentGraph(new ApprovalToolNode([lookup], { hooks }), count, checkpointer);
  return (threadId) => graph.invoke(input(), configFor(threadId));
}

/**
 * Ours on a hand-built graph: ApprovalToolNode asking for every call, approved with `resume()` or a raw Command.
 *
 * @example
 * ```ts
 * const ours = approvalAgent(10, saver);
 * await ours.cycle(newThreadId("ours"));
 * ```
 */
export function approvalAgent(count: number, checkpointer: BaseCheckpointSaver) {
  const graph = agentGraph(new ApprovalToolNode([lookup], { interruptOn: { lookup: true } }), count, checkpointer);
  const approveAll: ToolApprovalDecision[] = Array.from({ length: count }, () => ({ type: "approve" }));
  const pause = async (threadId: string): Promise<string> => {
    const result = (await graph.invoke(input(), configFor(threadId))) as { __interrupt__?: Array<{ id: string }> };
    const interruptId = result.__interrupt__?.[0]?.id;
    if (interruptId === undefined) throw new Error("the run did not pause");
    return interruptId;
  };
  const resumeWith = (threadId: string, interruptId: string) => resume(graph, configFor(threadId), approveAll, { interruptId });
  const invokeRaw = (interruptId: string, config: ReturnType<typeof configFor>) => graph.invoke(new Command({ resume: { [interruptId]: approveAll } }), config);
  const rawResume = (threadId: string, interruptId: string) => invokeRaw(interruptId, configFor(threadId));
  // The same raw Command as the one continuation of its thread: the lease `resume()` takes, with none of its checks.
  const leasedRawResume = (threadId: string, interruptId: string) => withThreadContinuation(checkpointer, threadId, (lease) => invokeRaw(interruptId, lease.runConfig(configFor(threadId))));
  return {
    pause,
    resume: resumeWith,
    rawResume,
    /** A raw `Command` under the thread's continuation lease (`withThreadContinuation`), as `resume()` runs it. */
    leasedRawResume,
    /** Pause, then `resume()`. */
    cycle: (async (threadId) => resumeWith(threadId, await pause(threadId))) as Work,
    /** Pause, then a raw `Command`. */
    rawCycle: (async (threadId) => rawResume(threadId, await pause(threadId))) as Work,
  };
}

/** The claim and results commits of one batch, through our claim store (the design floor's share of exactly-once). */
async function withClaim<T extends { messages: ToolMessage[] }>(claims: ClaimStore, threadId: string, run: () => Promise<T>): Promise<T> {
  const key = { threadId, namespace: "tools:floor", checkpointId: threadId };
  const owner = randomUUID();
  await claims.acquire(key, { attempt: randomUUID(), owner, review: { decisions: {}, verdicts: {}, decidedAt: new Date().toISOString(), reviewerVerified: false, interruptId: threadId, raises: 1, submissionDigest: "" } });
  const result = await run();
  await claims.saveResults(key, owner, result.messages.map((message) => [message.tool_call_id, message] as [string, ToolMessage]));
  return result;
}

/**
 * The same agent loop whose tools node calls `interrupt()` once and then runs LangGraph's plain
 * ToolNode — no screening, no payload, no validation. With `claims` it also makes the database
 * operations today's design makes: `resume()`'s own read of the thread before it submits, the
 * claim committed before any tool runs and the calls' results committed when they finish.
 */
function interruptFloor(count: number, checkpointer: BaseCheckpointSaver, claims?: ClaimStore): Work {
  const model = new ScriptedChatModel(toolCallingScript(plannedCalls(count)));
  const tools = new ToolNode([lookup]);
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", async (state: typeof MessagesAnnotation.State, config) => {
      interrupt({ approve: "all" });
      const runTools = async () => (await tools.invoke(state, config)) as { messages: ToolMessage[] };
      return claims === undefined ? runTools() : withClaim(claims, String(config.configurable?.["thread_id"]), runTools);
    })
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer });
  return async (threadId) => {
    const paused = (await graph.invoke(input(), configFor(threadId))) as { __interrupt__?: unknown[] };
    if ((paused.__interrupt__ ?? []).length === 0) throw new Error("the floor did not pause");
    if (claims !== undefined) await readThreadState(checkpointer, threadId);
    return graph.invoke(new Command({ resume: "approved" }), configFor(threadId));
  };
}

/**
 * The bare floor, and the like-for-like hand-built baseline: what a person builds by hand to
 * approve tool calls — one bare `interrupt()` before LangGraph's ToolNode — paused and resumed.
 * No approval layer built on `interrupt()` can cost less on the same checkpointer.
 *
 * @example
 * ```ts
 * await bareFloorCycle(10, saver)(newThreadId("floor"));
 * ```
 */
export function bareFloorCycle(count: number, checkpointer: BaseCheckpointSaver): Work {
  return interruptFloor(count, checkpointer);
}

/**
 * Today's design with none of its logic: the bare floor plus the database operations this
 * library makes today (`resume()`'s own read, a separate claim commit, a separate results
 * commit). Not a lower bound of the promises — a design that folds those into LangGraph's
 * writes costs less — so no verdict rests on it; it says what our logic costs over our design.
 *
 * @example
 * ```ts
 * await designFloorCycle(10, saver, claimStoreFor(saver))(newThreadId("design"));
 * ```
 */
export function designFloorCycle(count: number, checkpointer: BaseCheckpointSaver, claims: ClaimStore): Work {
  return interruptFloor(count, checkpointer, claims);
}
