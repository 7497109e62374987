/**
 * How each resume format an approval accepts names things (decision types, an edit's arguments),
 * so a refusal speaks in the terms of the format the client wrote.
 */
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { isPlainObject } from "../payload/json-type.js";
import type { ToolApprovalDecisionType } from "../payload/types.js";

/** The resume formats an approval accepts: ours, LangChain's `{ decisions }`, agent-inbox's `HumanResponse[]`. */
export type FormatName = "langgraph-hitl" | "langchain" | "agent-inbox";

/** Our decision types under agent-inbox's names (LangChain's are ours). */
const INBOX_NAME_OF: Record<ToolApprovalDecisionType, string> = { approve: "accept", reject: "ignore", respond: "response", edit: "edit" };

/**
 * A decision type as `format` names it: agent-inbox calls an approve `accept`.
 *
 * @example
 * ```ts
 * decisionNameIn("agent-inbox", "respond"); // "response"
 * ```
 */
export function decisionNameIn(format: FormatName, type: ToolApprovalDecisionType): string {
  return format === "agent-inbox" ? INBOX_NAME_OF[type] : type;
}

/** Where each format puts an edit's new arguments (agent-inbox's sit inside `args`, as `args.args`). */
const EDIT_FIELDS: readonly string[] = ["updatedInput", "edited_action", "editedAction", "args.args"];

/** The fields an edit of one format carries its arguments in, and the field another format's edit would use. */
const OWN_FIELDS: Record<FormatName, readonly string[]> = {
  "langgraph-hitl": ["updatedInput"],
  langchain: ["edited_action", "editedAction"],
  "agent-inbox": ["args"],
};
const FOREIGN_FIELDS = ["updatedInput", "edited_action", "editedAction", "args"];

/** Where each format's edit carries its new arguments, as a message spells it out. */
const EDIT_SHAPES: Record<FormatName, string> = {
  "langgraph-hitl": "this library's decisions (an array, or a map by tool_call_id) put them in `updatedInput: { …arguments }`",
  langchain: "LangChain's `{ decisions: [...] }` puts them in `edited_action` (or `editedAction`): `{ name, args: { …arguments } }`",
  "agent-inbox": "agent-inbox's `[HumanResponse]` puts them in `args: { action, args: { …arguments } }`",
};

/**
 * The field of another format an edit carries instead of its own (`args` in one of our edits,
 * `updatedInput` in a LangChain edit), or `undefined` when it carries its own or none.
 *
 * @example
 * ```ts
 * foreignEditField({ type: "edit", args: { path: "/tmp" } }, "langgraph-hitl"); // "args"
 * ```
 */
export function foreignEditField(edit: unknown, format: FormatName): string | undefined {
  if (!isPlainObject(edit) || OWN_FIELDS[format].some((field) => field in edit)) return undefined;
  return FOREIGN_FIELDS.find((field) => !OWN_FIELDS[format].includes(field) && field in edit);
}

/**
 * The one problem of an edit written with another format's field: names the field every
 * accepted format expects, and the one this value's format needs.
 *
 * @param edit - The edit as sent (a plain object holding `field`).
 * @param field - The foreign field it carries (from {@link foreignEditField}).
 * @param format - The format the value was read as.
 * @param at - Where the edit sits in the value sent.
 * @param toolCallId - The call it answers.
 * @returns A detail at the foreign field, with what it held and the fields allowed.
 * @example
 * ```ts
 * misplacedEditDetail({ type: "edit", args: {} }, "args", "langgraph-hitl", [], "c1").message;
 * // "this edit carries `args` but no `updatedInput`: the value is read as this library's decisions (…), which put an edit's new arguments in `updatedInput: { …arguments }`; LangChain's …"
 * ```
 */
export function misplacedEditDetail(edit: Record<string, unknown>, field: string, format: FormatName, at: ReadonlyArray<string | number>, toolCallId: string): HITLErrorDetail {
  const others = (Object.keys(EDIT_SHAPES) as FormatName[]).filter((other) => other !== format).map((other) => EDIT_SHAPES[other]);
  const own = OWN_FIELDS[format].map((name) => `\`${name}\``).join(" or ");
  const message = `this edit carries \`${field}\` but no ${own}: the value is read as ${EDIT_SHAPES[format].replace(/ put(s)? them in /, ", which put$1 an edit's new arguments in ")}; ${others.join(", and ")}`;
  return { toolCallId, path: [...at, field], message, received: edit[field], allowed: [...EDIT_FIELDS] };
}
