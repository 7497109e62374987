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

const PREFIX = "langgraph-hitl:";

/** Encodes a stop as a LangGraph drain reason, so the host helpers can recognise it. */
export function encodeStop(stop: RunStop): string {
  return `${PREFIX}${JSON.stringify(stop)}`;
}

/** Reads a stop back from a drain reason; `undefined` for drains this library did not request. */
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

interface DrainableConfig {
  control?: { requestDrain(reason: string): void; drainRequested?: boolean };
}

/**
 * Stops the run at the next step boundary, after this node's results are saved: LangGraph
 * cooperatively drains the run, so the model is not called again. Returns `false` when the
 * node runs outside a graph (nothing to stop).
 */
export function requestStop(config: unknown, stop: RunStop): boolean {
  const control = (config as DrainableConfig | undefined)?.control;
  if (control === undefined || typeof control.requestDrain !== "function") return false;
  if (control.drainRequested === true) return true;
  control.requestDrain(encodeStop(stop));
  return true;
}
