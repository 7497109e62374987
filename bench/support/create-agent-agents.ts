import { randomUUID } from "node:crypto";
import { ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { Command, interrupt, type BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent, createMiddleware, humanInTheLoopMiddleware } from "langchain";
import { ScriptedChatModel, toolCallingScript } from "../../examples/support/scripted-chat-model.js";
import type { ClaimKey, ClaimStore } from "../../src/claims/index.js";
import type { HITLGraph, ToolApprovalDecision } from "../../src/index.js";
import { approvalMiddleware, readThreadState, resume } from "./library.js";
import { configFor, input, lookup, plannedCalls, type Work } from "./agents.js";

function agentWith(count: number, middleware: unknown, checkpointer: BaseCheckpointSaver): HITLGraph {
  const model = new ScriptedChatModel(toolCallingScript(plannedCalls(count)));
  // langchain's middleware types do not compile under exactOptionalPropertyTypes; the call itself is plain.
  return createAgent({ model, tools: [lookup], middleware: middleware === undefined ? [] : [middleware as never], checkpointer }) as unknown as HITLGraph;
}

/**
 * Ours on createAgent: `approvalMiddleware` asking for every call, paused and approved through `resume()`.
 *
 * @example
 * ```ts
 * await approvalMiddlewareCycle(10, saver)(newThreadId("ca"));
 * ```
 */
export function approvalMiddlewareCycle(count: number, checkpointer: BaseCheckpointSaver): Work {
  const agent = agentWith(count, approvalMiddleware({ interruptOn: { lookup: true } }), checkpointer);
  const approveAll: ToolApprovalDecision[] = Array.from({ length: count }, () => ({ type: "approve" }));
  return async (threadId) => {
    const paused = (await agent.invoke(input(), configFor(threadId))) as { __interrupt__?: Array<{ id: string }> };
    const interruptId = paused.__interrupt__?.[0]?.id;
    if (interruptId === undefined) throw new Error("approvalMiddleware did not pause");
    await resume(agent, configFor(threadId), approveAll, { interruptId });
  };
}

/**
 * createAgent + LangChain's humanInTheLoopMiddleware: its pause, and its resume with Command({ resume: { decisions } }).
 *
 * @example
 * ```ts
 * const theirs = humanInTheLoopAgent(1, saver);
 * await theirs.pause("t1");
 * await theirs.resume("t1");
 * ```
 */
export function humanInTheLoopAgent(count: number, checkpointer: BaseCheckpointSaver) {
  const agent = agentWith(count, humanInTheLoopMiddleware({ interruptOn: { lookup: true } } as never), checkpointer);
  const decisions = Array.from({ length: count }, () => ({ type: "approve" as const }));
  return {
    pause: async (threadId: string): Promise<void> => {
      const paused = (await agent.invoke(input(), configFor(threadId))) as { __interrupt__?: unknown[] };
      if ((paused.__interrupt__ ?? []).length === 0) throw new Error("humanInTheLoopMiddleware did not pause");
    },
    resume: (threadId: string) => agent.invoke(new Command({ resume: { decisions } }), configFor(threadId)),
  };
}

/**
 * createAgent + humanInTheLoopMiddleware, paused and resumed.
 *
 * @example
 * ```ts
 * await humanInTheLoopCycle(10, saver)(newThreadId("hitl"));
 * ```
 */
export function humanInTheLoopCycle(count: number, checkpointer: BaseCheckpointSaver): Work {
  const agent = humanInTheLoopAgent(count, checkpointer);
  return async (threadId) => {
    await agent.pause(threadId);
    await agent.resume(threadId);
  };
}

/**
 * createAgent with no approvals at all: one run, no pause (each call its own task, as createAgent sends them).
 *
 * @example
 * ```ts
 * await createAgentRun(10, saver)(newThreadId("agent"));
 * ```
 */
export function createAgentRun(count: number, checkpointer: BaseCheckpointSaver): Work {
  const agent = agentWith(count, undefined, checkpointer);
  return (threadId) => agent.invoke(input(), configFor(threadId));
}

const lastToolCalls = (messages: BaseMessage[]): number => ((messages.at(-1) as { tool_calls?: unknown[] } | undefined)?.tool_calls ?? []).length;

function currentConfigurable(): Record<string, unknown> {
  const config = AsyncLocalStorageProviderSingleton.getRunnableConfig() as { configurable?: Record<string, unknown> } | undefined;
  return config?.configurable ?? {};
}

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

function interruptFloor(count: number, checkpointer: BaseCheckpointSaver, claims?: ClaimStore): Work {
  const turns = new WeakMap<object, FloorTurn>();
  const floor = createMiddleware({
    name: "BareInterruptFloor",
    afterModel: {
      canJumpTo: ["tools"],
      // As approvalMiddleware does: an empty `messages`, so createAgent does not write the history again.
      hook: (state) => (lastToolCalls(state.messages) > 0 ? { jumpTo: "tools" as const, messages: [] } : undefined),
    },
    wrapToolCall: async (request, handler) => {
      const configurable = currentConfigurable();
      let turn = turns.get(configurable);
      if (turn === undefined) {
        turn = new FloorTurn(String(configurable["thread_id"]), lastToolCalls((request.state as { messages: BaseMessage[] }).messages), claims);
        turns.set(configurable, turn);
      }
      return (await turn.run(() => Promise.resolve(handler(request)))) as never;
    },
  });
  const agent = agentWith(count, floor, checkpointer);
  return async (threadId) => {
    await agent.invoke(input(), configFor(threadId));
    if (claims !== undefined) await readThreadState(checkpointer, threadId);
    await agent.invoke(new Command({ resume: "approved" }), configFor(threadId));
  };
}

/**
 * The createAgent floor: a middleware built as `approvalMiddleware` is built — `afterModel`
 * sends the whole turn to the tools node as one task, which pauses once with a bare `interrupt()`
 * before its calls run — and nothing else. No createAgent approval middleware that pauses a turn
 * once can cost less on the same checkpointer.
 *
 * @example
 * ```ts
 * await createAgentFloorCycle(10, saver)(newThreadId("ca-floor"));
 * ```
 */
export function createAgentFloorCycle(count: number, checkpointer: BaseCheckpointSaver): Work {
  return interruptFloor(count, checkpointer);
}

/**
 * The createAgent floor plus today's design's database operations (`resume()`'s read, separate claim and results commits); no verdict rests on it.
 *
 * @example
 * ```ts
 * await createAgentDesignFloorCycle(10, saver, claimStoreFor(saver))(newThreadId("ca-design"));
 * ```
 */
export function createAgentDesignFloorCycle(count: number, checkpointer: BaseCheckpointSaver, claims: ClaimStore): Work {
  return interruptFloor(count, checkpointer, claims);
}
