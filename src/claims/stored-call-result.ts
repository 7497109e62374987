import { Command, isCommand } from "@langchain/langgraph";
import { isPlainObject } from "../payload/json-type.js";
import type { CallResult } from "./types.js";

/**
 * A call result in the form a store serialises: a `ToolMessage` as it is; a `Command` as the
 * plain object its `toJSON()` makes, plus the `graph` it is addressed to, which `toJSON()` leaves
 * out. A handoff tool answers `Command({ graph: Command.PARENT, goto, update })`: read back
 * without `graph`, its update and `goto` would be applied to the tools node's own graph.
 *
 * @param result - What the call produced.
 * @returns The value to hand the store's serializer.
 * @example
 * ```ts
 * storableCallResult(new Command({ graph: Command.PARENT, goto: "billing" }));
 * // { lg_name: "Command", update: undefined, resume: undefined, goto: ["billing"], graph: "__parent__" }
 * ```
 */
export function storableCallResult(result: CallResult): unknown {
  if (!isCommand(result)) return result;
  return { ...result.toJSON(), graph: result.graph };
}

/**
 * A stored call result as the call produced it: the serializer revives a `ToolMessage` (and the
 * messages inside a `Command`'s update) itself, but gives a `Command` back as a plain object,
 * which LangGraph would then read as a message and fail on — every later resume of the thread
 * with it. Such an object is made a `Command` again, `graph` included.
 *
 * @param stored - A value the store's serializer read back.
 * @returns The call result.
 * @example
 * ```ts
 * isCommand(callResultFromStored({ lg_name: "Command", goto: ["billing"], graph: "__parent__" })); // true
 * ```
 */
export function callResultFromStored(stored: unknown): CallResult {
  if (isCommand(stored) || !isPlainObject(stored) || stored["lg_name"] !== "Command") return stored as CallResult;
  const { update, resume, goto, graph } = stored;
  return new Command({ update: update as never, resume, goto: goto as never, ...(typeof graph === "string" ? { graph } : {}) });
}
