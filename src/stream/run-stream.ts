import { HITLError } from "../errors/hitl-error.js";
import type { ChunkSink } from "./stream-and-settle.js";

/**
 * A run streamed chunk by chunk: an async iterable of LangGraph's own chunks, and the run's
 * outcome once it has ended.
 *
 * - Nothing runs until the first `next()` (the first turn of a `for await`): a handle that is
 *   never iterated submits nothing and holds no lease.
 * - Once started, the run goes at its own pace (as `graph.stream` does): chunks wait in memory
 *   for a slow consumer, and the thread's lease is held for the run only, not for the consumer.
 * - Leaving the loop early (`break`, `return`, a `throw` in its body) or aborting the `signal`
 *   stops the run. `return()` resolves once the run has stopped and its lease is released;
 *   `outcome` then rejects with `RUN_ABORTED`.
 */
export interface RunStream<TChunk, TOutcome> extends AsyncIterableIterator<TChunk> {
  /**
   * The same outcome the non-streamed call resolves to (or the same error it rejects with),
   * settled once the run has ended and its lease is released; after the last chunk, before
   * the loop ends. Rejects with `RUN_ABORTED` when the run was stopped. Starts nothing by itself.
   */
  readonly outcome: Promise<TOutcome>;
  /** Stops the run (what leaving a `for await` early calls); resolves once it has stopped and its lease is released. */
  return(): Promise<IteratorResult<TChunk>>;
}

/** What a streamed run's work is given: where chunks go, and how to tell it was stopped. */
interface RunControl {
  readonly signal: AbortSignal;
  /** Throws when the run was stopped (call before submitting anything). */
  throwIfStopped(): void;
  /** The graph is about to run: from here on, stopping waits for the run to end. */
  started(): void;
}

/** The work of one streamed run: it streams into `sink` and resolves to the outcome. */
type StreamedWork<TOutcome> = (sink: ChunkSink, control: RunControl) => Promise<TOutcome>;

type Phase = "idle" | "waiting" | "running" | "ended";

/** Why the consumer stopped the run by leaving the stream. */
const LEFT_EARLY = "the consumer left the stream before the run ended";

function stoppedError(started: boolean, reason: unknown, threadId: string | undefined): HITLError {
  const why = typeof reason === "string" ? reason : reason instanceof Error ? reason.message : "its signal was aborted";
  const message = started
    ? `The run was stopped before it ended (${why}). Steps it saved stay saved, calls that finished keep their results, and the thread can be resumed.`
    : `The run was stopped before it started (${why}); nothing was submitted.`;
  return new HITLError("RUN_ABORTED", message, { ...(threadId === undefined ? {} : { threadId }), cause: reason });
}

/**
 * The {@link RunStream} of one run: starts `work` on the first `next()`, buffers its chunks,
 * and stops it when the consumer leaves or a caller's signal aborts.
 *
 * @example
 * ```ts
 * const run = new LazyRunStream(async (sink, control) => { control.started(); sink("chunk"); return "outcome"; }, [], "t1");
 * for await (const chunk of run) console.log(chunk);
 * await run.outcome; // "outcome"
 * ```
 */
export class LazyRunStream<TOutcome> implements RunStream<unknown, TOutcome> {
  readonly outcome: Promise<TOutcome>;
  readonly #work: StreamedWork<TOutcome>;
  readonly #signals: readonly AbortSignal[];
  readonly #threadId: string | undefined;
  readonly #stopper = new AbortController();
  readonly #buffer: unknown[] = [];
  readonly #waiters: Array<() => void> = [];
  #phase: Phase = "idle";
  #settle!: { resolve: (outcome: TOutcome) => void; reject: (error: unknown) => void };
  #failure: { error: unknown } | undefined;
  #done: Promise<void> = Promise.resolve();

  constructor(work: StreamedWork<TOutcome>, signals: readonly AbortSignal[], threadId: string | undefined) {
    this.#work = work;
    this.#signals = signals;
    this.#threadId = threadId;
    this.outcome = new Promise<TOutcome>((resolve, reject) => (this.#settle = { resolve, reject }));
    // Reading the outcome is optional: a stopped or failed run must not be an unhandled rejection.
    this.outcome.catch(() => undefined);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<unknown>> {
    if (this.#phase === "idle") this.#start();
    for (;;) {
      if (this.#buffer.length > 0) return { done: false, value: this.#buffer.shift() };
      if (this.#phase === "ended") {
        const failure = this.#failure;
        // The loop sees the run's error once, after every chunk that came before it.
        this.#failure = undefined;
        if (failure !== undefined) throw failure.error;
        return { done: true, value: undefined };
      }
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async return(): Promise<IteratorResult<unknown>> {
    this.#buffer.length = 0;
    if (this.#phase === "idle") this.#end({ error: stoppedError(false, LEFT_EARLY, this.#threadId) });
    else if (this.#phase !== "ended") {
      this.#stopper.abort(LEFT_EARLY);
      // Waiting for the lease, nothing has run: the work sees the stop once it gets there.
      if (this.#phase === "running") await this.#done;
    }
    this.#failure = undefined;
    return { done: true, value: undefined };
  }

  async throw(error?: unknown): Promise<IteratorResult<unknown>> {
    await this.return();
    throw error;
  }

  #start(): void {
    this.#phase = "waiting";
    const onAbort = (event: Event): void => {
      this.#buffer.length = 0;
      this.#stopper.abort((event.target as AbortSignal).reason);
    };
    const aborted = this.#signals.find((signal) => signal.aborted);
    if (aborted !== undefined) this.#stopper.abort(aborted.reason);
    else for (const signal of this.#signals) signal.addEventListener("abort", onAbort, { once: true });
    const control: RunControl = {
      signal: this.#stopper.signal,
      throwIfStopped: () => {
        if (this.#stopper.signal.aborted) throw stoppedError(false, this.#stopper.signal.reason, this.#threadId);
      },
      started: () => {
        if (this.#phase === "waiting") this.#phase = "running";
      },
    };
    this.#done = this.#work((chunk) => this.#push(chunk), control)
      .then(
        (outcome) => this.#end({ outcome }),
        (error: unknown) => this.#end({ error: this.#stopper.signal.aborted ? stoppedError(this.#phase === "running", this.#stopper.signal.reason, this.#threadId) : error }),
      )
      .finally(() => {
        for (const signal of this.#signals) signal.removeEventListener("abort", onAbort);
      });
  }

  #push(chunk: unknown): void {
    if (this.#stopper.signal.aborted || this.#phase === "ended") return;
    this.#buffer.push(chunk);
    this.#wake();
  }

  #end(result: { outcome: TOutcome } | { error: unknown }): void {
    if (this.#phase === "ended") return;
    this.#phase = "ended";
    if ("outcome" in result) this.#settle.resolve(result.outcome);
    else {
      this.#failure = { error: result.error };
      this.#settle.reject(result.error);
    }
    this.#wake();
  }

  #wake(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }
}
