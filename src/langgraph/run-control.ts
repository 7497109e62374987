// LangGraph stops a run cooperatively through its `RunControl` (`config.control`): the loop reads
// `drainRequested` at each step boundary, and reads `drainReason` once, to end the drained run with
// `GraphDrained(reason)`. A control stays drained for good, and the host may reuse its own for its
// next run. tests/langgraph/run-control.test.ts fails if a release reads them otherwise.

/** The part of LangGraph's `RunControl` a drain is laid over. */
interface DrainableControl {
  requestDrain(reason: string): void;
  drainRequested?: boolean;
}

/**
 * Asks LangGraph to stop the run `config` belongs to at the next step boundary (after this step's
 * writes are saved), so no further node runs; the run rejects with `GraphDrained(reason)`. The
 * first request of a run wins. The host's own `control` is left as it was once the run has ended.
 *
 * @param config - The config LangGraph handed the running node.
 * @param reason - What `GraphDrained.reason` will say.
 * @returns `false` when the node runs outside a graph (nothing to stop).
 * @example
 * ```ts
 * drainThisRun(config, "langgraph-hitl:{…}"); // the graph rejects with GraphDrained once this step is saved
 * ```
 */
export function drainThisRun(config: unknown, reason: string): boolean {
  const control = (config as { control?: DrainableControl } | undefined)?.control;
  if (control === undefined || typeof control.requestDrain !== "function") return false;
  if (control.drainRequested === true) return true;
  layDrain(control, reason);
  return true;
}

/**
 * The drain is laid over the control as own properties (shadowing `RunControl`'s accessors)
 * rather than written into it, and lifted once LangGraph has read the reason, which it does
 * exactly once, when it ends this run. A drain the host requests meanwhile is kept underneath.
 */
function layDrain(control: DrainableControl, reason: string): void {
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
