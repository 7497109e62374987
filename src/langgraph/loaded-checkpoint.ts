import type { RunnableConfig } from "@langchain/core/runnables";
import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { continuationTokenOf } from "./continuation-config.js";
import { interruptsOfTask, type PendingWrite, type StoredInterrupt } from "./pending-writes.js";

// LangGraph hands the invoke config's `configurable` — every key, the values by reference — to
// the checkpointer's `getTuple` when a run loads its checkpoint (loop.js `initialize`), and to the
// config of every task it runs. A checkpoint `resume()` read under the thread's continuation lease
// rides that path to the run it starts, so the run and its node do not read it again.
// tests/langgraph/loaded-checkpoint.test.ts fails if a release stops handing the key on.
const LOADED_KEY = "__hitl_loaded";

/**
 * What the run holding a thread's continuation lease read of the thread's head, handed to that
 * run only. Instances are made only by {@link handOverLoad} and recognised only through
 * `issued` (a `WeakSet` shared by every copy of this package in the process): a value
 * deserialised from JSON, or any other object a client put under
 * the key, is never one, so on a server where clients set `configurable` keys nothing can be
 * forged. Every receiver checks the thread, namespace, checkpoint and lease token it is asked
 * for; anything else reads for itself.
 */
class LoadedCheckpoint {
  readonly saver: object;
  readonly threadId: string;
  readonly token: string;
  readonly checkpointId: string;
  /** How long the lease holder asked its run to wait for a batch another execution is applying (its `busyWaitMs`). */
  readonly busyWaitMs: number | undefined;
  readonly #tuple: CheckpointTuple;
  /** The pending writes as read: LangGraph pushes its own writes onto the tuple's array. */
  readonly #writes: readonly PendingWrite[];
  readonly #live: () => boolean;
  #served = false;
  #open = true;
  /** The judgment a task holds for each interrupt, by the interrupt its accepted value answered. */
  readonly #claims = new Map<string, unknown>();

  constructor(saver: object, threadId: string, token: string, tuple: CheckpointTuple, live: () => boolean, busyWaitMs: number | undefined) {
    this.saver = saver;
    this.threadId = threadId;
    this.token = token;
    this.checkpointId = tuple.checkpoint.id;
    this.busyWaitMs = busyWaitMs;
    this.#tuple = tuple;
    this.#writes = [...((tuple.pendingWrites ?? []) as PendingWrite[])];
    this.#live = live;
  }

  get usable(): boolean {
    return this.#open && this.#live();
  }

  /** The tuple, once: a later head load of the same run (after it wrote) must read what it wrote. */
  serve(): CheckpointTuple | undefined {
    if (this.#served) return undefined;
    this.#served = true;
    return this.#tuple;
  }

  interrupts(taskId: string): StoredInterrupt[] {
    return interruptsOfTask(this.#writes, taskId);
  }

  reportClaim(interruptId: string, review: unknown): void {
    if (this.#open) this.#claims.set(interruptId, review);
  }

  /** The judgment a task of the run reported for `interruptId`, if any. */
  claimOf(interruptId: string): unknown {
    return this.#claims.get(interruptId);
  }

  close(): void {
    this.#open = false;
  }
}

// One set per process, not per copy of this package: a host using the ES module build hands its
// run a load that a graph built from the CommonJS build (another module instance) must recognise,
// or every resume there reads the thread twice and its `busyWaitMs` never reaches the node. A
// receiver touches a load only through its members, never its private fields; the `@2` changes
// whenever they do, so copies of different shapes never take each other's loads. Only code in
// this process can reach the set: nothing a client sends can be put in it.
const ISSUED = Symbol.for("langgraph-hitl/handed-over-loads@2");
const issued: WeakSet<object> = ((globalThis as { [key: symbol]: WeakSet<object> | undefined })[ISSUED] ??= new WeakSet<object>());

/** A checkpoint handed from a lease holder to its own run (see {@link handOverLoad}). */
export type HandedOverLoad = Pick<LoadedCheckpoint, "close" | "claimOf">;

function isIssued(value: unknown): value is LoadedCheckpoint {
  return typeof value === "object" && value !== null && issued.has(value);
}

function loadedIn(config: RunnableConfig | undefined): LoadedCheckpoint | undefined {
  const value = config?.configurable?.[LOADED_KEY];
  return isIssued(value) ? value : undefined;
}

/**
 * Hands the thread's head, read under its continuation lease, to the run the lease holder
 * starts: `config` (the lease's run config, carrying its token) gains the load, and the
 * checkpointer's `getTuple` serves it (once) through {@link takeLoadedTuple}. Call `close()`
 * when the run has ended, so nothing after it is served a stale head.
 *
 * @param saver - The checkpointer that read `tuple` (only it serves it).
 * @param tuple - What `saver.getTuple({ configurable: { thread_id, checkpoint_ns: "" } })` returned.
 * @param live - Whether the lease is still held.
 * @param busyWaitMs - How long the run's tasks wait for a batch another execution is applying (default: the claim store's).
 * @returns The config to run with, and the load.
 * @example
 * ```ts
 * const { config: runConfig, load } = handOverLoad(lease.runConfig(config), saver, tuple, () => !lease.lost);
 * try { await graph.invoke(command, runConfig); } finally { load.close(); }
 * ```
 */
export function handOverLoad<C extends RunnableConfig>(config: C, saver: object, tuple: CheckpointTuple, live: () => boolean, busyWaitMs?: number): { config: C; load: HandedOverLoad } {
  const threadId = String(config.configurable?.["thread_id"]);
  const token = continuationTokenOf(config);
  if (token === undefined) throw new Error("handOverLoad needs the lease's run config (it carries the lease token).");
  const load = new LoadedCheckpoint(saver, threadId, token, tuple, live, busyWaitMs);
  issued.add(load);
  return { config: { ...config, configurable: { ...config.configurable, [LOADED_KEY]: load } }, load };
}

/** Whether the load may serve a request of `config`: the run that holds the lease, on the same saver and thread. */
function servesRun(load: LoadedCheckpoint, saver: object, config: RunnableConfig): boolean {
  const threadId = config.configurable?.["thread_id"];
  return load.usable && load.saver === saver && threadId !== undefined && String(threadId) === load.threadId && continuationTokenOf(config) === load.token;
}

/**
 * For a checkpointer's `getTuple`: the tuple its run's lease holder already read, when `config`
 * asks for exactly that — the head (no `checkpoint_id`) of the root namespace of the same thread,
 * on this checkpointer, by the run carrying the lease's token — and it was not served yet.
 * Otherwise `undefined`: read as usual.
 *
 * @example
 * ```ts
 * override async getTuple(config) {
 *   return takeLoadedTuple(this, config) ?? super.getTuple(config);
 * }
 * ```
 */
export function takeLoadedTuple(saver: object, config: RunnableConfig): CheckpointTuple | undefined {
  const load = loadedIn(config);
  if (load === undefined || !servesRun(load, saver, config)) return undefined;
  const { checkpoint_ns: namespace = "", checkpoint_id: checkpointId } = (config.configurable ?? {}) as { checkpoint_ns?: string; checkpoint_id?: string };
  if (namespace !== "" || checkpointId !== undefined) return undefined;
  return load.serve();
}

/** Where a task stands, as a receiver of a handed-over load checks it. */
interface TaskPlace {
  checkpointer: object | undefined;
  threadId: string | undefined;
  /** The namespace of the graph the task runs in (`""` at the root). */
  parentNamespace: string;
  checkpointId: string | undefined;
  taskId: string | undefined;
}

/**
 * The load handed to the run a task belongs to, as found in the task's config (unchecked: see
 * {@link loadedInterrupts} and {@link reportClaimToHost}).
 *
 * @example
 * ```ts
 * const load = loadOfTask(config);
 * ```
 */
export function loadOfTask(config: RunnableConfig): unknown {
  return loadedIn(config);
}

function servesTask(load: unknown, place: TaskPlace, token: string | undefined): load is LoadedCheckpoint {
  if (!isIssued(load) || !load.usable) return false;
  return load.saver === place.checkpointer && place.threadId === load.threadId && place.parentNamespace === "" && place.checkpointId === load.checkpointId && token === load.token;
}

/**
 * The interrupts a root-graph task raised last (with their ids), from the load its run was handed — only
 * for a task of that very checkpoint (same checkpointer, thread, root namespace, checkpoint id)
 * in the run carrying the lease's token. `undefined` otherwise: the task reads for itself.
 *
 * @example
 * ```ts
 * const raised = loadedInterrupts(task.load, task, task.continuationToken) ?? (await readFromSaver());
 * ```
 */
export function loadedInterrupts(load: unknown, place: TaskPlace, token: string | undefined): StoredInterrupt[] | undefined {
  if (!servesTask(load, place, token) || place.taskId === undefined) return undefined;
  return load.interrupts(place.taskId);
}

/**
 * Tells the host that started the run which judgment the task holds for an interrupt (the review
 * of the claim it committed or follows), under the same checks as {@link loadedInterrupts},
 * so the host need not read the claim back to report the submission. Nothing happens when the
 * checks fail.
 *
 * @example
 * ```ts
 * reportClaimToHost(task.load, task, task.continuationToken, session.review.interruptId, session.review);
 * ```
 */
export function reportClaimToHost(load: unknown, place: TaskPlace, token: string | undefined, interruptId: string, review: unknown): void {
  if (servesTask(load, place, token)) load.reportClaim(interruptId, review);
}

/**
 * How long the host that started the run asked a task to wait for a batch another execution is
 * applying (`resume()`'s `busyWaitMs`), under the same checks as {@link loadedInterrupts}.
 * `undefined` otherwise (and when the host asked nothing): the claim store's own wait applies.
 * Only a shorter or longer wait of this run's own resume rides on it; nothing is decided by it.
 *
 * @example
 * ```ts
 * const waitMs = busyWaitOfTask(task.load, task, task.continuationToken) ?? store.busyWaitMs;
 * ```
 */
export function busyWaitOfTask(load: unknown, place: TaskPlace, token: string | undefined): number | undefined {
  return servesTask(load, place, token) ? load.busyWaitMs : undefined;
}
