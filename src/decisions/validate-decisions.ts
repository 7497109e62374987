import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import type {
  ToolApprovalDecision,
  ToolApprovalInterruptPayload,
  ToolApprovalRequest,
  ToolApprovalReviewConfig,
} from "../payload/types.js";
import { fromClientFormat } from "./client-formats.js";
import { isDecisionType, parseDecision } from "./decision-schema.js";
import { decisionNameIn, foreignEditField, misplacedEditDetail, type FormatName } from "./format-terms.js";
import { grantOfferProblems } from "./grant-request.js";
import { validateToolArguments, type ToolLike } from "./tool-arguments.js";
import { isPlainObject } from "../payload/json-type.js";
import { nameList } from "../errors/name-list.js";

/** Finds the tool a call would run, to check edited arguments against its schema. */
export type ToolLookup = (toolName: string) => ToolLike | undefined;

/** Decisions that fit the payload, keyed by `tool_call_id`. */
type ValidatedDecisions = Map<string, ToolApprovalDecision>;

/** Every problem of one submission, by what it refuses: the value (`INVALID_DECISION`) or only an edit (`INVALID_EDIT`). */
interface Problems {
  decision: HITLErrorDetail[];
  edit: HITLErrorDetail[];
}

/** One decision as sent, with the request it answers and where it sits in the value sent. */
interface SentDecision {
  request: ToolApprovalRequest;
  raw: unknown;
  format: FormatName;
  /** Path of the decision in the value sent; `[]` for ours (its details are placed by `toolCallId`). */
  at: Array<string | number>;
  /** Path of an edit's arguments in the value sent. Default: `["updatedInput"]`. */
  argsAt?: Array<string | number>;
}

/** The shapes a whole resume value may take, named in the details of a value of none of them. */
const VALUE_SHAPES = [
  "an array of decisions, one per action request, in order",
  "an object of decisions keyed by tool_call_id",
  "LangChain's { decisions: [...] }",
  "agent-inbox's [HumanResponse] (one action)",
];

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A whole value that is one decision (`{ type: "approve" }`), not decisions: unless a call's id is `type`, it answers nobody. */
function isOneDecision(value: Record<string, unknown>, ids: readonly string[]): boolean {
  return typeof value["type"] === "string" && !ids.includes("type");
}

function oneDecisionDetail(value: Record<string, unknown>, ids: readonly string[]): HITLErrorDetail {
  const sent = JSON.stringify(value);
  const array = ids.length === 1 ? `[${sent}]` : `[${sent}, …] with ${ids.length} decisions`;
  const map = `{ ${ids.map((id) => `${JSON.stringify(id)}: ${id === ids[0] ? sent : "…"}`).join(", ")} }`;
  const message =
    `received a single decision object, not decisions: send an array of decisions (one per action request, in order), ` +
    `e.g. ${array}, or a map by tool_call_id, e.g. ${map}`;
  return { path: [], message, received: value, allowed: [...VALUE_SHAPES] };
}

/** Pairs each submitted decision (our format) with the request it answers, collecting shape problems. */
function pairDecisions(payload: ToolApprovalInterruptPayload, value: unknown, details: HITLErrorDetail[]): Array<[ToolApprovalRequest, unknown]> {
  const requests = payload.action_requests;
  const ids = requests.map((request) => request.tool_call_id);
  if (Array.isArray(value)) {
    if (value.length !== requests.length) {
      details.push({
        path: [],
        message: `expected ${requests.length} decision(s), one per action request in order, but received ${value.length}`,
        received: value.length,
        allowed: [String(requests.length)],
      });
    }
    return requests.flatMap((request, index) => (index < value.length ? [[request, value[index]] as [ToolApprovalRequest, unknown]] : []));
  }
  if (!isPlainObject(value)) {
    const message = `expected decisions, but received ${describeType(value)}: send an array of decisions (one per action request, in order) or an object of decisions keyed by tool_call_id`;
    details.push({ path: [], message, received: value, allowed: [...VALUE_SHAPES] });
    return [];
  }
  if (isOneDecision(value, ids)) {
    details.push(oneDecisionDetail(value, ids));
    return [];
  }
  const answerKey = ["answer", "answers"].find((key) => key in value && !ids.includes(key));
  if (answerKey !== undefined) {
    const message = `received \`{ ${answerKey} }\`, which answers a question (ask_user_question), but this interrupt is an approval (tool_approval): send decisions, an array (one per action request, in order) or a map by tool_call_id`;
    details.push({ path: [answerKey], message, received: value, allowed: [...VALUE_SHAPES] });
    return [];
  }
  // A forged map may hold 100 000 keys: each is looked up at once, and its refusal names ten pending ids, not all.
  const pending = new Set(ids);
  const pendingNamed = nameList(ids, (id) => `"${id}"`);
  for (const key of Object.keys(value)) {
    if (!pending.has(key)) {
      details.push({ toolCallId: key, path: [key], message: `no pending action request has tool_call_id "${key}"; the pending ones are ${pendingNamed}`, received: key, allowed: ids });
    }
  }
  return requests.flatMap((request) => {
    if (Object.prototype.hasOwnProperty.call(value, request.tool_call_id)) return [[request, value[request.tool_call_id]] as [ToolApprovalRequest, unknown]];
    const allowed = payload.review_configs.find((config) => config.tool_call_id === request.tool_call_id)?.allowed_decisions ?? [];
    details.push({ toolCallId: request.tool_call_id, path: [request.tool_call_id], message: `missing decision for "${request.name}" (tool_call_id "${request.tool_call_id}"); allowed: ${allowed.join(", ")}`, allowed: [...allowed] });
    return [];
  });
}

/** Every decision of the value, and the format it was written in; the conversion's problems go to `problems`. */
function sentDecisions(payload: ToolApprovalInterruptPayload, value: unknown, problems: Problems): { format: FormatName; sent: SentDecision[] } {
  const read = fromClientFormat(payload, value);
  const { format } = read;
  if (read.format === "langgraph-hitl") {
    return { format, sent: pairDecisions(payload, read.value, problems.decision).map(([request, raw]) => ({ request, raw, format, at: [] })) };
  }
  problems.decision.push(...read.problems.shape);
  problems.edit.push(...read.problems.edit);
  return { format, sent: read.decisions.map(({ request, decision, at, argsAt }) => ({ request, raw: decision, format, at, ...(argsAt === undefined ? {} : { argsAt }) })) };
}

function checkDecision(sent: SentDecision, config: ToolApprovalReviewConfig | undefined, details: HITLErrorDetail[]): ToolApprovalDecision | undefined {
  const { request, raw: value, format, at } = sent;
  const toolCallId = request.tool_call_id;
  const allowed = config?.allowed_decisions ?? [];
  const type = isPlainObject(value) ? value["type"] : undefined;
  if (!isDecisionType(type)) {
    details.push({
      toolCallId,
      path: [...at, "type"],
      message: isPlainObject(value)
        ? `unknown decision type ${JSON.stringify(type) ?? "undefined"} for "${request.name}"; allowed: ${allowed.join(", ")}`
        : `expected a decision object with a "type" (one of ${allowed.join(", ")}), but received ${describeType(value)}`,
      allowed: [...allowed],
      received: isPlainObject(value) ? type : value,
    });
    return undefined;
  }
  if (!allowed.includes(type)) {
    const named = allowed.map((candidate) => decisionNameIn(format, candidate));
    details.push({
      toolCallId,
      path: [...at, "type"],
      message: `decision "${decisionNameIn(format, type)}" is not allowed for "${request.name}"; allowed: ${named.join(", ")}`,
      allowed: named,
      received: decisionNameIn(format, type),
    });
    return undefined;
  }
  // A converted decision is already ours, built from a value its converter checked.
  const foreign = type === "edit" && format === "langgraph-hitl" ? foreignEditField(value, format) : undefined;
  if (foreign !== undefined) {
    details.push(misplacedEditDetail(value as Record<string, unknown>, foreign, format, at, toolCallId));
    return undefined;
  }
  const parsed = parseDecision(type, value);
  if (parsed.ok) {
    const grant = parsed.decision.type === "approve" ? parsed.decision.grant : undefined;
    const problems = grant === undefined ? [] : grantOfferProblems(grant, config?.grants, request);
    for (const problem of problems) details.push({ toolCallId, ...problem, path: [...at, ...(problem.path ?? [])] });
    return problems.length === 0 ? parsed.decision : undefined;
  }
  for (const problem of parsed.problems) details.push({ toolCallId, ...problem, path: [...at, ...problem.path] });
  return undefined;
}

const LABELS: Record<FormatName, { decisions: string; edit: string }> = {
  "langgraph-hitl": { decisions: "The decisions do not fit the pending approval", edit: "Edited arguments do not fit the tool's schema" },
  langchain: { decisions: "The LangChain `{ decisions }` resume value does not fit the pending approval", edit: "The LangChain `{ decisions }` edit does not fit the pending approval" },
  "agent-inbox": { decisions: "The agent-inbox `HumanResponse[]` resume value does not fit the pending approval", edit: "The agent-inbox `HumanResponse[]` edit does not fit the pending approval" },
};

/**
 * Checks a resume value against a `tool_approval` payload: its shape (array in
 * `action_requests` order, or a map by `tool_call_id`; LangChain's `{ decisions }` and
 * agent-inbox's `HumanResponse[]` are converted first), one decision per request, each
 * decision's type against that call's `allowed_decisions`, and every `edit` against the
 * tool's schema, and every `approve` that asks for a standing `grant` against what the call's
 * review config offers (`grants`). Every problem of the value — every call, every kind — is
 * reported at once.
 *
 * @returns The decisions by `tool_call_id`.
 * @throws {HITLError} `INVALID_DECISION` when anything but edited arguments is wrong (and for a
 * payload that names one `tool_call_id` twice, whatever the value), else `INVALID_EDIT` when
 * only edits fail (their schema, or a tool switched); one detail per problem, the whole value's
 * first, then each call's in the model's order, each in the terms of the format the value was written in.
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
  const problems: Problems = { decision: [], edit: [] };
  const decisions: ValidatedDecisions = new Map();
  const { format, sent } = sentDecisions(payload, value, problems);
  for (const entry of sent) {
    const config = payload.review_configs.find((candidate) => candidate.tool_call_id === entry.request.tool_call_id);
    const decision = checkDecision(entry, config, problems.decision);
    if (decision !== undefined) decisions.set(entry.request.tool_call_id, decision);
  }
  problems.edit.push(...(await validateEdits(sent, decisions, findTool)));
  if (problems.decision.length === 0 && problems.edit.length === 0) return decisions;
  const details = [...problems.decision, ...problems.edit];
  sortByRequestOrder(details, payload);
  const label = LABELS[format];
  if (problems.decision.length > 0) throw new HITLError("INVALID_DECISION", summarise(label.decisions, details), { details });
  throw new HITLError("INVALID_EDIT", summarise(label.edit, details), { details });
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

async function validateEdits(sent: readonly SentDecision[], decisions: ValidatedDecisions, findTool: ToolLookup): Promise<HITLErrorDetail[]> {
  const checks = sent.map(async ({ request, argsAt }) => {
    const decision = decisions.get(request.tool_call_id);
    if (decision?.type !== "edit") return [];
    const tool = findTool(request.name);
    return tool === undefined ? [] : validateToolArguments(tool, decision.updatedInput, request.tool_call_id, argsAt);
  });
  return (await Promise.all(checks)).flat();
}

/** Problems of the whole value first, then each call's in the model's order, then unknown ids. */
function sortByRequestOrder(details: HITLErrorDetail[], payload: ToolApprovalInterruptPayload): void {
  const positions = new Map<string, number>();
  payload.action_requests.forEach((request, index) => positions.set(request.tool_call_id, positions.get(request.tool_call_id) ?? index));
  const rank = (detail: HITLErrorDetail): number => (detail.toolCallId === undefined ? -1 : (positions.get(detail.toolCallId) ?? payload.action_requests.length));
  details.sort((a, b) => rank(a) - rank(b));
}

function summarise(prefix: string, details: HITLErrorDetail[]): string {
  const first = details[0];
  const where = first?.toolCallId === undefined ? "" : ` (${first.toolCallId})`;
  const more = details.length > 1 ? ` (+${details.length - 1} more; see \`details\`)` : "";
  return `${prefix}: ${first?.message ?? "invalid value"}${where}${more}`;
}
