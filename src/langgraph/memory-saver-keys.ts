// `MemorySaver` (@langchain/langgraph-checkpoint, memory.ts) keeps its checkpoints and writes in
// plain objects keyed by thread id, and refuses with a plain `Error` (`assertSafeStorageKey`)
// every id that would reach `Object.prototype` through them. Nothing can ever be checkpointed
// under one of those ids in a `MemorySaver` or a subclass (this library's memory checkpointer is
// one). tests/langgraph/memory-saver-keys.test.ts fails if a release refuses another set.

/** The thread ids `MemorySaver` refuses as storage keys. */
const REFUSED_THREAD_IDS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The part of a `MemorySaver` that marks one: where it keeps checkpoints and writes. */
interface MemoryStorage {
  storage: object;
  writes: object;
}

function isMemorySaver(saver: unknown): saver is MemoryStorage {
  const { storage, writes } = (saver ?? {}) as Partial<MemoryStorage>;
  return typeof storage === "object" && storage !== null && typeof writes === "object" && writes !== null;
}

/**
 * Whether `saver` is a `MemorySaver` (or a subclass) that refuses `threadId` as a storage key:
 * then the thread cannot exist, and every read of it throws LangGraph's plain `Error`.
 *
 * @param saver - Any checkpointer.
 * @param threadId - A thread id a caller named.
 * @returns `true` only for a `MemorySaver` and one of the ids it refuses.
 * @example
 * ```ts
 * memorySaverRefusesThreadId(new MemorySaver(), "prototype"); // true
 * memorySaverRefusesThreadId(new MemorySaver(), "t1"); // false
 * ```
 */
export function memorySaverRefusesThreadId(saver: unknown, threadId: string): boolean {
  return REFUSED_THREAD_IDS.has(threadId) && isMemorySaver(saver);
}
