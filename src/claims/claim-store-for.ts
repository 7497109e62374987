import { MemoryClaimStore } from "./memory-claim-store.js";
import type { ClaimStore, ClaimStoreProvider } from "./types.js";

const inProcess = new WeakMap<object, MemoryClaimStore>();

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
  if (providesClaims(checkpointer)) return checkpointer.claimStore;
  let store = inProcess.get(checkpointer);
  if (store === undefined) {
    store = new MemoryClaimStore();
    inProcess.set(checkpointer, store);
  }
  return store;
}
