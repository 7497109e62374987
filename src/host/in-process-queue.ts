import { HITLError } from "../errors/hitl-error.js";

// Shared by every copy of this package loaded in the process (an app and a library may each bring
// one): two copies continuing the same saver's threads must use one queue. The key predates this
// module's name and stays, so copies of earlier releases share it too.
const SHARED = Symbol.for("langgraph-hitl.thread-lock-queues");
type Queues = { tails: WeakMap<object, Map<string, Promise<unknown>>> };
const registry = globalThis as typeof globalThis & { [SHARED]?: Queues };
const { tails } = (registry[SHARED] ??= { tails: new WeakMap() });

/** Resolves with `true` once `turn` settles, or with `false` after `waitMs`. */
function turnWithin(turn: Promise<unknown>, waitMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<false>((resolve) => (timer = setTimeout(resolve, waitMs, false)));
  return Promise.race([turn.then(() => true), gaveUp]).finally(() => clearTimeout(timer));
}

/**
 * Runs `work` once every earlier `work` of the same thread on the same checkpointer has settled:
 * one queue per thread, per checkpointer instance (two graphs over one saver share it), waiters
 * in arrival order. How a checkpointer without continuation leases is continued by one run at a
 * time, within this process.
 *
 * @param scope - The checkpointer.
 * @param threadId - The thread.
 * @param work - What to run in turn; its result or error passes through.
 * @param waitMs - How long to wait for the earlier work before giving up (default: as long as it takes).
 * @throws {HITLError} `THREAD_BUSY` when the earlier work was still running after `waitMs`;
 * `work` did not run, and whoever queued after this call waits only for that earlier work.
 * @example
 * ```ts
 * await inThreadQueue(saver, "t1", () => graph.invoke(command, config));
 * await inThreadQueue(saver, "t1", () => graph.invoke(command, config), 0); // THREAD_BUSY unless the thread is free now
 * ```
 */
export async function inThreadQueue<T>(scope: object, threadId: string, work: () => Promise<T>, waitMs?: number): Promise<T> {
  let threads = tails.get(scope);
  if (threads === undefined) {
    threads = new Map();
    tails.set(scope, threads);
  }
  const byThread = threads;
  const previous = byThread.get(threadId) ?? Promise.resolve();
  let release!: () => void;
  const current = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => current);
  byThread.set(threadId, tail);
  const forget = () => {
    if (byThread.get(threadId) === tail) byThread.delete(threadId);
  };
  if (waitMs === undefined) await previous;
  else if (!(await turnWithin(previous, waitMs))) {
    // Our turn is given up, not our place: a later arrival still waits for the earlier work (the tail), then goes on.
    release();
    void tail.then(forget);
    throw new HITLError("THREAD_BUSY", `Thread "${threadId}" is being continued by another run in this process; waited ${waitMs} ms. Nothing of this call ran.`, { threadId });
  }
  try {
    return await work();
  } finally {
    release();
    forget();
  }
}
