import type { ToolLookup } from "../decisions/validate-decisions.js";
import { toolArgsSchema } from "../payload/args-schema.js";
import type { ToolApprovalInterruptPayload } from "../payload/types.js";
import type { Screening } from "./types.js";

type AskScreening = Extract<Screening, { kind: "ask" }>;

/**
 * One `tool_approval` payload for every `ask` of the batch, in the model's order. When any
 * ask is bounded, the payload carries the earliest deadline, counted from `proposedAt`. Each
 * request carries its arguments twice, as `arguments` (LibreChat's name) and `args` (LangChain's
 * clients'); each review config carries the tool's `args_schema` when `findTool` knows a schema.
 *
 * @example
 * ```ts
 * const payload = buildApprovalPayload(asks, Date.now(), findTool);
 * payload.action_requests.map((request) => request.tool_call_id); // ["call_1"]
 * ```
 */
export function buildApprovalPayload(asks: readonly AskScreening[], proposedAt: number, findTool?: ToolLookup): ToolApprovalInterruptPayload {
  const bounds = asks.flatMap((ask) => (ask.expiresInMs === undefined ? [] : [ask.expiresInMs]));
  return {
    type: "tool_approval",
    action_requests: asks.map((ask) => ({
      tool_call_id: ask.call.id ?? "",
      name: ask.call.name,
      arguments: ask.args,
      args: ask.args,
      ...(ask.description === undefined ? {} : { description: ask.description }),
    })),
    review_configs: asks.map((ask) => {
      const argsSchema = toolArgsSchema(findTool?.(ask.call.name)?.schema);
      return {
        action_name: ask.call.name,
        tool_call_id: ask.call.id ?? "",
        allowed_decisions: [...ask.allowedDecisions],
        ...(argsSchema === undefined ? {} : { args_schema: argsSchema }),
      };
    }),
    ...(bounds.length === 0 ? {} : { expires_at: new Date(proposedAt + Math.min(...bounds)).toISOString() }),
  };
}
