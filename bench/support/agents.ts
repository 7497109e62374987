import { tool } from "@langchain/core/tools";
import { Command, END, interrupt, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { z } from "zod";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { ScriptedChatModel, toolCallingScript, type PlannedCall } from "../../examples/support/scripted-chat-model.js";
import { randomUUID } from "node:crypto";
import type { ToolMessage } from "@langchain/core/messages";
import type { ClaimStore } from "../../src/claims/index.js";
import { readThreadState } from "../../src/host/thread-state.js";
import { ApprovalToolNode, HookRegistry, resume, type ToolApprovalDecision } from "../../src/index.js";

/** The same cheap tool for every variant: the benchmark measures the approval layer, not the tool. */
const lookup = tool(async ({ n }) => `result ${n}`, { name: "lookup", description: "looks something up", schema: z.object({ n: z.number() }) });

function calls(count: number): PlannedCall[] {
  return Array.from({ length: count }, (_, index) => ({ name: "lookup", args: { n: index } }));
}

function agentGraph(toolNode: ToolNode, count: number, checkpointer: BaseCheckpointSaver) {
  return scriptedAgent(toolNode, toolCallingScript(calls(count)), checkpointer).graph;
}

const input = () => ({ messages: [{ role: "user" as const, content: "go" }] });
let threadCounter = 0;
/** A fresh thread id. */
export function newThreadId(prefix: string): string {
  threadCounter += 1;
  return `${prefix}-${process.pid}-${threadCounter}`;
}
const configFor = (threadId: string) => ({ configurable: { thread_id: threadId } });

/** LangGraph's plain ToolNode: no approvals at all. */
export function plainAgent(count: number, checkpointer: BaseCheckpointSaver) {
  const graph = agentGraph(new ToolNode([lookup]), count, checkpointer);
  return { fullRun: (threadId: string) => graph.invoke(input(), configFor(threadId)) };
}

/** ApprovalToolNode with a PreToolUse hook that allows every call: screening on, no pause. */
export function screenedAgent(count: number, checkpointer: BaseCheckpointSaver) {
  const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ decision: "allow" as const })] });
  const graph = agentGraph(new ApprovalToolNode([lookup], { hooks }), count, checkpointer);
  return { fullRun: (threadId: string) => graph.invoke(input(), configFor(threadId)) };
}

/** ApprovalToolNode asking for every call; approved with `resume()` or a raw Command. */
export function approvalAgent(count: number, checkpointer: BaseCheckpointSaver) {
  const graph = agentGraph(new ApprovalToolNode([lookup], { interruptOn: { lookup: true } }), count, checkpointer);
  const approveAll: ToolApprovalDecision[] = Array.from({ length: count }, () => ({ type: "approve" }));
  return {
    pause: async (threadId: string): Promise<string> => {
      const result = (await graph.invoke(input(), configFor(threadId))) as { __interrupt__?: Array<{ id: string }> };
      const interruptId = result.__interrupt__?.[0]?.id;
      if (interruptId === undefined) throw new Error("the run did not pause");
      return interruptId;
    },
    resume: (threadId: string, interruptId: string) => resume(graph, configFor(threadId), approveAll, { interruptId }),
    rawResume: (threadId: string, interruptId: string) => graph.invoke(new Command({ resume: { [interruptId]: approveAll } }), configFor(threadId)),
  };
}

/** The claim and results commits of one batch, through our claim store (a floor's share of exactly-once). */
async function withClaim<T extends { messages: ToolMessage[] }>(claims: ClaimStore, threadId: string, run: () => Promise<T>): Promise<T> {
  const key = { threadId, namespace: "tools:floor", checkpointId: threadId };
  const owner = randomUUID();
  await claims.acquire(key, { attempt: randomUUID(), owner, review: { decisions: {}, verdicts: {}, decidedAt: new Date().toISOString(), reviewerVerified: false, interruptId: threadId, raises: 1, submissionDigest: "" } });
  const result = await run();
  await claims.saveResults(key, owner, result.messages.map((message) => [message.tool_call_id, message] as [string, ToolMessage]));
  return result;
}

/**
 * A floor: the same agent loop whose tools node calls `interrupt()` once and then runs
 * LangGraph's plain ToolNode — no screening, no payload, no validation. With `claims` it also
 * makes every database operation this library's promises require, and nothing else:
 * `resume()`'s one read of the thread before it submits, the claim committed before any tool
 * runs and the calls' results committed when they finish.
 */
function interruptFloorAgent(count: number, checkpointer: BaseCheckpointSaver, claims?: ClaimStore) {
  const model = new ScriptedChatModel(toolCallingScript(calls(count)));
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
  return {
    pause: async (threadId: string): Promise<void> => {
      const result = (await graph.invoke(input(), configFor(threadId))) as { __interrupt__?: unknown[] };
      if ((result.__interrupt__ ?? []).length === 0) throw new Error("the floor did not pause");
    },
    resume: async (threadId: string) => {
      if (claims !== undefined) await readThreadState(checkpointer, threadId);
      return graph.invoke(new Command({ resume: "approved" }), configFor(threadId));
    },
  };
}

/**
 * The floor of any approval layer built on LangGraph's `interrupt()`: one interrupt, then
 * LangGraph's plain ToolNode — no screening, no payload, no validation, no claim, no inbox.
 * Run on LangGraph's own checkpointer.
 */
export function bareInterruptAgent(count: number, checkpointer: BaseCheckpointSaver) {
  return interruptFloorAgent(count, checkpointer);
}

/**
 * The least an approval layer that keeps this library's promises can cost — every database
 * operation they require and none of the logic: the floor run on our checkpointer (the inbox
 * triggers), `resume()`'s read before it submits (its typed errors come before anything is
 * submitted), the claim before any tool runs and the results when the calls finish (exactly
 * once), through the claim store our node uses. A lower bound, not an implementation.
 */
export function requirementsFloorAgent(count: number, checkpointer: BaseCheckpointSaver, claims: ClaimStore) {
  return interruptFloorAgent(count, checkpointer, claims);
}

/** LangChain's createAgent + humanInTheLoopMiddleware, resumed with Command({ resume: { decisions } }). */
export function middlewareAgent(count: number, checkpointer: BaseCheckpointSaver) {
  const model = new ScriptedChatModel(toolCallingScript(calls(count)));
  // langchain's middleware types do not compile under exactOptionalPropertyTypes; the call itself is plain.
  const approvals = humanInTheLoopMiddleware({ interruptOn: { lookup: true } } as never) as never;
  const agent = createAgent({ model, tools: [lookup], middleware: [approvals], checkpointer }) as unknown as {
    invoke(input: unknown, config: unknown): Promise<unknown>;
  };
  const decisions = Array.from({ length: count }, () => ({ type: "approve" as const }));
  return {
    pause: async (threadId: string): Promise<void> => {
      const result = (await agent.invoke(input(), configFor(threadId))) as { __interrupt__?: unknown[] };
      if ((result.__interrupt__ ?? []).length === 0) throw new Error("the middleware did not pause");
    },
    resume: (threadId: string) => agent.invoke(new Command({ resume: { decisions } }), configFor(threadId)),
  };
}
