import { setMaxListeners } from "node:events";

/**
 * The run's cancellation, as every hook invocation and every tool of one node run sees it.
 * Node warns when more than ten listeners wait on one `AbortSignal`; a batch of eleven calls
 * would trip that on the host's signal (LangChain adds one listener per tool invocation). So a
 * node run adds at most ONE listener to the host's signal and hands hooks and tools a signal of
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
 * Follows `runSignal` for one node run with a single listener, added when something first
 * follows the run (a hook or tool still pending, or a read of `toolSignal`); the run's own
 * signal is made on its first read. A batch whose hooks all answer at once adds none and makes
 * none: most batches (an `AbortSignal` costs microseconds to make, more on a cold path).
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
  let own: AbortController | undefined;
  let following = false;
  let released = false;
  const listeners = new Set<() => void>();
  const fire = (): void => {
    own?.abort(runSignal.reason);
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  const follow = (): void => {
    // Once released, or once the run was cancelled (callers read `aborted` first), nothing is added.
    if (following || released || runSignal.aborted) return;
    runSignal.addEventListener("abort", fire, { once: true });
    following = true;
  };
  return {
    get aborted() {
      return runSignal.aborted;
    },
    subscribe(listener) {
      listeners.add(listener);
      follow();
      return () => listeners.delete(listener);
    },
    get toolSignal() {
      if (own === undefined) {
        own = new AbortController();
        // Every listener on this signal belongs to this run and is gone with it: no leak to warn about.
        setMaxListeners(0, own.signal);
        if (runSignal.aborted) own.abort(runSignal.reason);
        else follow();
      }
      return own.signal;
    },
    release() {
      released = true;
      if (following) runSignal.removeEventListener("abort", fire);
    },
  };
}
