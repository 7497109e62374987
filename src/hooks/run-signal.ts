import { setMaxListeners } from "node:events";

/** A signal of our own that follows the run's, so many hook invocations can listen to it at once. */
export interface FollowedSignal {
  signal: AbortSignal | undefined;
  /** Stops following the run's signal (call when the node is done). */
  release(): void;
}

/**
 * Every hook invocation of a batch listens for the run being cancelled; a batch of ten calls
 * would trip Node's listener-leak warning on the run's own signal. They listen to this one.
 */
export function followRunSignal(runSignal: AbortSignal | undefined): FollowedSignal {
  if (runSignal === undefined) return { signal: undefined, release: () => undefined };
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const abort = (): void => controller.abort(runSignal.reason);
  if (runSignal.aborted) abort();
  else runSignal.addEventListener("abort", abort, { once: true });
  return { signal: controller.signal, release: () => runSignal.removeEventListener("abort", abort) };
}
