import { encodeStop } from "../protocol/stop-reason.js";
import type { RunStop } from "./types.js";

interface DrainableControl {
  requestDrain(reason: string): void;
  drainRequested?: boolean;
}

/**
 * Stops the run at the next step boundary, after this node's results are saved: LangGraph
 * cooperatively drains the run, so the model is not called again. The host's own `control`
 * (a `RunControl` it passed in and may reuse) is left as it was once the run has ended.
 * Returns `false` when the node runs outside a graph (nothing to stop).
 */
export function requestStop(config: unknown, stop: RunStop): boolean {
  const control = (config as { control?: DrainableControl } | undefined)?.control;
  if (control === undefined || typeof control.requestDrain !== "function") return false;
  if (control.drainRequested === true) return true;
  drainThisRunOnly(control, encodeStop(stop));
  return true;
}

/**
 * LangGraph keeps a drained `RunControl` drained for good, and the control may be the host's,
 * reused for its next run. So the drain is laid over the control as own properties rather than
 * written into it, and lifted once LangGraph has read the reason — it does so exactly once, when
 * it ends this run with `GraphDrained`. A drain the host requests meanwhile is kept underneath.
 */
function drainThisRunOnly(control: DrainableControl, reason: string): void {
  if (!Object.isExtensible(control) || Object.prototype.hasOwnProperty.call(control, "drainReason")) {
    control.requestDrain(reason);
    return;
  }
  const lift = (): void => {
    delete (control as { drainRequested?: unknown }).drainRequested;
    delete (control as { drainReason?: unknown }).drainReason;
  };
  Object.defineProperty(control, "drainRequested", { configurable: true, enumerable: false, get: () => true });
  Object.defineProperty(control, "drainReason", {
    configurable: true,
    enumerable: false,
    get() {
      lift();
      return reason;
    },
  });
}
