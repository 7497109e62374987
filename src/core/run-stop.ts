import { drainThisRun } from "../langgraph/index.js";
import { encodeStop, type RunStop } from "../protocol/stop-reason.js";

/**
 * Stops the run at the next step boundary, after this node's results are saved: LangGraph
 * cooperatively drains the run, so the model is not called again, and the host reads the stop
 * back from the drain's reason. The host's own `control` is left as it was once the run has ended.
 *
 * @returns `false` when the node runs outside a graph (nothing to stop).
 * @example
 * ```ts
 * requestStop(config, { kind: "halt", reason: "done", event: "PostToolUse", toolCallId: "c1" });
 * ```
 */
export function requestStop(config: unknown, stop: RunStop): boolean {
  return drainThisRun(config, encodeStop(stop));
}
