import { HITLError } from "../errors/hitl-error.js";
import { startDeadline, whenAborted } from "../time/deadline.js";
import type { RunCancellation } from "./run-signal.js";

/** The bound a hook runs under when its registration names none (as Claude Code's tool hooks). */
export const DEFAULT_HOOK_TIMEOUT_MS = 600_000;
/**
 * The bound of observers whose answer nothing waits on (`PostToolBatch`, `PermissionDenied`) and
 * of `onDecision`, when none is named: an audit sink that hangs must not stall the batch.
 */
export const DEFAULT_OBSERVER_TIMEOUT_MS = 5_000;
/** The largest delay `setTimeout` honours; anything above it would fire at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;
/** How long observers may still run after the run itself was cancelled. */
const OBSERVER_GRACE_MS = 1_000;

/**
 * Checks a `timeoutMs` option: a finite number from 0 to 2 147 483 647. `undefined` gives
 * `fallback`; anything else is refused loudly rather than silently replaced.
 *
 * @throws {HITLError} `INVALID_OPTIONS` naming the option and the value received.
 */
export function resolveTimeoutMs(value: unknown, path: Array<string | number>, fallback = DEFAULT_HOOK_TIMEOUT_MS): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_TIMEOUT_MS) {
    const name = path.join(".");
    const message = `\`${name}\` must be a finite number of milliseconds from 0 to ${MAX_TIMEOUT_MS}, but received ${String(value)}`;
    throw new HITLError("INVALID_OPTIONS", message, { details: [{ path, message, received: value }] });
  }
  return value;
}

/** How one bounded invocation ended. */
export type BoundedOutcome<T> =
  | { status: "answered"; value: T }
  | { status: "failed"; error: unknown }
  | { status: "timed_out" }
  | { status: "cancelled" };

/** How a bounded invocation reacts to the run's own signal aborting. */
interface BoundOptions {
  timeoutMs: number;
  /** The run's cancellation (an `AbortSignal` also works). */
  runSignal: RunCancellation | AbortSignal | undefined;
  /** `end`: stop waiting at once (decision seats). `grace`: wait at most 1 s more (observers). */
  onRunAbort: "end" | "grace";
}

/**
 * Runs `invoke` under a deadline with its own `AbortSignal` (made when first asked for: most
 * hooks never read it), which fires whenever the caller stops waiting. Never throws or rejects:
 * every ending is an outcome, so a caller cannot forget to handle a throwing or hanging hook.
 * A synchronous answer (or a synchronous throw) is the outcome itself, with no promise: `await`
 * the result either way.
 *
 * @example
 * ```ts
 * const outcome = await runBounded(() => hook.callback(input), { timeoutMs: 1_000, runSignal, onRunAbort: "end" });
 * if (outcome.status === "answered") use(outcome.value);
 * ```
 */
export function runBounded<T>(invoke: (signal: () => AbortSignal) => T | Promise<T>, options: BoundOptions): BoundedOutcome<T> | Promise<BoundedOutcome<T>> {
  // The hook's own signal: aborted whenever the engine stops waiting for it (made when first read).
  const controller = new LazyAbortController();
  const runSignal = asCancellation(options.runSignal);
  if (options.timeoutMs === 0 || (runSignal?.aborted === true && options.onRunAbort === "end")) {
    controller.abort();
    return { status: options.timeoutMs === 0 ? "timed_out" : "cancelled" };
  }
  const started = Date.now();
  let returned: T | Promise<T>;
  let pending: boolean;
  try {
    returned = invoke(() => controller.signal);
    pending = isThenable(returned);
  } catch (error) {
    // `invoke` threw synchronously.
    controller.abort();
    return { status: "failed", error };
  }
  // A synchronous answer is in before any timer or cancellation could have fired (they are
  // macrotasks, an answer beats them to the race): no deadline is armed for it. Only a pending
  // answer is raced against the bound, which counts from before the call.
  if (!pending) return { status: "answered", value: returned as T };
  return raceBound(returned as PromiseLike<T>, started, controller, runSignal, options);
}

/** The rest of {@link runBounded} for an answer still pending: raced against the bound and the run's cancellation. */
async function raceBound<T>(
  returned: PromiseLike<T>,
  started: number,
  controller: LazyAbortController,
  runSignal: Pick<RunCancellation, "aborted" | "subscribe"> | undefined,
  options: BoundOptions,
): Promise<BoundedOutcome<T>> {
  const deadline = startDeadline(Math.max(0, options.timeoutMs - (Date.now() - started)));
  const timedOut = whenAborted(deadline.signal);
  let stopFollowingRun: (() => void) | undefined;
  let disposeGrace: (() => void) | undefined;
  let runAborted = false;
  const cancelled = new Promise<void>((resolve) => {
    const onRunAbort = (): void => {
      runAborted = true;
      if (options.onRunAbort === "end") return resolve();
      // Observers get a short grace, never past their own deadline (which races alongside).
      const grace = startDeadline(Math.min(OBSERVER_GRACE_MS, deadline.remainingMs()));
      disposeGrace = grace.dispose;
      void whenAborted(grace.signal).aborted.then(resolve);
    };
    if (runSignal?.aborted === true) onRunAbort();
    else stopFollowingRun = runSignal?.subscribe(onRunAbort);
  });
  try {
    const answer = Promise.resolve(returned).then(
      (value): BoundedOutcome<T> => ({ status: "answered", value }),
      (error: unknown): BoundedOutcome<T> => ({ status: "failed", error }),
    );
    const outcome = await Promise.race([
      answer,
      // Once the run is cancelled, an observer's wait ends as cancelled, whichever bound ends it.
      timedOut.aborted.then((): BoundedOutcome<T> => ({ status: runAborted ? "cancelled" : "timed_out" })),
      cancelled.then((): BoundedOutcome<T> => ({ status: "cancelled" })),
    ]);
    if (outcome.status !== "answered") controller.abort();
    return outcome;
  } finally {
    timedOut.release();
    deadline.dispose();
    disposeGrace?.();
    stopFollowingRun?.();
  }
}

/**
 * An `AbortController` made only when its signal is first read: most hooks never read it, and a
 * signal nobody holds need not exist to be aborted. Read after `abort()`, it is already aborted.
 */
class LazyAbortController {
  #controller: AbortController | undefined;
  #aborted = false;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort();
    }
    return this.#controller.signal;
  }

  abort(): void {
    this.#aborted = true;
    this.#controller?.abort();
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";
}

function asCancellation(signal: RunCancellation | AbortSignal | undefined): Pick<RunCancellation, "aborted" | "subscribe"> | undefined {
  if (signal === undefined || !(signal instanceof AbortSignal)) return signal;
  return {
    get aborted() {
      return signal.aborted;
    },
    subscribe(listener) {
      signal.addEventListener("abort", listener, { once: true });
      return () => signal.removeEventListener("abort", listener);
    },
  };
}
