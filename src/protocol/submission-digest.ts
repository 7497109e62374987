import { canonicalJson } from "../payload/canonical-json.js";
import { sha256Hex } from "../payload/sha256.js";

/**
 * What identifies one submission: its random attempt id together with the value it carried.
 * The node records it with the judgment it commits (claim and `ToolMessage` audit record); a
 * host that sent the value computes the same digest and so knows whether the judgment that
 * applies is its own. Reusing someone else's attempt id with other decisions gives another
 * digest, so no submission can pass for another.
 *
 * @param attempt - The envelope's attempt id (`undefined` for a raw value).
 * @param value - The value the decisions were read from (unwrapped).
 * @returns A lowercase hex SHA-256.
 * @example
 * ```ts
 * submissionDigest(meta.attempt, { call_1: { type: "approve" } });
 * ```
 */
export function submissionDigest(attempt: string | undefined, value: unknown): string {
  return sha256Hex(`langgraph-hitl/submission/v1\u0000${canonicalJson([attempt ?? null, value ?? null])}`);
}
