import { EventEmitter } from "node:events";

/**
 * Switches off Node's listener-leak warning for every event target this process makes from now on
 * (`events.defaultMaxListeners = 0`, what `events.setMaxListeners(0)` sets). Every bench process
 * calls it first.
 *
 * It is about fairness, not noise. LangGraph's `ToolNode` runs a batch's tools at once, each
 * listening to the step's abort signal beside LangGraph's own listener: from ten calls on, on
 * Node 20, every baseline run builds a `MaxListenersExceededWarning` (an error with its stack)
 * and prints it. `ApprovalToolNode` hands its tools a signal of its own, with no limit, so it never
 * warns. Left on, the warning is a cost only the baseline pays: screening at 10 calls in memory
 * measured 1.04–1.05× of `ToolNode` with it on against 1.08–1.09× with it off (Node 20, the same
 * code, four processes each, 300 interleaved rounds). Node 22 and 24 do not warn for an
 * `AbortSignal` at all, so there it changes nothing.
 *
 * @example
 * ```ts
 * silenceListenerLeakWarnings();
 * const settings = settingsFor(quick);
 * ```
 */
export function silenceListenerLeakWarnings(): void {
  EventEmitter.defaultMaxListeners = 0;
}
