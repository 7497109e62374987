import type { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { RunnableToolLike } from "@langchain/core/runnables";
import type { DynamicTool, StructuredToolInterface } from "@langchain/core/tools";
import type { Command, LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import { followRunSignal } from "../hooks/run-signal.js";
import { questionToolLimits } from "../questions/ask-user-question-tool.js";
import { answerBatch, type AnsweredBatch } from "../core/answer-batch.js";
import { CompletedCalls } from "../core/completed-calls.js";
import { decideBatch, type BatchEnvironment, type BatchTools } from "../core/decide-batch.js";
import { runtimeOf, stateOf, type CallContext } from "../core/interrupt-on.js";
import { resolveNodeOptions, toolNodeOptionsOf, ApprovalToolNodeOptions } from "../core/options.js";
import type { ResolvedNodeOptions } from "../core/types.js";
import { requestStop } from "../core/run-stop.js";
import { readTaskContext } from "../core/task-context.js";
import { toolNodeCalls, ToolNodeRuns } from "../langgraph/index.js";

/** A tool an `ApprovalToolNode` can run: anything LangGraph's `ToolNode` accepts. */
export type ApprovalNodeTool = StructuredToolInterface | DynamicTool | RunnableToolLike;

/**
 * A drop-in `ToolNode` that puts a person in the loop. Every tool call of the model's last
 * message is screened through `interruptOn` and the `PreToolUse` hooks; all calls that need
 * approval go into ONE `tool_approval` interrupt, and no tool of the batch runs until the
 * decisions are in. On resume it applies them — `approve`, `edit` (re-screened), `reject`,
 * `respond` — runs each allowed or approved tool exactly once, runs the observer hooks, and
 * answers every call with exactly one `ToolMessage`, in the model's order.
 *
 * LangGraph re-runs the node from its first line on every resume, so hooks run again: they
 * must be deterministic and free of side effects. A decision only applies to the exact
 * request the person reviewed; if a hook answers differently on resume, that call does not run.
 *
 * @example
 * ```ts
 * const tools = new ApprovalToolNode([searchTool, deleteFileTool], {
 *   interruptOn: { delete_file: true },
 * });
 * const graph = new StateGraph(MessagesAnnotation)
 *   .addNode("agent", callModel)
 *   .addNode("tools", tools)
 *   .addEdge(START, "agent")
 *   .addConditionalEdges("agent", toolsCondition, ["tools", END])
 *   .addEdge("tools", "agent")
 *   .compile({ checkpointer: new MemorySaver() });
 * ```
 */
export class ApprovalToolNode<T = any> extends ToolNode<T> {
  readonly #options: ResolvedNodeOptions;
  readonly #tools: BatchTools;
  readonly #completed = new CompletedCalls();
  /** The decided batch of each run in flight, found again by each of its `runTool` calls. */
  readonly #batches = new ToolNodeRuns<AnsweredBatch>();

  /**
   * @param tools - The tools, as for `ToolNode`.
   * @param options - `ToolNode` options plus `hooks`, `humanInTheLoop`, `interruptOn` and `onHookError`.
   * @throws {HITLError} `INVALID_OPTIONS` when an option is malformed or `interruptOn` names an unknown tool.
   */
  constructor(tools: ApprovalNodeTool[], options?: ApprovalToolNodeOptions) {
    const toolNames = tools.map((tool) => tool.name);
    const resolved = resolveNodeOptions(options, toolNames);
    super(tools, toolNodeOptionsOf(options));
    this.#options = resolved;
    this.#tools = {
      names: new Set(toolNames),
      questionTools: new Map(
        tools.flatMap((tool) => {
          const limits = questionToolLimits(tool as { metadata?: Record<string, unknown> });
          return limits === undefined ? [] : [[tool.name, limits] as const];
        }),
      ),
      findTool: this.findTool,
    };
  }

  /** Finds one of this node's tools by name (used to check edited arguments). */
  readonly findTool: ToolLookup = (toolName) => this.tools.find((tool) => tool.name === toolName) as ReturnType<ToolLookup>;

  /**
   * Decides the whole batch first (every human input and the claim happen before anything
   * runs), then lets `ToolNode` read the input and fold the outputs; {@link runTool} answers
   * each call from the decided batch.
   */
  protected override async run(input: unknown, config: LangGraphRunnableConfig): Promise<T> {
    const runSignal = followRunSignal(config.signal);
    try {
      let callContext: CallContext | undefined;
      const env: BatchEnvironment = {
        options: this.#options,
        tools: this.#tools,
        task: readTaskContext(config),
        config,
        runSignal,
        completed: this.#completed,
        // Built when an `interruptOn` function first asks for it: most batches have none.
        callContext: () => (callContext ??= { state: stateOf(input), runtime: runtimeOf(config) }),
      };
      const decided = await decideBatch(toolNodeCalls(input), env);
      const batch = answerBatch(decided, env, (stop) => requestStop(config, stop));
      return await super.run(input, this.#batches.bind(config, batch, runSignal.toolSignal));
    } finally {
      runSignal.release();
    }
  }

  protected override runTool(call: ToolCall, config: LangGraphRunnableConfig, state: unknown): Promise<ToolMessage | Command> {
    const batch = this.#batches.of(config);
    if (batch === undefined) return super.runTool(call, config, state);
    return batch.answer(call, (decided) => super.runTool(decided, config, state));
  }
}
