import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { isGraphInterrupt, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolInvocationError } from "langchain";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import { followRunSignal } from "../hooks/run-signal.js";
import { questionToolLimits } from "../questions/ask-user-question-tool.js";
import type { OptionLimits } from "../questions/question-schema.js";
import { answerBatch, type AnsweredBatch, type ToolOutput } from "../core/answer-batch.js";
import type { CompletedCalls } from "../core/completed-calls.js";
import { decideBatch, type BatchTools } from "../core/decide-batch.js";
import type { ResolvedNodeOptions } from "../core/types.js";
import { requestStop } from "../core/run-stop.js";
import { readTaskContext } from "../core/task-context.js";
import type { CallContext } from "../core/interrupt-on.js";
import { toolErrorContent } from "../langgraph/index.js";
import { ExpectedCalls } from "./expected-calls.js";

/** How long a turn waits, after its first call, for calls an outer middleware still holds back. */
export const STRAGGLER_WAIT_MS = 250;

/** The part of LangChain's `ToolCallRequest` a turn reads. */
export interface TurnRequest {
  toolCall: ToolCall;
  tool: { name: string; schema?: unknown; metadata?: Record<string, unknown> } | undefined;
  state?: unknown;
  runtime?: unknown;
}

/** Runs one call through the rest of the agent's tool pipeline. */
type TurnHandler<R extends TurnRequest> = (request: R) => Promise<ToolOutput> | ToolOutput;

/**
 * The calls one tools task of a `createAgent` agent runs together (one model turn). LangChain
 * hands the middleware one call at a time; the turn gathers the calls it expects (the turn's
 * unanswered calls), decides them as one batch with the core, in the model's order, then
 * answers each through its own handler. A call an outer middleware never hands on is not
 * waited for past a short bound: the batch is then what arrived.
 */
export class ToolTurn<R extends TurnRequest> {
  readonly #requests: R[] = [];
  readonly #batch: Promise<AnsweredBatch>;
  #open = 0;
  #accepting = true;
  #release: (() => void) | undefined;
  readonly #onIdle: () => void;
  readonly #expected: ExpectedCalls;
  // Set once a call that is not of this turn arrives: the turn then goes on without waiting for the rest.
  #strayArrived = false;
  #allArrived: () => void = () => undefined;
  readonly #check: (requests: readonly R[]) => void;

  /**
   * @param onIdle - Called once every call that arrived has its answer (or failure): a retry of
   * the task then starts a new turn instead of finding this one spent.
   */
  constructor(
    config: LangGraphRunnableConfig,
    options: ResolvedNodeOptions,
    completed: CompletedCalls,
    expected: readonly ToolCall[],
    onIdle: () => void = () => undefined,
    /** Checks the calls that arrived before anything is decided; a throw fails the whole turn, so nothing of it runs. */
    check: (requests: readonly R[]) => void = () => undefined,
  ) {
    this.#onIdle = onIdle;
    this.#expected = new ExpectedCalls(expected);
    this.#check = check;
    this.#batch = this.#decide(config, options, completed);
    this.#batch.catch(() => undefined);
  }

  /** Whether calls may still join: once the turn's batch is taken, a late call starts a turn of its own. */
  get accepting(): boolean {
    return this.#accepting;
  }

  /**
   * Answers one call of the turn once the whole turn is decided and settled.
   *
   * @throws LangGraph's `GraphInterrupt` while the turn waits for a person; a `HITLError` when it cannot go on.
   */
  async answer(request: R, handler: TurnHandler<R>): Promise<ToolOutput> {
    this.#requests.push(request);
    if (!this.#expected.has(request.toolCall)) this.#strayArrived = true;
    this.#open += 1;
    if (this.#allHere()) this.#allArrived();
    try {
      const batch = await this.#batch;
      return await batch.answer(request.toolCall, (call) => runHandled({ ...request, toolCall: call }, handler));
    } finally {
      this.#open -= 1;
      if (this.#open === 0) {
        this.#release?.();
        this.#onIdle();
      }
    }
  }

  /** Whether the batch is what arrived: every expected call is here, or a call of another turn (a `Send`) came, which waits for none. */
  #allHere(): boolean {
    return this.#requests.length >= this.#expected.size || this.#strayArrived;
  }

  /** Resolves when every expected call has arrived, or a short bound after the first did. */
  async #arrivals(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arrived = new Promise<void>((resolve) => {
      this.#allArrived = resolve;
    });
    // The turn is made for its first call, which is handed to it right after: a call that hands
    // the rest on at once has them all here after one microtask, and arms no timer.
    await undefined;
    if (this.#allHere()) return;
    try {
      await Promise.race([arrived, new Promise<void>((resolve) => (timer = setTimeout(resolve, STRAGGLER_WAIT_MS)))]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #decide(config: LangGraphRunnableConfig, options: ResolvedNodeOptions, completed: CompletedCalls): Promise<AnsweredBatch> {
    await this.#arrivals();
    this.#accepting = false;
    this.#check(this.#requests);
    const runSignal = followRunSignal(config.signal);
    this.#release = () => runSignal.release();
    const callContext = callContextOf(this.#requests[0]);
    const env = { options, tools: toolsOf(this.#requests), task: readTaskContext(config), config, runSignal, completed, callContext: () => callContext };
    const decided = await decideBatch(inModelOrder(this.#requests, this.#expected).map((request) => request.toolCall), env);
    return answerBatch(decided, env, (stop) => requestStop(config, stop));
  }
}

/** What `interruptOn`'s `when` and `description` see: the agent state and runtime LangChain handed the turn's first call. */
function callContextOf(request: TurnRequest | undefined): CallContext {
  const state = request?.state as CallContext["state"] | undefined;
  const runtime = (request?.runtime ?? {}) as CallContext["runtime"];
  // LangChain builds these callbacks' runtime in afterModel, where `context` is always an object.
  return { state: Array.isArray(state?.messages) ? state : { ...state, messages: [] }, runtime: { ...runtime, context: runtime.context ?? {} } };
}

/** Calls in the model's order (an outer middleware may hand them on in any order). */
function inModelOrder<R extends TurnRequest>(requests: readonly R[], expected: ExpectedCalls): R[] {
  return [...requests].sort((a, b) => expected.positionOf(a.toolCall) - expected.positionOf(b.toolCall));
}

/** What the turn knows about its tools: the instances LangChain attached to its calls. */
function toolsOf(requests: readonly TurnRequest[]): BatchTools {
  const tools = new Map<string, NonNullable<TurnRequest["tool"]>>();
  for (const { tool } of requests) if (tool !== undefined) tools.set(tool.name, tool);
  const questionTools = new Map<string, OptionLimits>();
  for (const [name, tool] of tools) {
    const limits = questionToolLimits(tool);
    if (limits !== undefined) questionTools.set(name, limits);
  }
  const findTool: ToolLookup = (name) => tools.get(name) as ReturnType<ToolLookup>;
  return { names: new Set(tools.keys()), questionTools, findTool };
}

/**
 * Runs a call through the handler and answers a tool failure the way `createAgent`'s own
 * `ToolNode` does without middleware, so the model sees the error instead of the run failing.
 */
async function runHandled<R extends TurnRequest>(request: R, handler: TurnHandler<R>): Promise<ToolOutput> {
  try {
    return await handler(request);
  } catch (error) {
    if (isGraphInterrupt(error)) throw error;
    const { toolCall } = request;
    return new ToolMessage({
      content: toolErrorContent(error, ToolInvocationError.isInstance(error)),
      tool_call_id: toolCall.id ?? "",
      name: toolCall.name,
      status: "error",
    });
  }
}
