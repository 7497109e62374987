import type { RunnableConfig } from "@langchain/core/runnables";
import type { CheckpointMetadata, CheckpointTuple } from "@langchain/langgraph-checkpoint";

// LangGraph copies every key of the invoke config's `configurable`, and every key of the config
// the saver's `getTuple` returned, into the config it hands `put` and `putWrites` (loop.js,
// `checkpointConfig`). These keys ride that path; tests/postgres/continuation-fence.pg.test.ts
// fails if a release stops copying them.
const TOKEN_KEY = "__hitl_continuation";
const HEAD_KEY = "__hitl_head";
const ADDRESSED_KEY = "__hitl_addressed";

/** How a LangGraph run persists its steps (`invoke` option). */
export type Durability = "sync" | "async" | "exit";

/** The sources of checkpoints that continue a run; time travel writes `fork` and `update` instead. */
const CONTINUING_SOURCES: ReadonlySet<unknown> = new Set(["loop", "input"]);

/**
 * The config to run a graph with while holding a thread's continuation lease: the lease's token
 * reaches every checkpoint write of the run (so a run whose lease was lost cannot write), and
 * steps are persisted before the next step starts (`durability: "sync"`) unless the caller chose.
 *
 * @example
 * ```ts
 * await graph.invoke(command, withContinuationToken(config, lease.token));
 * ```
 */
export function withContinuationToken<C extends RunnableConfig>(config: C, token: string): C & { durability: Durability } {
  const chosen = (config as { durability?: Durability }).durability;
  return { ...config, durability: chosen ?? "sync", configurable: { ...config.configurable, [TOKEN_KEY]: token } };
}

/**
 * The continuation token a checkpoint write carries, if its run held a lease.
 *
 * @example
 * ```ts
 * continuationTokenOf(config); // "5f0c…" or undefined
 * ```
 */
export function continuationTokenOf(config: RunnableConfig): string | undefined {
  const token = config.configurable?.[TOKEN_KEY];
  return typeof token === "string" ? token : undefined;
}

/**
 * Marks a tuple `getTuple` returned: loaded as the thread's head (no `checkpoint_id` asked for),
 * or addressed. LangGraph carries the mark into the config of every write of the run that loaded
 * it, so `put` can tell a run that continues the head (a second child of its parent can only be a
 * concurrent continuation) from deliberate time travel (a resume or new input addressed to an
 * older checkpoint, which LangGraph writes as a sibling of the later history).
 *
 * Marks are keys whose value is `undefined`: their presence is the information, and configs
 * still compare equal (`toEqual`) and serialise (JSON) exactly as the stock saver's do. A config
 * read from `getState()` carries the head mark into a later addressed run; the addressed mark,
 * copied after it, outweighs it.
 *
 * @example
 * ```ts
 * return markLoad(await super.getTuple(config), config);
 * ```
 */
export function markLoad(tuple: CheckpointTuple | undefined, requested: RunnableConfig): CheckpointTuple | undefined {
  if (tuple === undefined) return undefined;
  const mark = requested.configurable?.["checkpoint_id"] === undefined ? HEAD_KEY : ADDRESSED_KEY;
  return { ...tuple, config: { ...tuple.config, configurable: { ...tuple.config.configurable, [mark]: undefined } } };
}

/**
 * Whether a checkpoint written with this config and metadata continues the head of its thread
 * (so a sibling would be a fork): a `loop` or `input` checkpoint with a parent, written by a run
 * that loaded the head rather than an addressed checkpoint.
 *
 * @example
 * ```ts
 * if (continuesHead(config, metadata)) refuseSecondChild();
 * ```
 */
export function continuesHead(config: RunnableConfig, metadata: CheckpointMetadata): boolean {
  const configurable = config.configurable ?? {};
  return isContinuation(config, metadata) && HEAD_KEY in configurable && !(ADDRESSED_KEY in configurable);
}

/**
 * Whether a checkpoint continues its parent (`loop` or `input`, with a parent), as opposed to
 * the first checkpoint of a thread or a time-travel `fork` / `update`.
 *
 * @example
 * ```ts
 * isContinuation({ configurable: { checkpoint_id: "1ef…" } }, { source: "loop", step: 2, parents: {} }); // true
 * ```
 */
export function isContinuation(config: RunnableConfig, metadata: CheckpointMetadata): boolean {
  return CONTINUING_SOURCES.has(metadata.source) && typeof config.configurable?.["checkpoint_id"] === "string";
}
