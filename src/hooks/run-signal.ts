/**
 * The run's cancellation, as every hook invocation of a node run sees it. Invocations subscribe
 * through a plain set rather than as listeners of the run's `AbortSignal` (a batch of ten calls
 * would otherwise trip Node's listener-leak warning on the host's signal), and the one listener
 * on the run's signal is only added when an invocation actually waits.
 */
export interface RunCancellation {
  readonly aborted: boolean;
  /** Calls `listener` once, when the run is cancelled; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Stops following the run's signal (call when the node is done). */
  release(): void;
}

const NEVER: RunCancellation = { aborted: false, subscribe: () => () => undefined, release: () => undefined };

/** Follows `runSignal` for one node run. */
export function followRunSignal(runSignal: AbortSignal | undefined): RunCancellation {
  if (runSignal === undefined) return NEVER;
  const listeners = new Set<() => void>();
  let following = false;
  const fire = (): void => {
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  return {
    get aborted() {
      return runSignal.aborted;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!following) {
        following = true;
        runSignal.addEventListener("abort", fire, { once: true });
      }
      return () => listeners.delete(listener);
    },
    release() {
      if (following) runSignal.removeEventListener("abort", fire);
    },
  };
}
