/** One wait's deadline, combined with the signals that may end it earlier. */
export interface Deadline {
  /** Fires at the deadline or when any parent signal fires. */
  readonly signal: AbortSignal;
  /** Whether the deadline itself (not a parent) ended the wait; true once the time is up, even before the timer has fired. */
  expired(): boolean;
  /** Milliseconds left (0 once the time is up). */
  remainingMs(): number;
  /** Stops the timer (call once the wait is over). */
  dispose(): void;
}

/**
 * Starts a deadline of `timeoutMs`, ended early by any of `parents` (`AbortSignal.any`). Hook
 * seats, `onDecision` and remote policy calls all bound their waits with it. Unlike
 * `AbortSignal.timeout`, its timer keeps the process alive until `dispose`: a host whose only
 * pending work is a hook still deciding (say, over an unref'd pipe) must not exit mid-decision.
 *
 * @param timeoutMs - How long to wait, from now (0 expires at once).
 * @param parents - Signals that end the wait earlier (the run's, a closed hook's).
 * @returns The deadline; call `dispose()` when the wait is over.
 * @example
 * ```ts
 * const deadline = startDeadline(2_000, [runSignal]);
 * try { await fetch(url, { signal: deadline.signal }); } finally { deadline.dispose(); }
 * ```
 */
export function startDeadline(timeoutMs: number, parents: readonly AbortSignal[] = []): Deadline {
  const expiresAt = Date.now() + timeoutMs;
  const own = new AbortController();
  const expire = (): void => own.abort(new DOMException(`the deadline of ${timeoutMs} ms passed`, "TimeoutError"));
  const timer = setTimeout(expire, Math.max(0, timeoutMs));
  return {
    signal: parents.length === 0 ? own.signal : AbortSignal.any([own.signal, ...parents]),
    expired: () => {
      // An answer processed after the time is up is late even if the timer has not run yet.
      if (!own.signal.aborted && Date.now() >= expiresAt && !parents.some((parent) => parent.aborted)) expire();
      return own.signal.aborted;
    },
    remainingMs: () => Math.max(0, expiresAt - Date.now()),
    dispose: () => clearTimeout(timer),
  };
}

/**
 * Resolves when `signal` aborts (at once when it already has); the listener is removed by `release`.
 *
 * @example
 * ```ts
 * const { aborted, release } = whenAborted(deadline.signal);
 * await Promise.race([work, aborted]);
 * release();
 * ```
 */
export function whenAborted(signal: AbortSignal): { aborted: Promise<void>; release(): void } {
  let release = (): void => undefined;
  const aborted = new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const listener = (): void => resolve();
    signal.addEventListener("abort", listener, { once: true });
    release = () => signal.removeEventListener("abort", listener);
  });
  return { aborted, release: () => release() };
}
