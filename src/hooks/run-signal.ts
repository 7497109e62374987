import { setMaxListeners } from "node:events";

/**
 * The run's cancellation, as every hook invocation and every tool of one node run sees it.
 * Node warns when more than ten listeners wait on one `AbortSignal`; a batch of eleven calls
 * would trip that on the host's signal (LangChain adds one listener per tool invocation). So a
 * node run adds exactly ONE listener to the host's signal and hands hooks and tools a signal of
 * its own, which it owns and may let many listeners follow.
 */
export interface RunCancellation {
  readonly aborted: boolean;
  /** Calls `listener` once, when the run is cancelled; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The run's own signal, which tools and hooks follow in place of the host's; `undefined` when the host gave none. */
  readonly toolSignal: AbortSignal | undefined;
  /** Stops following the run's signal (call when the node is done). */
  release(): void;
}

const NEVER: RunCancellation = {
  aborted: false,
  subscribe: () => () => undefined,
  toolSignal: undefined,
  release: () => undefined,
};

/**
 * Follows `runSignal` for one node run with a single listener.
 *
 * @param runSignal - The host's `config.signal`, if any.
 * @returns The run's cancellation; call `release()` when the node run ends.
 * @example
 * ```ts
 * const run = followRunSignal(config.signal);
 * try { await tool.invoke(call, { ...config, signal: run.toolSignal ?? config.signal }); } finally { run.release(); }
 * ```
 */
export function followRunSignal(runSignal: AbortSignal | undefined): RunCancellation {
  if (runSignal === undefined) return NEVER;
  const own = new AbortController();
  // Every listener on this signal belongs to this run and is gone with it: no leak to warn about.
  setMaxListeners(0, own.signal);
  const listeners = new Set<() => void>();
  const fire = (): void => {
    own.abort(runSignal.reason);
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  if (runSignal.aborted) own.abort(runSignal.reason);
  else runSignal.addEventListener("abort", fire, { once: true });
  return {
    get aborted() {
      return runSignal.aborted;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toolSignal: own.signal,
    release() {
      runSignal.removeEventListener("abort", fire);
    },
  };
}
