import type { BaseMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import { CompletedCalls } from "../core/completed-calls.js";
import { resolveNodeOptions } from "../core/options.js";
import type { ApprovalOptions } from "../core/types.js";
import { isStructuredOutputCall, toolsTaskOf } from "../langgraph/index.js";
import { ToolNameCheck } from "./check-tool-names.js";
import { pendingToolCalls } from "./pending-calls.js";
import { ToolTurn, type TurnRequest } from "./tool-turn.js";

/**
 * Options of {@link approvalMiddleware}: the same approval layer as `ApprovalToolNode`, without
 * `ToolNode`'s own. Every option of LangChain's `humanInTheLoopMiddleware` is accepted with its
 * meaning (`interruptOn` with `allowedDecisions`, `description` (a string or a function of the
 * call), `argsSchema` and `when`; `descriptionPrefix`).
 */
export type ApprovalMiddlewareOptions = ApprovalOptions;

/** The name the middleware registers under (also the prefix of its graph nodes). */
export const APPROVAL_MIDDLEWARE_NAME = "ApprovalMiddleware";

/**
 * Human-in-the-loop tool approvals for LangChain's `createAgent`, with the same behaviour as
 * `ApprovalToolNode` (it is the same core): every tool call of a model turn is screened through
 * `interruptOn` and the `PreToolUse` hooks; every `ask` of the turn goes into ONE `tool_approval`
 * interrupt; nothing of the turn runs before the decisions; `approve`, `edit` (schema-checked
 * and re-screened), `reject` (approved siblings still run) and `respond`; expiry, digest binding,
 * the audit record, the durable claim (what was approved runs exactly once) and the whole hook
 * lifecycle. Resume with `resume()`, the inbox or the HTTP handler, exactly as for the node.
 *
 * A drop-in for LangChain's `humanInTheLoopMiddleware`: it takes the same options, its interrupt
 * value is also LangChain JS's `HITLRequest` (`actionRequests` / `reviewConfigs`, with LangChain's
 * default description), it accepts LangChain's `{ decisions }` resume value, and the model reads
 * LangChain's wording for rejects and responds (`reviewMessages` to change it).
 *
 * The middleware sends each model turn to the agent's tools node as one task (instead of one
 * task per call) so the turn can be reviewed as one batch; tools still run through the agent's
 * own tool node and any other `wrapToolCall` middleware.
 *
 * @param options - `interruptOn`, `descriptionPrefix`, `reviewMessages`, `hooks`, `humanInTheLoop`, `onHookError`, `onDecision`, `signingKey`.
 * @returns A LangChain agent middleware.
 * @throws {HITLError} `INVALID_OPTIONS` when an option is malformed or unknown; on a model call,
 * when an `interruptOn` key is a near miss of a tool the agent offers (a typo would leave that tool unguarded).
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
  const names = new ToolNameCheck(resolved.interruptOn.keys());
  // One turn per tools task: every call of the task shares its key.
  const turns = new WeakMap<object, ToolTurn<TurnRequest>>();
  return createMiddleware({
    name: APPROVAL_MIDDLEWARE_NAME,
    wrapModelCall: (request, handler) => {
      names.offered(request.tools);
      return handler(request);
    },
    afterModel: {
      canJumpTo: ["tools"],
      // Structured-output calls are the agent's own business: only real tool calls send the turn to tools.
      // createAgent writes back every state key a hook leaves out (`{ ...state, ...result }`): the
      // empty `messages` keeps the whole history from being stored again on every tool turn.
      hook: (state) => (pendingToolCalls(state.messages).some((call) => !isStructuredOutputCall(call)) ? { jumpTo: "tools" as const, messages: [] } : undefined),
    },
    wrapToolCall: async (request, handler) => {
      const { config, key } = toolsTaskOf(request);
      let turn = turns.get(key);
      if (turn === undefined || !turn.accepting) {
        const expected = pendingToolCalls((request.state as { messages?: BaseMessage[] }).messages);
        const created: ToolTurn<TurnRequest> = new ToolTurn(
          config,
          resolved,
          completed,
          expected,
          () => {
            if (turns.get(key) === created) turns.delete(key);
          },
          // A registered tool the model called without being offered it this turn is checked too.
          (requests) => requests.forEach((arrived) => arrived.tool !== undefined && names.called(arrived.toolCall.name)),
        );
        turns.set(key, created);
        turn = created;
      }
      return turn.answer(request as TurnRequest, handler as never);
    },
  });
}
