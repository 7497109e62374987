import type { ToolLookup } from "../decisions/validate-decisions.js";
import { toolArgsSchema } from "../payload/args-schema.js";
import type { LangChainActionRequest, LangChainDecisionType, LangChainReviewConfig, ToolApprovalGrantedCall, ToolApprovalGrantOffer, ToolApprovalInterruptPayload } from "../payload/types.js";
import type { RequestShape, Screening } from "./types.js";

type AskScreening = Extract<Screening, { kind: "ask" }>;

/** What an approval says about standing grants: what each call offers, and which calls of the batch grants cover. */
export interface ApprovalGrants {
  offerFor(ask: AskScreening): ToolApprovalGrantOffer | undefined;
  granted: ToolApprovalGrantedCall[];
}

/** LangChain's `descriptionPrefix` default (`humanInTheLoopMiddleware`, langchain 1.5). */
const DEFAULT_DESCRIPTION_PREFIX = "Tool execution requires approval";

const SNAKE_ONLY: RequestShape = { langChain: false, descriptionPrefix: undefined };

/**
 * The description LangChain's `humanInTheLoopMiddleware` writes for a call configured without
 * one, character for character: the prefix, the tool's name, its arguments as indented JSON.
 *
 * @example
 * ```ts
 * defaultDescription("Tool execution requires approval", "calculator", { a: 1 });
 * // "Tool execution requires approval\n\nTool: calculator\nArgs: {\n  \"a\": 1\n}"
 * ```
 */
function defaultDescription(prefix: string, name: string, args: unknown): string {
  return `${prefix}\n\nTool: ${name}\nArgs: ${JSON.stringify(args, null, 2)}`;
}

const LANGCHAIN_DECISIONS: readonly string[] = ["approve", "edit", "reject"] satisfies LangChainDecisionType[];

/** LangChain JS's `HITLRequest` for the same asks: what clients typed against LangChain read. */
function langChainRequest(asks: readonly AskScreening[], prefix: string): { actionRequests: LangChainActionRequest[]; reviewConfigs: LangChainReviewConfig[] } {
  return {
    actionRequests: asks.map((ask) => ({
      name: ask.call.name,
      args: ask.args as Record<string, unknown>,
      description: ask.description ?? defaultDescription(prefix, ask.call.name, ask.args),
    })),
    // One per call, as LangChain writes them; its schema only when `interruptOn` configured one (LangChain's own rule).
    reviewConfigs: asks.map((ask) => ({
      actionName: ask.call.name,
      allowedDecisions: ask.allowedDecisions.filter((type): type is LangChainDecisionType => LANGCHAIN_DECISIONS.includes(type)),
      ...(ask.argsSchema === undefined ? {} : { argsSchema: ask.argsSchema }),
    })),
  };
}

/**
 * One `tool_approval` payload for every `ask` of the batch, in the model's order. When any
 * ask is bounded, the payload carries the earliest deadline, counted from `proposedAt`. Each
 * request carries its arguments twice, as `arguments` (LibreChat's name) and `args` (LangChain's
 * clients'); each review config carries the tool's `args_schema` when `findTool` knows a schema,
 * and `grants` where the node offers standing grants; calls of the batch that grants cover are
 * listed as `granted`. For `approvalMiddleware` (`shape.langChain`) the payload is also LangChain JS's `HITLRequest`:
 * `actionRequests` / `reviewConfigs`, with LangChain's default description.
 *
 * @example
 * ```ts
 * const payload = buildApprovalPayload(asks, Date.now(), findTool);
 * payload.action_requests.map((request) => request.tool_call_id); // ["call_1"]
 * ```
 */
export function buildApprovalPayload(asks: readonly AskScreening[], proposedAt: number, findTool?: ToolLookup, shape: RequestShape = SNAKE_ONLY, grants?: ApprovalGrants): ToolApprovalInterruptPayload {
  const bounds = asks.flatMap((ask) => (ask.expiresInMs === undefined ? [] : [ask.expiresInMs]));
  // Once per tool, however many of its calls the batch asks about (each review config carries the same object).
  const schemas = new Map<string, ReturnType<typeof toolArgsSchema>>();
  const argsSchemaOf = (name: string) => {
    if (!schemas.has(name)) schemas.set(name, toolArgsSchema(findTool?.(name)?.schema));
    return schemas.get(name);
  };
  const { descriptionPrefix } = shape;
  return {
    type: "tool_approval",
    action_requests: asks.map((ask) => {
      // Our own clients show the name and arguments themselves: a default text only when a prefix was asked for.
      const description = ask.description ?? (descriptionPrefix === undefined ? undefined : defaultDescription(descriptionPrefix, ask.call.name, ask.args));
      return {
        tool_call_id: ask.call.id ?? "",
        name: ask.call.name,
        arguments: ask.args,
        args: ask.args,
        ...(description === undefined ? {} : { description }),
      };
    }),
    review_configs: asks.map((ask) => {
      const argsSchema = argsSchemaOf(ask.call.name);
      const offer = grants?.offerFor(ask);
      return {
        action_name: ask.call.name,
        tool_call_id: ask.call.id ?? "",
        allowed_decisions: [...ask.allowedDecisions],
        ...(argsSchema === undefined ? {} : { args_schema: argsSchema }),
        ...(offer === undefined ? {} : { grants: offer }),
      };
    }),
    ...(shape.langChain ? langChainRequest(asks, descriptionPrefix ?? DEFAULT_DESCRIPTION_PREFIX) : {}),
    ...(bounds.length === 0 ? {} : { expires_at: new Date(proposedAt + Math.min(...bounds)).toISOString() }),
    ...(grants === undefined || grants.granted.length === 0 ? {} : { granted: grants.granted }),
  };
}
