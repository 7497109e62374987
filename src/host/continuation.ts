import { randomUUID } from "node:crypto";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { reportingUnavailable } from "../errors/database-unavailable.js";
import { HITLError } from "../errors/hitl-error.js";
import { withContinuationToken, type Durability } from "../langgraph/index.js";
import { checkBusyWaitMs } from "./busy-wait.js";
import { inThreadQueue } from "./in-process-queue.js";

/**
 * Where a checkpointer keeps continuation leases (the Postgres checkpointer keeps them in the
 * database, judged on its clock). Each method is one statement; nothing is held between them.
 */
export interface ContinuationLeases {
  /** How long a lease lives without renewal. */
  readonly leaseMs: number;
  /** How long a caller waits for a busy thread before `THREAD_BUSY`. */
  readonly busyWaitMs: number;
  /** Takes the thread's lease for `token` when no live lease holds it; false when one does. */
  acquire(threadId: string, token: string): Promise<boolean>;
  /** Extends a live lease `token` holds; false once it lapsed or was taken over. */
  renew(threadId: string, token: string): Promise<boolean>;
  /** Ends the lease `token` holds (nothing when it no longer does). */
  release(threadId: string, token: string): Promise<void>;
}

/** A checkpointer with continuation leases (and writes fenced by them). */
export interface ContinuationLeaseProvider {
  readonly continuationLeases: ContinuationLeases;
}

/** The right to continue one thread, held while `work` runs. */
export interface ContinuationLease {
  /** Carried by every checkpoint write of the run (see {@link ContinuationLease.runConfig}). */
  readonly token: string;
  /** True once a renewal found the lease lapsed or taken over: this run's writes are refused. */
  readonly lost: boolean;
  /** The config to run the graph with: the token, and `durability: "sync"` unless `config` chose one. */
  runConfig<C extends RunnableConfig>(config: C): C & { durability: Durability };
}

function leasesOf(saver: BaseCheckpointSaver): ContinuationLeases | undefined {
  const leases = (saver as Partial<ContinuationLeaseProvider>).continuationLeases;
  return typeof leases?.acquire === "function" ? leases : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls for the lease until `waitMs` has passed (one try at 0); backs off so a burst of waiters stays cheap. */
async function acquireWithin(leases: ContinuationLeases, threadId: string, token: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let pause = 10; ; pause = Math.min(pause * 1.5, 200)) {
    if (await leases.acquire(threadId, token)) return;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new HITLError("THREAD_BUSY", `Thread "${threadId}" is being continued by another run; waited ${waitMs} ms. Nothing of this call ran.`, { threadId });
    }
    await sleep(Math.min(left, pause * (0.5 + Math.random())));
  }
}

function leaseFor(token: string, state: { lost: boolean }): ContinuationLease {
  return {
    token,
    get lost() {
      return state.lost;
    },
    runConfig: (config) => withContinuationToken(config, token),
  };
}

async function withLease<T>(leases: ContinuationLeases, threadId: string, work: (lease: ContinuationLease) => Promise<T>, waitMs: number): Promise<T> {
  const token = randomUUID();
  await reportingUnavailable(() => acquireWithin(leases, threadId, token, waitMs), "nothing was submitted. Try again.", threadId);
  const state = { lost: false };
  const heartbeat = setInterval(() => {
    // A failed renewal (a dropped connection) is retried on the next beat; a refused one is final.
    leases.renew(threadId, token).then(
      (held) => {
        if (held) return;
        state.lost = true;
        clearInterval(heartbeat);
      },
      () => undefined,
    );
  }, Math.max(1, Math.floor(leases.leaseMs / 3)));
  heartbeat.unref();
  try {
    return await work(leaseFor(token, state));
  } finally {
    clearInterval(heartbeat);
    // If the release fails, the lease lapses on its own after leaseMs.
    await leases.release(threadId, token).catch(() => undefined);
  }
}

/**
 * Runs `work` as the one run allowed to continue `threadId`. On the Postgres checkpointer, a
 * lease in the database (one row per thread, judged on the database clock, renewed by a
 * heartbeat, no connection held between statements) across every replica; the checkpointer
 * refuses writes of runs that do not hold it. Waiters poll up to the checkpointer's `busyWaitMs`
 * (or `options.busyWaitMs`), then get `THREAD_BUSY`. On other checkpointers, an in-process queue
 * per thread, waited on for as long as it takes unless `options.busyWaitMs` bounds the wait.
 *
 * `work` must re-read what it decides on (e.g. which interrupts are pending) after the lease is
 * taken, and run the graph with `lease.runConfig(config)`.
 *
 * @param saver - The graph's checkpointer.
 * @param threadId - The thread to continue.
 * @param work - What to run while holding the lease; its result or error passes through.
 * @param options - `busyWaitMs`: how long to wait for a thread another run is continuing (0: one try).
 * @returns What `work` returned.
 * @throws {HITLError} `THREAD_BUSY` when another run held the thread for the whole wait (`work` did not run);
 * `INVALID_OPTIONS` for a `busyWaitMs` that is not a whole number of ms from 0 to 600 000;
 * `DATABASE_UNAVAILABLE` when the lease could not be taken.
 * @example
 * ```ts
 * await withThreadContinuation(saver, threadId, async (lease) => {
 *   const state = await readThreadState(saver, threadId); // re-read under the lease
 *   return graph.invoke(command, lease.runConfig(config));
 * });
 * ```
 */
export async function withThreadContinuation<T>(
  saver: BaseCheckpointSaver,
  threadId: string,
  work: (lease: ContinuationLease) => Promise<T>,
  options: { busyWaitMs?: number | undefined } = {},
): Promise<T> {
  const busyWaitMs = checkBusyWaitMs(options.busyWaitMs);
  const leases = leasesOf(saver);
  if (leases !== undefined) return withLease(leases, threadId, work, busyWaitMs ?? leases.busyWaitMs);
  return inThreadQueue(saver, threadId, () => work(leaseFor(randomUUID(), { lost: false })), busyWaitMs);
}
