import { markingUnavailable } from "../errors/database-unavailable.js";
import { inProcessFor } from "../process/in-process-registry.js";
import { MemoryGrantStore } from "./memory-grant-store.js";
import type { GrantStore, GrantStoreProvider } from "./types.js";

function providesGrants(value: unknown): value is GrantStoreProvider {
  return typeof (value as Partial<GrantStoreProvider> | null)?.grantStore === "object";
}

/**
 * The grants kept in this process for a checkpointer that keeps none of its own (`MemorySaver`,
 * the memory checkpointer): the store its in-process claims commit grants to.
 *
 * @example
 * ```ts
 * const claims = new MemoryClaimStore({ grants: memoryGrantStoreFor(saver) });
 * ```
 */
export function memoryGrantStoreFor(checkpointer: object): MemoryGrantStore {
  return inProcessFor("langgraph-hitl/in-process-grants", checkpointer, () => new MemoryGrantStore());
}

/**
 * The standing grants of a checkpointer: its own when it keeps them (Postgres), otherwise the
 * grants kept in this process for it — so two graphs over one `MemorySaver` share them, and
 * `listGrants()` reads the grants the node wrote.
 *
 * @example
 * ```ts
 * const grants = grantStoreFor(graph.checkpointer);
 * ```
 */
export function grantStoreFor(checkpointer: object): GrantStore {
  if (providesGrants(checkpointer)) return markingUnavailable(checkpointer.grantStore);
  return memoryGrantStoreFor(checkpointer);
}
