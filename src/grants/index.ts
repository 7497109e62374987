/** Standing grants: durable "always allow" answers, their scope and narrowing, the stores that keep them. */
export { coveringGrant, matchCovers } from "./grant-coverage.js";
export type { CoverageContext, GrantPredicate, GrantPredicateCall } from "./grant-coverage.js";
export { grantStoreFor, memoryGrantStoreFor } from "./grant-store-for.js";
export { listGrants, revokeGrant } from "./grants-api.js";
export type { RevokeGrantOptions } from "./grants-api.js";
export { encodeGrantCursor } from "./grant-cursor.js";
export { resolveListGrantsOptions } from "./list-grants-options.js";
export { MemoryGrantStore } from "./memory-grant-store.js";
export type {
  GrantDraft,
  GrantOrigin,
  GrantPage,
  GrantScope,
  GrantStatus,
  GrantStore,
  GrantStoreProvider,
  ListGrantsOptions,
  LiveGrantQuery,
  ResolvedGrantQuery,
  StandingGrant,
  StoredGrantMatch,
} from "./types.js";
