import { isInterrupted, type StreamMode } from "@langchain/langgraph";
import { withDigests } from "../payload/digest.js";
import type { HumanInterruptPayload } from "../payload/types.js";
import type { ResponseSchema } from "../payload/response-schema.js";

/**
 * An interrupt as the streamed run yields it in its `__interrupt__` entries (`"updates"` and
 * `"values"` modes): LangGraph's own `{ id, value, response_schema? }`, with what this library's
 * read APIs add — `interruptId` and `threadId` (as in `getInterrupt()`), and the `digest` of every
 * action request in `value` (what decisions are bound to; `expires_at` is already in `value`).
 * A client that reads LangGraph's fields (`useStream`, agent-chat-ui) sees them unchanged.
 */
export interface StreamedInterrupt<TPayload = HumanInterruptPayload> {
  /** LangGraph's id of the interrupt. */
  id: string;
  /** The payload, with each action request's `digest` filled in. */
  value: TPayload;
  /** The JSON Schema of the values the interrupt accepts (this library's interrupts always publish one). */
  response_schema?: ResponseSchema;
  /** The same id, under the name `getInterrupt()` and `resume()` use. */
  interruptId: string;
  /** The thread the run belongs to. */
  threadId?: string;
}

type RawInterrupt = { id?: unknown; interrupt_id?: unknown; value?: unknown; response_schema?: unknown };

function enrich(entry: RawInterrupt, threadId: string | undefined): unknown {
  // An Agent Server may send the id as `interrupt_id`; LangGraph names it `id`.
  const id = entry.id ?? entry.interrupt_id;
  if (typeof id !== "string") return entry;
  return { ...entry, id, value: withDigests(entry.value), interruptId: id, ...(threadId === undefined ? {} : { threadId }) };
}

/**
 * A chunk payload with its `__interrupt__` entries enriched (see {@link StreamedInterrupt});
 * every other payload passes through untouched. Never changes the payload it was given.
 *
 * @example
 * ```ts
 * enrichInterrupts("updates", { __interrupt__: [{ id, value }] }, "t1").__interrupt__[0].interruptId === id; // true
 * ```
 */
export function enrichInterrupts(mode: StreamMode, payload: unknown, threadId: string | undefined): unknown {
  if ((mode !== "updates" && mode !== "values") || !isInterrupted(payload)) return payload;
  const entries = (payload as { __interrupt__: RawInterrupt[] }).__interrupt__;
  return { ...(payload as object), __interrupt__: entries.map((entry) => enrich(entry, threadId)) };
}
