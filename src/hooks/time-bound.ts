import { HITLError } from "../errors/hitl-error.js";
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
export const OBSERVER_GRACE_MS = 1_000;

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
export interface BoundOptions {
  timeoutMs: number;
  /** The run's cancellation (an `AbortSignal` also works). */
  runSignal: RunCancellation | AbortSignal | undefined;
  /** `end`: stop waiting at once (decision seats). `grace`: wait at most 1 s more (observers). */
  onRunAbort: "end" | "grace";
}

/**
 * Runs `invoke` under a deadline with its own `AbortSignal` (made when first asked for: most
 * hooks never read it), which fires whenever the caller stops waiting. Never rejects: every ending is an outcome, so a caller cannot
 * forget to handle a throwing or hanging hook.
 */
export function runBounded<T>(invoke: (signal: () => AbortSignal) => T | Promise<T>, options: BoundOptions): Promise<BoundedOutcome<T>> {
  const controller = lazyController();
  const { timeoutMs } = options;
  const runSignal = asCancellation(options.runSignal);
  if (timeoutMs === 0) {
    controller.abort();
    return Promise.resolve({ status: "timed_out" });
  }
  if (runSignal?.aborted === true && options.onRunAbort === "end") {
    controller.abort();
    return Promise.resolve({ status: "cancelled" });
  }
  // Most hooks answer synchronously: take the answer without arming a timer. (A synchronous hook
  // cannot be interrupted anyway, and its answer used to win the race against the timer too.)
  const startedAt = Date.now();
  let answer: T | Promise<T>;
  try {
    answer = invoke(controller.signal);
  } catch (error) {
    controller.abort();
    return Promise.resolve({ status: "failed", error });
  }
  if (!isThenable(answer)) return Promise.resolve({ status: "answered", value: answer });
  const pending = answer;
  return new Promise((resolve) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: (() => void) | undefined;
    const finish = (outcome: BoundedOutcome<T>, abort: boolean): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe?.();
      if (abort) controller.abort();
      resolve(outcome);
    };
    const onRunAbort = (): void => {
      if (options.onRunAbort === "end") return finish({ status: "cancelled" }, true);
      const remaining = Math.max(0, timeoutMs - (Date.now() - startedAt));
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => finish({ status: "cancelled" }, true), Math.min(OBSERVER_GRACE_MS, remaining));
    };
    timer = setTimeout(() => finish({ status: "timed_out" }, true), Math.max(0, timeoutMs - (Date.now() - startedAt)));
    if (runSignal?.aborted === true) onRunAbort();
    else unsubscribe = runSignal?.subscribe(onRunAbort);
    pending.then(
      (value) => finish({ status: "answered", value }, false),
      (error: unknown) => finish({ status: "failed", error }, true),
    );
  });
}

function isThenable<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** Accepts the node's run cancellation or a bare `AbortSignal` (for callers outside a node). */
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

/** An `AbortController` created only if its signal is asked for; aborting before that is remembered. */
function lazyController(): { signal: () => AbortSignal; abort(): void } {
  let controller: AbortController | undefined;
  let aborted = false;
  return {
    signal() {
      controller ??= new AbortController();
      if (aborted) controller.abort();
      return controller.signal;
    },
    abort() {
      aborted = true;
      controller?.abort();
    },
  };
}
