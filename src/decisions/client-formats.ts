import { z } from "zod";
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { canonicalJson } from "../payload/canonical-json.js";
import type { ToolApprovalDecision, ToolApprovalDecisionType, ToolApprovalInterruptPayload, ToolApprovalRequest } from "../payload/types.js";
import { coerceEditedArgs } from "./coerce-edited-args.js";
import { decisionNameIn, foreignEditField, misplacedEditDetail, type FormatName } from "./format-terms.js";
import { issueDetails } from "../errors/issue-details.js";
import { isPlainObject } from "../payload/json-type.js";

/** One decision converted from another client's format, with where it sat in the value sent. */
interface ConvertedDecision {
  request: ToolApprovalRequest;
  decision: ToolApprovalDecision;
  /** Where the decision sits in the value sent (`["decisions", 0]`, `[0]`). */
  at: Array<string | number>;
  /** Where an edit's arguments sit in the value sent, so a schema problem names the field the client wrote. */
  argsAt?: Array<string | number>;
}

/** A resume value as {@link fromClientFormat} read it: our own format untouched, or another client's converted. */
type NormalisedResume =
  | { format: "langgraph-hitl"; value: unknown }
  | { format: Exclude<FormatName, "langgraph-hitl">; decisions: ConvertedDecision[]; problems: Problems };

/** Response types only agent-inbox uses; its `edit` shares our name and is told apart by `args`. */
const INBOX_ONLY_TYPES: readonly unknown[] = ["accept", "ignore", "response"];

/** An agent-inbox edit's `args` holds `{ action, args }`; an edit with any other `args` is read as ours (and told where its arguments go). */
function isInboxResponseLike(entry: unknown): boolean {
  if (!isPlainObject(entry)) return false;
  if (INBOX_ONLY_TYPES.includes(entry["type"])) return true;
  const args = entry["args"];
  return entry["type"] === "edit" && isPlainObject(args) && "action" in args && !("updatedInput" in entry);
}

function allowedOf(payload: ToolApprovalInterruptPayload, request: ToolApprovalRequest): ToolApprovalDecisionType[] {
  return [...(payload.review_configs.find((config) => config.tool_call_id === request.tool_call_id)?.allowed_decisions ?? [])];
}

/**
 * A decision whose `type` names no decision of its format: refused naming exactly the types
 * this call allows (in the format's own names), not every type the format has.
 */
function unknownTypeDetail(entry: unknown, known: readonly string[], allowed: readonly string[], request: ToolApprovalRequest, at: Array<string | number>): HITLErrorDetail | undefined {
  if (!isPlainObject(entry) || known.includes(entry["type"] as string)) return undefined;
  const type = entry["type"];
  const message = `unknown decision type ${JSON.stringify(type) ?? "undefined"} for "${request.name}"; allowed: ${allowed.join(", ")}`;
  return { toolCallId: request.tool_call_id, path: [...at, "type"], message, received: type, allowed: [...allowed] };
}

const LANGCHAIN_TYPES = ["approve", "reject", "edit", "respond"];
const INBOX_TYPES = ["accept", "ignore", "response", "edit"];

const plainObject = z.custom<Record<string, unknown>>(isPlainObject, {
  message: "expected an object of tool arguments",
});
const editedAction = z.strictObject({ name: z.string(), args: plainObject });
type EditedAction = z.infer<typeof editedAction>;

/** LangChain's decisions (`langchain` `hitl.ts`; snake_case `edited_action` from Python and agent-chat-ui). */
const langChainDecision = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("approve") }),
  z.strictObject({ type: z.literal("reject"), message: z.string().optional() }),
  z.strictObject({ type: z.literal("edit"), edited_action: editedAction.optional(), editedAction: editedAction.optional() }),
  z.strictObject({ type: z.literal("respond"), message: z.string() }),
]);
type LangChainDecision = z.infer<typeof langChainDecision>;

/** agent-inbox's `HumanResponse` (`@langchain/langgraph/prebuilt`). */
const inboxResponse = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("accept"), args: z.unknown().optional() }),
  z.strictObject({ type: z.literal("ignore"), args: z.null().optional() }),
  z.strictObject({ type: z.literal("response"), args: z.string() }),
  z.strictObject({ type: z.literal("edit"), args: z.strictObject({ action: z.string(), args: plainObject }) }),
]);
type InboxResponse = z.infer<typeof inboxResponse>;

/** Problems found while converting: shape problems refuse the value, edit problems refuse the edit. */
interface Problems {
  shape: HITLErrorDetail[];
  edit: HITLErrorDetail[];
}

function schemaProblems(error: z.ZodError, base: Array<string | number>, toolCallId: string): HITLErrorDetail[] {
  return issueDetails(error.issues, { prefix: base, extra: () => ({ toolCallId }) });
}

function argsSchemaOf(payload: ToolApprovalInterruptPayload, request: ToolApprovalRequest): Record<string, unknown> | undefined {
  return payload.review_configs.find((config) => config.tool_call_id === request.tool_call_id)?.args_schema;
}

/** An edit from a client: it must name the reviewed tool; its string values are coerced to the schema. */
function editOf(
  payload: ToolApprovalInterruptPayload,
  request: ToolApprovalRequest,
  action: { name: string; args: Record<string, unknown> },
  path: Array<string | number>,
  problems: Problems,
): ToolApprovalDecision | undefined {
  if (action.name !== request.name) {
    problems.edit.push({
      toolCallId: request.tool_call_id,
      path,
      message: `an edit must keep the reviewed tool "${request.name}", but names "${action.name}"`,
      allowed: [request.name],
      received: action.name,
    });
    return undefined;
  }
  return { type: "edit", updatedInput: coerceEditedArgs(action.args, argsSchemaOf(payload, request)) };
}

function fromLangChain(payload: ToolApprovalInterruptPayload, request: ToolApprovalRequest, decision: LangChainDecision, index: number, problems: Problems): ConvertedDecision | undefined {
  const at = ["decisions", index];
  switch (decision.type) {
    case "approve":
      return { request, decision: { type: "approve" }, at };
    case "reject":
      return { request, decision: decision.message === undefined ? { type: "reject" } : { type: "reject", reason: decision.message }, at };
    case "respond":
      return { request, decision: { type: "respond", responseText: decision.message }, at };
    case "edit": {
      const action = editedActionOf(decision, request, index, problems);
      if (action === undefined) return undefined;
      const key = decision.edited_action === undefined ? "editedAction" : "edited_action";
      const edit = editOf(payload, request, action, [...at, key, "name"], problems);
      return edit === undefined ? undefined : { request, decision: edit, at, argsAt: [...at, key, "args"] };
    }
  }
}

/** Where two values first differ (`[]` for the values themselves), or `undefined` when their JSON is the same. */
function firstDifference(a: unknown, b: unknown, path: Array<string | number> = []): Array<string | number> | undefined {
  if (canonicalJson(a) === canonicalJson(b)) return undefined;
  if (!isPlainObject(a) || !isPlainObject(b)) return path;
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const inner = firstDifference(a[key], b[key], [...path, key]);
    if (inner !== undefined) return inner;
  }
  return path;
}

/**
 * The action of a LangChain edit. `@langchain/langgraph-sdk`'s `respond()` writes every edit
 * under both spellings (`normalizeHitlResponseForServer`, so Python and JS servers both read it):
 * two equal copies are one action. Two copies that differ are refused — running either would run
 * something the client did not unambiguously send.
 */
function editedActionOf(decision: Extract<LangChainDecision, { type: "edit" }>, request: ToolApprovalRequest, index: number, problems: Problems): EditedAction | undefined {
  const { edited_action: snake, editedAction: camel } = decision;
  if (snake === undefined || camel === undefined) {
    const action = snake ?? camel;
    if (action === undefined) problems.shape.push({ toolCallId: request.tool_call_id, path: ["decisions", index], message: "an edit needs `edited_action` (or `editedAction`): { name, args }", received: decision, allowed: ["edited_action", "editedAction"] });
    return action;
  }
  const where = firstDifference(snake, camel);
  if (where === undefined) return snake;
  const field = where.join(".");
  problems.shape.push({
    toolCallId: request.tool_call_id,
    path: ["decisions", index, "editedAction", ...where],
    message: `an edit carries both \`edited_action\` and \`editedAction\`, and they differ at \`${field}\`: send one action, or two equal copies`,
    received: { edited_action: valueAt(snake, where), editedAction: valueAt(camel, where) },
  });
  return undefined;
}

function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  return path.reduce<unknown>((inner, key) => (isPlainObject(inner) ? inner[key] : undefined), value);
}

function convertLangChain(payload: ToolApprovalInterruptPayload, value: Record<string, unknown>, problems: Problems): ConvertedDecision[] {
  const requests = payload.action_requests;
  for (const key of Object.keys(value).filter((candidate) => candidate !== "decisions")) {
    problems.shape.push({ path: [key], message: `unexpected key "${key}" beside \`decisions\``, received: key, allowed: ["decisions"] });
  }
  const decisions = value["decisions"];
  if (!Array.isArray(decisions)) {
    problems.shape.push({ path: ["decisions"], message: "`decisions` must be an array, one decision per action request in order", received: decisions, allowed: ["array"] });
    return [];
  }
  if (decisions.length !== requests.length) {
    problems.shape.push({
      path: ["decisions"],
      message: `expected ${requests.length} decision(s), one per action request in order, but received ${decisions.length}`,
      received: decisions.length,
    });
  }
  return requests.flatMap((request, index) => {
    if (index >= decisions.length) return [];
    const entry: unknown = decisions[index];
    const at = ["decisions", index];
    const unknownType = unknownTypeDetail(entry, LANGCHAIN_TYPES, allowedOf(payload, request), request, at);
    if (unknownType !== undefined) {
      problems.shape.push(unknownType);
      return [];
    }
    const foreign = isPlainObject(entry) && entry["type"] === "edit" ? foreignEditField(entry, "langchain") : undefined;
    if (foreign !== undefined) {
      problems.shape.push(misplacedEditDetail(entry as Record<string, unknown>, foreign, "langchain", at, request.tool_call_id));
      return [];
    }
    const parsed = langChainDecision.safeParse(entry);
    if (!parsed.success) {
      problems.shape.push(...schemaProblems(parsed.error, at, request.tool_call_id));
      return [];
    }
    const decision = fromLangChain(payload, request, parsed.data, index, problems);
    return decision === undefined ? [] : [decision];
  });
}

function fromInbox(payload: ToolApprovalInterruptPayload, request: ToolApprovalRequest, response: InboxResponse, problems: Problems): ConvertedDecision | undefined {
  const at = [0];
  const converted = (decision: ToolApprovalDecision | undefined, argsAt?: Array<string | number>): ConvertedDecision | undefined =>
    decision === undefined ? undefined : { request, decision, at, ...(argsAt === undefined ? {} : { argsAt }) };
  switch (response.type) {
    case "accept":
      return converted(acceptOf(payload, request, response.args, problems));
    case "ignore":
      return converted({ type: "reject" });
    case "response":
      return converted({ type: "respond", responseText: response.args });
    case "edit":
      return converted(editOf(payload, request, { name: response.args.action, args: response.args.args }, [0, "args", "action"], problems), [0, "args", "args"]);
  }
}

/**
 * agent-inbox sends the shown action along with an accept. Accepting runs exactly what was
 * reviewed, so an accept that carries other arguments is ambiguous and refused.
 */
function acceptOf(payload: ToolApprovalInterruptPayload, request: ToolApprovalRequest, args: unknown, problems: Problems): ToolApprovalDecision | undefined {
  if (args === undefined || args === null) return { type: "approve" };
  const action = isPlainObject(args) ? args : undefined;
  const sent = action?.["args"];
  // A string input (a DynamicTool's) is compared as sent; only an object's fields are coerced.
  const shown = typeof sent === "string" ? sent : isPlainObject(sent) ? coerceEditedArgs(sent, argsSchemaOf(payload, request)) : undefined;
  if (action?.["action"] === request.name && shown !== undefined && canonicalJson(shown) === canonicalJson(request.arguments)) return { type: "approve" };
  problems.shape.push({
    toolCallId: request.tool_call_id,
    path: [0, "args"],
    message: `an accept must carry no arguments or exactly the reviewed action; to change "${request.name}" send an edit`,
    received: args,
  });
  return undefined;
}

function convertInbox(payload: ToolApprovalInterruptPayload, value: unknown[], problems: Problems): ConvertedDecision[] {
  const [request, ...others] = payload.action_requests;
  if (request === undefined || others.length > 0 || value.length !== 1) {
    problems.shape.push({
      message:
        `agent-inbox responses answer exactly one action with one response, but this approval has ${payload.action_requests.length} action(s) ` +
        `and ${value.length} response(s) were sent; send decisions keyed by tool_call_id instead`,
      received: value.length,
    });
    return [];
  }
  const allowed = allowedOf(payload, request).map((type) => decisionNameIn("agent-inbox", type));
  const unknownType = unknownTypeDetail(value[0], INBOX_TYPES, allowed, request, [0]);
  if (unknownType !== undefined) {
    problems.shape.push(unknownType);
    return [];
  }
  const parsed = inboxResponse.safeParse(value[0]);
  if (!parsed.success) {
    problems.shape.push(...schemaProblems(parsed.error, [0], request.tool_call_id));
    return [];
  }
  const decision = fromInbox(payload, request, parsed.data, problems);
  return decision === undefined ? [] : [decision];
}

/** Which format a resume value for `payload` is written in. */
function detectClientFormat(payload: ToolApprovalInterruptPayload, value: unknown): FormatName {
  if (Array.isArray(value)) {
    return value.some(isInboxResponseLike) ? "agent-inbox" : "langgraph-hitl";
  }
  // A tool call may itself be called "decisions": then the key addresses it, as in our map.
  const idsDecisions = payload.action_requests.some((request) => request.tool_call_id === "decisions");
  return isPlainObject(value) && "decisions" in value && !idsDecisions ? "langchain" : "langgraph-hitl";
}

/**
 * Reads a resume value written for another HITL client as our decisions, in
 * `action_requests` order. Our own format passes through untouched (strict, no coercion).
 *
 * | client | value | becomes |
 * |---|---|---|
 * | LangChain (agent-chat-ui, `humanInTheLoopMiddleware`, the SDK's `respond()`) | `{ decisions: [...] }` by position | approve → approve, reject{message} → reject{reason}, edit{edited_action \| editedAction \| both, equal: {name,args}} → edit{updatedInput}, respond{message} → respond{responseText} |
 * | agent-inbox | `[HumanResponse]` for a one-call approval | accept → approve, ignore → reject, response{args: text} → respond, edit{args: {action,args}} → edit |
 *
 * An edit may carry its action under both spellings, as `@langchain/langgraph-sdk`'s
 * `respond()` sends it, when the two are deeply equal. An edit must name the reviewed tool. Edited values sent as strings are coerced to the type
 * `args_schema` wants only when the string is JSON of exactly that type (see `coerceEditedArgs`).
 *
 * @param payload - The approval being answered.
 * @param value - The resume value as received.
 * Nothing is thrown: every problem is returned, so the caller reports them together with the
 * problems it finds itself (a decision not allowed, an edit that breaks the schema).
 *
 * @returns Our own format untouched, or each decision that converted (with where it sat in the
 * value sent) and every problem: `shape` ones refuse the value (`INVALID_DECISION`; an edit whose
 * two spellings differ names both fields and the first path where they differ, an edit written
 * with another format's field names the field each format expects, an unknown type lists exactly
 * the call's allowed decisions), `edit` ones refuse the edit (`INVALID_EDIT`, an edit naming another tool).
 * @example
 * ```ts
 * const read = fromClientFormat(payload, { decisions: [{ type: "reject", message: "not today" }] });
 * if (read.format === "langchain") read.decisions[0]?.decision; // { type: "reject", reason: "not today" }
 * ```
 */
export function fromClientFormat(payload: ToolApprovalInterruptPayload, value: unknown): NormalisedResume {
  const format = detectClientFormat(payload, value);
  if (format === "langgraph-hitl") return { format, value };
  const problems: Problems = { shape: [], edit: [] };
  const decisions = format === "langchain" ? convertLangChain(payload, value as Record<string, unknown>, problems) : convertInbox(payload, value as unknown[], problems);
  return { format, decisions, problems };
}
