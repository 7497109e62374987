import type { ToolLookup } from "../decisions/validate-decisions.js";
import { toolArgsSchema } from "../payload/args-schema.js";
import type { ToolApprovalGrantedCall, ToolApprovalGrantOffer, ToolApprovalInterruptPayload } from "../payload/types.js";
import type { Screening } from "./types.js";

type AskScreening = Extract<Screening, { kind: "ask" }>;

/** What an approval says about standing grants: what each call offers, and which calls of the batch grants cover. */
export interface ApprovalGrants {
  offerFor(ask: AskScreening): ToolApprovalGrantOffer | undefined;
  granted: ToolApprovalGrantedCall[];
}

/**
 * One `tool_approval` payload for every `ask` of the batch, in the model's order. When any
 * ask is bounded, the payload carries the earliest deadline, counted from `proposedAt`. Each
 * request carries its arguments twice, as `arguments` (LibreChat's name) and `args` (LangChain's
 * clients'); each review config carries the tool's `args_schema` when `findTool` knows a schema,
 * and `grants` where the node offers standing grants; calls of the batch that grants cover are
 * listed as `granted`.
 *
 * @example
 * ```ts
 * const payload = buildApprovalPayload(asks, Date.now(), findTool);
 * payload.action_requests.map((request) => request.tool_call_id); // ["call_1"]
 * ```
 */
export function buildApprovalPayload(asks: readonly AskScreening[], proposedAt: number, findTool?: ToolLookup, grants?: ApprovalGrants): ToolApprovalInterruptPayload {
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
      const offer = grants?.offerFor(ask);
      return {
        action_name: ask.call.name,
        tool_call_id: ask.call.id ?? "",
        allowed_decisions: [...ask.allowedDecisions],
        ...(argsSchema === undefined ? {} : { args_schema: argsSchema }),
        ...(offer === undefined ? {} : { grants: offer }),
      };
    }),
    ...(bounds.length === 0 ? {} : { expires_at: new Date(proposedAt + Math.min(...bounds)).toISOString() }),
    ...(grants === undefined || grants.granted.length === 0 ? {} : { granted: grants.granted }),
  };
}
