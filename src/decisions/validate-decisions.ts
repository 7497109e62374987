import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import type {
  ToolApprovalDecision,
  ToolApprovalInterruptPayload,
  ToolApprovalRequest,
  ToolApprovalReviewConfig,
} from "../payload/types.js";
import { fromClientFormat } from "./client-formats.js";
import { DECISION_TYPES, isDecisionType, parseDecision } from "./decision-schema.js";
import { grantOfferProblems } from "./grant-request.js";
import { validateToolArguments, type ToolLike } from "./tool-arguments.js";
import { isPlainObject } from "../payload/json-type.js";

/** Finds the tool a call would run, to check edited arguments against its schema. */
export type ToolLookup = (toolName: string) => ToolLike | undefined;

/** Decisions that fit the payload, keyed by `tool_call_id`. */
type ValidatedDecisions = Map<string, ToolApprovalDecision>;

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Pairs each submitted decision with the request it answers, collecting shape problems. */
function pairDecisions(
  payload: ToolApprovalInterruptPayload,
  value: unknown,
  details: HITLErrorDetail[],
): Array<[ToolApprovalRequest, unknown]> {
  const requests = payload.action_requests;
  const ids = requests.map((request) => request.tool_call_id);
  if (Array.isArray(value)) {
    if (value.length !== requests.length) {
      details.push({
        message: `expected ${requests.length} decision(s), one per action request in order, but received ${value.length}`,
        received: value.length,
      });
    }
    return requests.flatMap((request, index) =>
      index < value.length ? [[request, value[index]] as [ToolApprovalRequest, unknown]] : [],
    );
  }
  if (!isPlainObject(value)) {
    details.push({
      message: `expected an array of decisions or an object keyed by tool_call_id, but received ${describeType(value)}`,
      received: value,
    });
    return [];
  }
  for (const key of Object.keys(value)) {
    if (!ids.includes(key)) {
      details.push({ toolCallId: key, message: `no pending action request has tool_call_id "${key}"`, allowed: ids });
    }
  }
  return requests.flatMap((request) => {
    if (Object.prototype.hasOwnProperty.call(value, request.tool_call_id)) {
      return [[request, value[request.tool_call_id]] as [ToolApprovalRequest, unknown]];
    }
    details.push({ toolCallId: request.tool_call_id, message: `missing decision for "${request.name}"` });
    return [];
  });
}

function checkDecision(
  request: ToolApprovalRequest,
  config: ToolApprovalReviewConfig | undefined,
  value: unknown,
  details: HITLErrorDetail[],
): ToolApprovalDecision | undefined {
  const toolCallId = request.tool_call_id;
  const allowed = config?.allowed_decisions ?? [];
  const type = isPlainObject(value) ? value["type"] : undefined;
  if (!isDecisionType(type)) {
    details.push({
      toolCallId,
      path: ["type"],
      message: isPlainObject(value)
        ? `unknown decision type ${JSON.stringify(type)}; expected one of ${DECISION_TYPES.join(", ")}`
        : `expected a decision object with a "type", but received ${describeType(value)}`,
      allowed: [...allowed],
      received: isPlainObject(value) ? type : value,
    });
    return undefined;
  }
  if (!allowed.includes(type)) {
    details.push({
      toolCallId,
      path: ["type"],
      message: `decision "${type}" is not allowed for "${request.name}"; allowed: ${allowed.join(", ")}`,
      allowed: [...allowed],
      received: type,
    });
    return undefined;
  }
  const parsed = parseDecision(type, value);
  if (parsed.ok) {
    const grant = parsed.decision.type === "approve" ? parsed.decision.grant : undefined;
    const problems = grant === undefined ? [] : grantOfferProblems(grant, config?.grants, request);
    for (const problem of problems) details.push({ toolCallId, ...problem });
    return problems.length === 0 ? parsed.decision : undefined;
  }
  for (const problem of parsed.problems) details.push({ toolCallId, ...problem });
  return undefined;
}

/**
 * Checks a resume value against a `tool_approval` payload: its shape (array in
 * `action_requests` order, or a map by `tool_call_id`; LangChain's `{ decisions }` and
 * agent-inbox's `HumanResponse[]` are converted first), one decision per request, each
 * decision's type against that call's `allowed_decisions`, and every `edit` against the
 * tool's schema, and every `approve` that asks for a standing `grant` against what the call's
 * review config offers (`grants`).
 *
 * @returns The decisions by `tool_call_id`.
 * @throws {HITLError} `INVALID_DECISION` for any shape or permission problem (and for a
 * payload that names one `tool_call_id` twice, whatever the value), else `INVALID_EDIT` when
 * only edited arguments fail their schema; one detail per problem.
 * @example
 * ```ts
 * const decisions = await validateDecisions(payload, [{ type: "approve" }], node.findTool);
 * decisions.get(payload.action_requests[0].tool_call_id); // { type: "approve" }
 * ```
 */
export async function validateDecisions(
  payload: ToolApprovalInterruptPayload,
  value: unknown,
  findTool: ToolLookup,
): Promise<ValidatedDecisions> {
  assertUniqueIds(payload);
  const details: HITLErrorDetail[] = [];
  const decisions: ValidatedDecisions = new Map();
  const ours = fromClientFormat(payload, value).value;
  for (const [request, raw] of pairDecisions(payload, ours, details)) {
    const config = payload.review_configs.find((candidate) => candidate.tool_call_id === request.tool_call_id);
    const decision = checkDecision(request, config, raw, details);
    if (decision !== undefined) decisions.set(request.tool_call_id, decision);
  }
  if (details.length > 0) {
    sortByRequestOrder(details, payload);
    throw new HITLError("INVALID_DECISION", summarise("The decisions do not fit the pending approval", details), {
      details,
    });
  }
  const editDetails = await validateEdits(payload, decisions, findTool);
  if (editDetails.length > 0) {
    throw new HITLError("INVALID_EDIT", summarise("Edited arguments do not fit the tool's schema", editDetails), {
      details: editDetails,
    });
  }
  return decisions;
}

/**
 * Decisions are keyed by `tool_call_id`: when two requests share one, a decision made for one
 * could be applied to the other, so no decision is applied at all.
 */
function assertUniqueIds(payload: ToolApprovalInterruptPayload): void {
  const seen = new Set<string>();
  const details: HITLErrorDetail[] = [];
  for (const { tool_call_id: toolCallId } of payload.action_requests) {
    if (seen.has(toolCallId)) details.push({ toolCallId, message: `the approval lists tool_call_id "${toolCallId}" more than once, so no decision can be matched to one call` });
    seen.add(toolCallId);
  }
  if (details.length > 0) throw new HITLError("INVALID_DECISION", summarise("The pending approval cannot be answered", details), { details });
}

async function validateEdits(
  payload: ToolApprovalInterruptPayload,
  decisions: ValidatedDecisions,
  findTool: ToolLookup,
): Promise<HITLErrorDetail[]> {
  const checks = payload.action_requests.map(async (request) => {
    const decision = decisions.get(request.tool_call_id);
    if (decision?.type !== "edit") return [];
    const tool = findTool(request.name);
    return tool === undefined ? [] : validateToolArguments(tool, decision.updatedInput, request.tool_call_id);
  });
  return (await Promise.all(checks)).flat();
}

/** Problems of the whole value first, then each call's in the model's order, then unknown ids. */
function sortByRequestOrder(details: HITLErrorDetail[], payload: ToolApprovalInterruptPayload): void {
  const ids = payload.action_requests.map((request) => request.tool_call_id);
  const rank = (detail: HITLErrorDetail): number => {
    if (detail.toolCallId === undefined) return -1;
    const index = ids.indexOf(detail.toolCallId);
    return index === -1 ? ids.length : index;
  };
  details.sort((a, b) => rank(a) - rank(b));
}

function summarise(prefix: string, details: HITLErrorDetail[]): string {
  const first = details[0];
  const where = first?.toolCallId === undefined ? "" : ` (${first.toolCallId})`;
  const more = details.length > 1 ? ` (+${details.length - 1} more)` : "";
  return `${prefix}: ${first?.message ?? "invalid value"}${where}${more}`;
}
