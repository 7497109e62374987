// A message that went through JSON without being revived (LangChain's `toJSON`, e.g. in values a
// server returns) is `{ lc: 1, type: "constructor", id: [..., "ToolMessage"], kwargs: { ...fields } }`:
// its fields are under `kwargs`. tests/langgraph/serialized-message.test.ts fails if LangChain
// serialises messages otherwise.

/**
 * A message's own fields, whether it is a message instance, a plain message object, or a message
 * LangChain serialised (`{ lc, type: "constructor", kwargs }`).
 *
 * @example
 * ```ts
 * messageFields(JSON.parse(JSON.stringify(new ToolMessage({ content: "ok", tool_call_id: "c1" })))).tool_call_id; // "c1"
 * ```
 */
export function messageFields<T extends object>(message: T | { kwargs?: T }): T {
  const serialised = message as { lc?: unknown; type?: unknown; kwargs?: T };
  return serialised.lc !== undefined && serialised.type === "constructor" && typeof serialised.kwargs === "object" && serialised.kwargs !== null ? serialised.kwargs : (message as T);
}
