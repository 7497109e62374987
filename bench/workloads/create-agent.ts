import { randomUUID } from "node:crypto";
import { ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { tool } from "@langchain/core/tools";
import { Command, interrupt, type BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent, createMiddleware, humanInTheLoopMiddleware } from "langchain";
import { claimStoreFor, type ClaimKey, type ClaimStore } from "../../src/claims/index.js";
import { readThreadState } from "../../src/host/thread-state.js";
import { z } from "zod";
import { ScriptedChatModel, toolCallingScript, type PlannedCall } from "../../examples/support/scripted-chat-model.js";
import { resume, type HITLGraph, type ToolApprovalDecision } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { newThreadId } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { boundOf, callsLabel, figure, type Figure } from "../support/figures.js";
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
  return createAgent({ model, tools: [lookup], middleware: middleware === undefined ? [] : [middleware as never], checkpointer }) as unknown as InvokableAgent;
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

/** createAgent with no approvals at all: one run, no pause (each call its own task, as createAgent sends them). */
function plainAgentRun(count: number, checkpointer: BaseCheckpointSaver) {
  const agent = agentWith(count, undefined, checkpointer);
  return async (threadId: string): Promise<void> => {
    await agent.invoke(input(), configFor(threadId));
  };
}

const hasToolCalls = (messages: BaseMessage[]): boolean => ((messages.at(-1) as { tool_calls?: unknown[] } | undefined)?.tool_calls ?? []).length > 0;

function currentConfigurable(): Record<string, unknown> {
  const config = AsyncLocalStorageProviderSingleton.getRunnableConfig() as { configurable?: Record<string, unknown> } | undefined;
  return config?.configurable ?? {};
}

const unanswered = (messages: BaseMessage[]): number => ((messages.at(-1) as { tool_calls?: unknown[] } | undefined)?.tool_calls ?? []).length;

/** One tools task of the floor: pauses once, then (with claims) claims, runs every call, commits the results. */
class FloorTurn {
  readonly #results: Array<[string, ToolMessage]> = [];
  readonly #owner = randomUUID();
  readonly #key: ClaimKey;
  readonly #claimed: Promise<void>;
  #committed: Promise<void> | undefined;
  #allDone: () => void = () => undefined;
  readonly #done = new Promise<void>((resolve) => (this.#allDone = resolve));

  constructor(
    threadId: string,
    private readonly expected: number,
    private readonly claims: ClaimStore | undefined,
  ) {
    this.#key = { threadId, namespace: "tools:floor", checkpointId: threadId };
    this.#claimed = this.#claim();
    this.#claimed.catch(() => undefined);
  }

  async #claim(): Promise<void> {
    interrupt({ approve: "all" });
    if (this.claims === undefined) return;
    await this.claims.acquire(this.#key, { attempt: randomUUID(), owner: this.#owner, review: { decisions: {}, verdicts: {}, decidedAt: new Date().toISOString(), reviewerVerified: false, interruptId: this.#key.threadId, raises: 1, submissionDigest: "" } });
  }

  async run(call: () => Promise<unknown>): Promise<unknown> {
    await this.#claimed;
    const result = await call();
    if (ToolMessage.isInstance(result)) this.#results.push([result.tool_call_id, result]);
    if (this.#results.length >= this.expected) this.#allDone();
    await this.#done;
    this.#committed ??= this.claims === undefined ? Promise.resolve() : this.claims.saveResults(this.#key, this.#owner, this.#results).then(() => undefined);
    await this.#committed;
    return result;
  }
}

/**
 * The least a createAgent approval middleware can cost, built as approvalMiddleware is built:
 * `afterModel` sends the whole turn to the tools node as one task, and that task pauses once
 * with a bare `interrupt()` before its calls run. With `claims` it is the requirements floor: run
 * on our checkpointer, it also makes every database operation the promises require —
 * `resume()`'s read before submitting, the claim before the tools run and their results when
 * they finish — through our claim store: a lower bound, not an implementation.
 */
export function floorAgent(count: number, checkpointer: BaseCheckpointSaver, claims?: ClaimStore) {
  const turns = new WeakMap<object, FloorTurn>();
  const floor = createMiddleware({
    name: "BareInterruptFloor",
    afterModel: {
      canJumpTo: ["tools"],
      hook: (state) => (hasToolCalls(state.messages) ? { jumpTo: "tools" as const } : undefined),
    },
    wrapToolCall: async (request, handler) => {
      const configurable = currentConfigurable();
      let turn = turns.get(configurable);
      if (turn === undefined) {
        turn = new FloorTurn(String(configurable["thread_id"]), unanswered((request.state as { messages: BaseMessage[] }).messages), claims);
        turns.set(configurable, turn);
      }
      return (await turn.run(() => Promise.resolve(handler(request)))) as never;
    },
  });
  const agent = agentWith(count, floor, checkpointer);
  return async (threadId: string): Promise<void> => {
    await agent.invoke(input(), configFor(threadId));
    if (claims !== undefined) await readThreadState(checkpointer, threadId);
    await agent.invoke(new Command({ resume: "approved" }), configFor(threadId));
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
    const plain = plainAgentRun(calls, backend.plain);
    const floor = floorAgent(calls, backend.plain);
    const requirementsFloor = floorAgent(calls, backend.ours, claimStoreFor(backend.ours));
    const stats = await interleave(
      {
        ours: { run: () => ours(newThreadId("ca")) },
        theirs: { run: () => theirs(newThreadId("ca-hitl")) },
        plain: { run: () => plain(newThreadId("ca-plain")) },
        floor: { run: () => floor(newThreadId("ca-floor")) },
        requirementsFloor: { run: () => requirementsFloor(newThreadId("ca-req-floor")) },
      },
      { warmup: settings.warmup, samples: backend.name === "memory" ? settings.memorySamples : settings.samples },
    );
    const target = TARGETS[calls];
    const boundName = "requirements floor: the createAgent floor on our checkpointer + resume()'s read + the claim and results commits";
    const line = (baselineName: string, baseline: keyof typeof stats, targeted: boolean, note?: string) =>
      figure({
        workload: "9. createAgent: pause + resume (all ask, approved)",
        case: callsLabel(calls),
        backend: backend.name,
        unit: "ms",
        ours: stats["ours"]!,
        baselineName,
        baseline: stats[baseline]!,
        ...(targeted && target !== undefined
          ? { target: { kind: "ratio-max" as const, value: target }, bound: boundOf(boundName, stats["requirementsFloor"]!, stats[baseline]!) }
          : {}),
        ...(note === undefined ? {} : { note }),
      });
    figures.push(
      line("createAgent + humanInTheLoopMiddleware", "theirs", true),
      line("createAgent, no approvals (one run, no pause)", "plain", false, "createAgent's own cost for the same turn, without pausing at all"),
      line("floor: createAgent + a bare interrupt() middleware (turn as one task)", "floor", false, "the least any createAgent approval middleware costs: one interrupt in afterModel, the turn sent to the tools node as one task"),
      line(boundName, "requirementsFloor", false, "every database operation the promises require and none of the logic: the floor on our checkpointer, resume()'s read, the claim before the tools and the results after them"),
    );
  }
  return figures;
}
