import { setMaxListeners } from "node:events";

/**
 * The run's cancellation, as every hook invocation of a node run sees it. Invocations subscribe
 * through a plain set, not as listeners of the run's `AbortSignal`: a batch of ten calls would
 * otherwise trip Node's listener-leak warning on the host's signal, and each listener costs time.
 */
export interface RunCancellation {
  /** Aborts when the run is cancelled; hand it to tools instead of the run's own signal. */
  readonly signal: AbortSignal | undefined;
  readonly aborted: boolean;
  /** Calls `listener` once, when the run is cancelled; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Stops following the run's signal (call when the node is done). */
  release(): void;
}

const NEVER: RunCancellation = { signal: undefined, aborted: false, subscribe: () => () => undefined, release: () => undefined };

/** Follows `runSignal` for one node run. */
export function followRunSignal(runSignal: AbortSignal | undefined): RunCancellation {
  if (runSignal === undefined) return NEVER;
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const listeners = new Set<() => void>();
  const abort = (): void => {
    controller.abort(runSignal.reason);
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  if (runSignal.aborted) abort();
  else runSignal.addEventListener("abort", abort, { once: true });
  return {
    signal: controller.signal,
    get aborted() {
      return controller.signal.aborted;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    release: () => runSignal.removeEventListener("abort", abort),
  };
}
