/** Expiry that fires by itself: a sweeper that leases due approvals (one replica each) and expires them. */
export type { DueApproval, DueApprovalLeaseProvider, DueApprovalLeases } from "./due-approvals.js";
export { startExpirySweeper } from "./expiry-sweeper.js";
export type { ExpirySweeper, ExpirySweeperStats, SweepRound } from "./expiry-sweeper.js";
export { resolveSweeperOptions } from "./sweeper-options.js";
export type { ExpirySweeperOptions, ExpirySweeperSettings } from "./sweeper-options.js";
