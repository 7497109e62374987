import type { ToolCall } from "@langchain/core/messages/tool";

/**
 * The ids that name more than one call of a batch. Within a batch a call is identified by its
 * `tool_call_id`: decisions, claims and results are keyed by it, so two calls sharing one id
 * could each receive the other's decision. Calls without an id are not counted here: they can
 * never be reviewed (they are answered as `unreviewable` when they need a person).
 *
 * @param calls - The batch, in the model's order.
 * @returns Every non-empty id that occurs more than once.
 * @example
 * ```ts
 * duplicateCallIds([{ name: "rm", args: {}, id: "dup" }, { name: "rm", args: {}, id: "dup" }]); // Set { "dup" }
 * ```
 */
export function duplicateCallIds(calls: readonly Pick<ToolCall, "id">[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { id } of calls) {
    if (id == null || id === "") continue;
    if (seen.has(id)) duplicates.add(id);
    seen.add(id);
  }
  return duplicates;
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
  return call.id != null && duplicates.has(call.id);
}
