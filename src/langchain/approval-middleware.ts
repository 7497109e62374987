import type { BaseMessage } from "@langchain/core/messages";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { CompletedCalls } from "../core/completed-calls.js";
import { resolveNodeOptions } from "../core/options.js";
import type { ApprovalOptions } from "../core/types.js";
import { checkToolNames } from "./check-tool-names.js";
import { pendingToolCalls } from "./pending-calls.js";
import { ToolTurn, type TurnRequest } from "./tool-turn.js";

/** Options of {@link approvalMiddleware}: the same approval layer as `ApprovalToolNode`, without `ToolNode`'s own. */
export type ApprovalMiddlewareOptions = ApprovalOptions;

/** The name the middleware registers under (also the prefix of its graph nodes). */
export const APPROVAL_MIDDLEWARE_NAME = "ApprovalMiddleware";

/** The config of the running tools task (LangChain hands `wrapToolCall` only part of it). */
function taskConfig(request: { runtime: { configurable?: Record<string, unknown>; signal?: AbortSignal } }): LangGraphRunnableConfig {
  const current = AsyncLocalStorageProviderSingleton.getRunnableConfig() as LangGraphRunnableConfig | undefined;
  if (current?.configurable !== undefined) return current;
  return { configurable: request.runtime.configurable ?? {}, ...(request.runtime.signal === undefined ? {} : { signal: request.runtime.signal }) };
}

/**
 * Human-in-the-loop tool approvals for LangChain's `createAgent`, with the same behaviour as
 * `ApprovalToolNode` (it is the same core): every tool call of a model turn is screened through
 * `interruptOn` and the `PreToolUse` hooks; every `ask` of the turn goes into ONE `tool_approval`
 * interrupt; nothing of the turn runs before the decisions; `approve`, `edit` (schema-checked
 * and re-screened), `reject` (approved siblings still run) and `respond`; expiry, digest binding,
 * the audit record, the durable claim (what was approved runs exactly once) and the whole hook
 * lifecycle. Resume with `resume()`, the inbox or the HTTP handler, exactly as for the node.
 *
 * The middleware sends each model turn to the agent's tools node as one task (instead of one
 * task per call) so the turn can be reviewed as one batch; tools still run through the agent's
 * own tool node and any other `wrapToolCall` middleware.
 *
 * @param options - `interruptOn`, `hooks`, `humanInTheLoop`, `onHookError`, `onDecision`, `signingKey`.
 * @returns A LangChain agent middleware.
 * @throws {HITLError} `INVALID_OPTIONS` when an option is malformed or unknown; on the agent's first
 * model call (the earliest the middleware sees the agent's tools), when an `interruptOn` key names no tool.
 * @example
 * ```ts
 * import { createAgent } from "langchain";
 * import { approvalMiddleware } from "langgraph-hitl/langchain";
 *
 * const agent = createAgent({
 *   model,
 *   tools: [searchTool, deleteFileTool],
 *   middleware: [approvalMiddleware({ interruptOn: { delete_file: true } })],
 *   checkpointer: new MemorySaver(),
 * });
 * ```
 */
export function approvalMiddleware(options: ApprovalMiddlewareOptions = {}) {
  const resolved = resolveNodeOptions(options, { subject: "approvalMiddleware", toolNames: undefined, strict: true });
  const completed = new CompletedCalls();
  // One turn per tools task: every call of the task shares its `configurable` object.
  const turns = new WeakMap<object, ToolTurn<TurnRequest>>();
  return createMiddleware({
    name: APPROVAL_MIDDLEWARE_NAME,
    wrapModelCall: (request, handler) => {
      checkToolNames(resolved.interruptOn.keys(), request.tools);
      return handler(request);
    },
    afterModel: {
      canJumpTo: ["tools"],
      // Structured-output calls (`extract-…`) are the agent's own business: only real tool calls send the turn to tools.
      hook: (state) => (pendingToolCalls(state.messages).some((call) => !call.name.startsWith("extract-")) ? { jumpTo: "tools" as const } : undefined),
    },
    wrapToolCall: async (request, handler) => {
      const config = taskConfig(request);
      const key = (config.configurable ?? request) as object;
      let turn = turns.get(key);
      if (turn === undefined || !turn.accepting) {
        const expected = pendingToolCalls((request.state as { messages?: BaseMessage[] }).messages);
        const created: ToolTurn<TurnRequest> = new ToolTurn(config, resolved, completed, expected, () => {
          if (turns.get(key) === created) turns.delete(key);
        });
        turns.set(key, created);
        turn = created;
      }
      return turn.answer(request as TurnRequest, handler as never);
    },
  });
}
