import type { RunStop } from "../core/types.js";

// What the node tells the host when a hook stops the run: a LangGraph drain reason with this prefix.
const PREFIX = "langgraph-hitl:";

/**
 * Encodes a stop as a LangGraph drain reason, so the host helpers can recognise it.
 *
 * @example
 * ```ts
 * decodeStop(encodeStop({ kind: "halt", reason: "done", event: "PostToolUse", toolCallId: "c1" }))?.kind; // "halt"
 * ```
 */
export function encodeStop(stop: RunStop): string {
  return `${PREFIX}${JSON.stringify(stop)}`;
}

/**
 * Reads a stop back from a drain reason; `undefined` for drains this library did not request.
 *
 * @example
 * ```ts
 * decodeStop("user asked to stop"); // undefined
 * ```
 */
export function decodeStop(reason: unknown): RunStop | undefined {
  if (typeof reason !== "string" || !reason.startsWith(PREFIX)) return undefined;
  try {
    const parsed = JSON.parse(reason.slice(PREFIX.length)) as Partial<RunStop>;
    if ((parsed.kind === "halt" || parsed.kind === "cancel") && typeof parsed.reason === "string") return parsed as RunStop;
  } catch {
    return undefined;
  }
  return undefined;
}
