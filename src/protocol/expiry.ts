import type { ToolApprovalInterruptPayload } from "../payload/types.js";

/**
 * Whether a reviewed payload's deadline has passed. The node judges it with its own clock;
 * hosts use it only to report a late submission early.
 *
 * @example
 * ```ts
 * isExpired(payload, Date.now());
 * ```
 */
export function isExpired(payload: ToolApprovalInterruptPayload, now: number): boolean {
  return payload.expires_at !== undefined && now > Date.parse(payload.expires_at);
}
