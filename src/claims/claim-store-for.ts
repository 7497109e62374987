import { markingUnavailable } from "../errors/database-unavailable.js";
import { memoryGrantStoreFor } from "../grants/index.js";
import { MemoryClaimStore } from "./memory-claim-store.js";
import type { ClaimStore, ClaimStoreProvider } from "./types.js";

/**
 * One registry per process, not per copy of this package: a graph built from the CommonJS build
 * and a host using the ES module build (two module instances) must read the same claims.
 */
const REGISTRY = Symbol.for("langgraph-hitl/in-process-claims");

function registry(): WeakMap<object, ClaimStore> {
  const holder = globalThis as { [REGISTRY]?: WeakMap<object, ClaimStore> };
  holder[REGISTRY] ??= new WeakMap();
  return holder[REGISTRY];
}

function providesClaims(value: unknown): value is ClaimStoreProvider {
  return typeof (value as Partial<ClaimStoreProvider> | null)?.claimStore === "object";
}

/**
 * The claims of a checkpointer: its own when it keeps them (Postgres), otherwise claims kept
 * in this process for it — so two graphs over one `MemorySaver` share them, and `resume()`
 * reads the same claims the node wrote.
 *
 * @example
 * ```ts
 * const store = claimStoreFor(graph.checkpointer);
 * ```
 */
export function claimStoreFor(checkpointer: object): ClaimStore {
  if (providesClaims(checkpointer)) return markingUnavailable(checkpointer.claimStore);
  const inProcess = registry();
  let store = inProcess.get(checkpointer);
  if (store === undefined) {
    store = new MemoryClaimStore({ grants: memoryGrantStoreFor(checkpointer) });
    inProcess.set(checkpointer, store);
  }
  return store;
}
