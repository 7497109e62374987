import type { HookEvent } from "../hooks/types.js";

/** A request, raised by a hook, to stop the run once the current batch is answered. */
export interface RunStop {
  /** `halt`: stop quietly (the host reads the reason). `cancel`: stop as a failure (`RUN_CANCELLED`). */
  kind: "halt" | "cancel";
  reason: string;
  /** The hook event that asked for it. */
  event: HookEvent;
  /** The call whose hook asked for it. */
  toolCallId: string;
}

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
