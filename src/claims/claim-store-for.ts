import { markingUnavailable } from "../errors/database-unavailable.js";
import { memoryGrantStoreFor } from "../grants/index.js";
import { inProcessFor } from "../process/in-process-registry.js";
import { MemoryClaimStore } from "./memory-claim-store.js";
import type { ClaimStore, ClaimStoreProvider } from "./types.js";

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
  return inProcessFor<ClaimStore>("langgraph-hitl/in-process-claims", checkpointer, () => new MemoryClaimStore({ grants: memoryGrantStoreFor(checkpointer) }));
}
