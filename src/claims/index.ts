/** Durable claims: the first committed decisions of a paused batch are the only ones that run. */
export { claimStoreFor } from "./claim-store-for.js";
export { openClaim, openClaimIfExpired, resumeClaim } from "./claim-session.js";
export type { ClaimContext, ClaimSession } from "./claim-session.js";
export { DEFAULT_BUSY_WAIT_MS, DEFAULT_LEASE_MS, MemoryClaimStore } from "./memory-claim-store.js";
export { callResultFromStored, storableCallResult } from "./stored-call-result.js";
export type { CallResult, ClaimedReview, ClaimKey, ClaimRecord, ClaimStore, ClaimStoreProvider, ProposedReview, ReviewedVerdict } from "./types.js";
