// `MemorySaver` (@langchain/langgraph-checkpoint, memory.ts) keeps every task write in its public
// `writes` field: `writes[JSON.stringify([threadId, checkpointNs, checkpointId])]` maps
// `"<taskId>,<idx>"` to `[taskId, channel, serializedValue, taskPath]`, and its `getTuple`
// revives each value with `serde.loadsTyped("json", serializedValue)`. Reading one task's
// interrupt writes there spares deserialising the whole checkpoint (its messages above all).
// tests/langgraph/memory-writes.test.ts fails if a release stores them otherwise.
import { INTERRUPT_CHANNEL } from "./channels.js";
import { interruptsOfTask, type PendingWrite, type StoredInterrupt } from "./pending-writes.js";

/** The part of a `MemorySaver` this module reads. */
interface MemoryWrites {
  writes: Record<string, Record<string, unknown> | undefined>;
  serde: { loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> };
}

type StoredWrite = [taskId: string, channel: string, value: Uint8Array | string];

function hasMemoryWrites(saver: unknown): saver is MemoryWrites {
  const { writes, serde } = (saver ?? {}) as Partial<MemoryWrites>;
  return typeof writes === "object" && writes !== null && typeof serde?.loadsTyped === "function";
}

function isStoredWrite(value: unknown): value is StoredWrite {
  return Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string" && (ArrayBuffer.isView(value[2]) || typeof value[2] === "string");
}

/**
 * One task's interrupt values in one checkpoint of a `MemorySaver` (or a subclass), read from
 * its stored writes without loading the checkpoint: what `getTuple(...).pendingWrites` would give
 * for them. `undefined` whenever the saver does not keep its writes as this module knows them (or
 * keeps none for that checkpoint, which a paused task's checkpoint always has): the caller then
 * loads the checkpoint, so a changed layout costs a read, never a wrong answer.
 *
 * @param saver - Any checkpointer.
 * @param threadId - The thread of the checkpoint.
 * @param namespace - The checkpoint's namespace (the task's parent namespace; `""` at the root).
 * @param checkpointId - The checkpoint the task ran from.
 * @param taskId - The task whose raises are read.
 * @returns The task's interrupt values, oldest first; `undefined` when this read cannot answer.
 * @example
 * ```ts
 * const values = (await memoryTaskInterrupts(saver, "t1", "", checkpointId, taskId)) ?? (await loadAndFilter());
 * ```
 */
export async function memoryTaskInterrupts(saver: unknown, threadId: string, namespace: string, checkpointId: string, taskId: string): Promise<StoredInterrupt[] | undefined> {
  if (!hasMemoryWrites(saver)) return undefined;
  const stored = saver.writes[JSON.stringify([threadId, namespace, checkpointId])];
  if (typeof stored !== "object" || stored === null) return undefined;
  const entries = Object.values(stored);
  if (!entries.every(isStoredWrite)) return undefined;
  const raised = entries.filter(([writeTaskId, channel]) => writeTaskId === taskId && channel === INTERRUPT_CHANNEL);
  const writes = await Promise.all(raised.map(async ([, channel, value]): Promise<PendingWrite> => [taskId, channel, await saver.serde.loadsTyped("json", value)]));
  return interruptsOfTask(writes, taskId);
}
