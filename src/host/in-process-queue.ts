// Shared by every copy of this package loaded in the process (an app and a library may each bring
// one): two copies continuing the same saver's threads must use one queue. The key predates this
// module's name and stays, so copies of earlier releases share it too.
const SHARED = Symbol.for("langgraph-hitl.thread-lock-queues");
type Queues = { tails: WeakMap<object, Map<string, Promise<unknown>>> };
const registry = globalThis as typeof globalThis & { [SHARED]?: Queues };
const { tails } = (registry[SHARED] ??= { tails: new WeakMap() });

/**
 * Runs `work` once every earlier `work` of the same thread on the same checkpointer has settled:
 * one queue per thread, per checkpointer instance (two graphs over one saver share it), waiters
 * in arrival order. How a checkpointer without continuation leases is continued by one run at a
 * time, within this process.
 *
 * @param scope - The checkpointer.
 * @param threadId - The thread.
 * @param work - What to run in turn; its result or error passes through.
 * @example
 * ```ts
 * await inThreadQueue(saver, "t1", () => graph.invoke(command, config));
 * ```
 */
export async function inThreadQueue<T>(scope: object, threadId: string, work: () => Promise<T>): Promise<T> {
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
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (byThread.get(threadId) === tail) byThread.delete(threadId);
  }
}
