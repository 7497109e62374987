import type { ToolCall } from "@langchain/core/messages/tool";
import { UNKEYABLE_KEY } from "../payload/own-value.js";
import { unstorableTextReason } from "../payload/storable-text.js";

/**
 * A call's identity within its batch, as text — the way claims and results store it and read it
 * back: a client's number `7` and `"7"` are one id, and a call without an id (missing or empty)
 * has the empty one.
 *
 * @example
 * ```ts
 * callKey({ id: 7 as unknown as string }); // "7"
 * callKey({}); // ""
 * ```
 */
export function callKey(call: Pick<ToolCall, "id">): string {
  const id: unknown = call.id;
  if (id == null) return "";
  // An id no text can be made of is answered as invalid_tool_call_id (never run, never stored): its key
  // holds a NUL, as no stored key does, so it only ever meets another such id (both are then duplicates).
  return idText(id) ?? UNTEXTUAL_KEY;
}

/** The key of every id that cannot be turned into text (see {@link callKey}). */
const UNTEXTUAL_KEY = "\u0000tool_call_id without a text form";

/** `String(id)`, or `undefined` when that throws (an object without a prototype, or whose `toString` is no function). */
function idText(id: unknown): string | undefined {
  try {
    return String(id);
  } catch {
    return undefined;
  }
}

/**
 * The ids that name more than one call of a batch. Within a batch a call is identified by its
 * `tool_call_id`: decisions, claims and results are keyed by it, so two calls sharing one id
 * could each receive the other's decision, or the other's committed result. Calls without an id
 * share the empty one (see {@link callKey}): one such call is answered as `unreviewable` when it
 * needs a person and runs once when allowed; two or more are duplicates.
 *
 * @param calls - The batch, in the model's order.
 * @returns Every call key that occurs more than once (`""` when two calls have no id).
 * @example
 * ```ts
 * duplicateCallIds([{ name: "rm", args: {}, id: "dup" }, { name: "rm", args: {}, id: "dup" }]); // Set { "dup" }
 * ```
 */
export function duplicateCallIds(calls: readonly Pick<ToolCall, "id">[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const call of calls) {
    const key = callKey(call);
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  return duplicates;
}

/**
 * Why a call's string id cannot be stored exactly, or `undefined` when it can. Claims and the
 * committed results of a reviewed batch are keyed by `tool_call_id`: Postgres text holds no NUL
 * character, and UTF-8 has no unpaired surrogate (the driver writes U+FFFD instead, so the id
 * read back is another id). Such a call's result could never be committed, or never found
 * again, and the call would run again on every resume. No model provider makes such ids; a
 * client writing messages to a deployed graph can.
 *
 * @param call - A call of the batch.
 * @returns The reason, or `undefined` for a storable id (and for a missing one, or another non-string one that has a text form: see {@link isReviewable}).
 * @example
 * ```ts
 * unstorableIdReason({ id: "a\u0000b" }); // "tool_call_id contains a NUL character, …"
 * unstorableIdReason({ id: "call_1" }); // undefined
 * ```
 */
export function unstorableIdReason(call: Pick<ToolCall, "id">): string | undefined {
  const id: unknown = call.id;
  if (typeof id === "string") return unstorableTextReason(id, "tool_call_id");
  return id != null && idText(id) === undefined ? "tool_call_id has no text form (it is an object whose toString cannot be called)" : undefined;
}

/**
 * Whether `call` shares its id with another call of the batch.
 *
 * @example
 * ```ts
 * const duplicates = duplicateCallIds(calls);
 * calls.filter((call) => !hasDuplicateId(call, duplicates)); // the calls that can be reviewed and run
 * ```
 */
export function hasDuplicateId(call: Pick<ToolCall, "id">, duplicates: ReadonlySet<string>): boolean {
  return duplicates.has(callKey(call));
}

/**
 * Whether a person can review `call`: it has an id, and one a decision can be keyed by. A
 * model's id is typed as a string but arrives unchecked (a client can send any message to a
 * deployed graph): a number would make a payload no reviewer's client accepts. A decision
 * could never arrive for the id {@link UNKEYABLE_KEY}, so the batch could never be resumed.
 *
 * @param call - A call of the batch.
 * @returns `false` for a missing, empty, non-string or `"__proto__"` id (the call is answered as `unreviewable`).
 * @example
 * ```ts
 * isReviewable({ id: "call_1" }); // true
 * isReviewable({ id: "__proto__" }); // false
 * ```
 */
export function isReviewable(call: Pick<ToolCall, "id">): boolean {
  return typeof call.id === "string" && call.id !== "" && call.id !== UNKEYABLE_KEY;
}

/**
 * Why a call cannot be reviewed, for its `ToolMessage` (`undefined` when its id can be reviewed).
 *
 * @example
 * ```ts
 * unreviewableReason({ id: "__proto__" }); // 'tool_call_id "__proto__" cannot key a decision: …'
 * ```
 */
export function unreviewableReason(call: Pick<ToolCall, "id">): string | undefined {
  const id: unknown = call.id;
  if (id === UNKEYABLE_KEY) return `tool_call_id "${UNKEYABLE_KEY}" cannot key a decision: JSON parsers and JavaScript objects drop that key`;
  if (id == null || id === "") return "it has no tool_call_id a decision can name";
  return typeof id === "string" ? undefined : `tool_call_id is not a string (received a value of type ${typeof id})`;
}
