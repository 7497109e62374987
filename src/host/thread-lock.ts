/**
 * A checkpointer that can serialise work on one thread across processes (the Postgres
 * checkpointer does, with an advisory lock). Others get an in-process lock.
 */
export interface ThreadLockProvider {
  withThreadLock<T>(threadId: string, work: () => Promise<T>): Promise<T>;
}

// Shared by every copy of this package loaded in the process (an app and a library may each
// bring one): two copies serialising the same saver's threads must use one queue.
const SHARED = Symbol.for("langgraph-hitl.thread-lock-queues");
type Queues = { tails: WeakMap<object, Map<string, Promise<unknown>>>; noCheckpointer: object };
const registry = globalThis as typeof globalThis & { [SHARED]?: Queues };
const queues: Queues = (registry[SHARED] ??= { tails: new WeakMap(), noCheckpointer: {} });
const { tails, noCheckpointer: NO_CHECKPOINTER } = queues;

/**
 * Runs `work` while holding a per-thread mutex, scoped to one checkpointer instance (two
 * graphs over the same saver share it). Waiters run in arrival order.
 */
export async function withInProcessThreadLock<T>(scope: object | undefined, threadId: string, work: () => Promise<T>): Promise<T> {
  const key = scope ?? NO_CHECKPOINTER;
  let byThread = tails.get(key);
  if (byThread === undefined) {
    byThread = new Map();
    tails.set(key, byThread);
  }
  const threads = byThread;
  const previous = threads.get(threadId) ?? Promise.resolve();
  let release!: () => void;
  const current = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => current);
  threads.set(threadId, tail);
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (threads.get(threadId) === tail) threads.delete(threadId);
  }
}
