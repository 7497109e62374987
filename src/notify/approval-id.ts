import { codePointLength } from "../payload/code-points.js";
import { sha256Hex } from "../payload/sha256.js";



/**
 * The stable id of an approval — one interrupt position of one task, in the checkpoint its step
 * runs from: the first 32 hex digits of SHA-256 over its location, each part
 * prefixed with its length so no two locations share a key. It survives a re-raise (same task
 * and position, new interrupt id). Postgres computes the same id in SQL (`hitl_approval_id`,
 * migration 0009): tests/notify/approval-id.pg.test.ts holds the two together.
 *
 * @example
 * ```ts
 * approvalIdOf({ threadId: "t1", checkpointId: "1f0…", taskId: "9c…", position: 0 }); // "3b4c…" (32 hex digits)
 * ```
 */
export function approvalIdOf(location: { threadId: string; checkpointId: string; taskId: string; position: number }): string {
  const part = (text: string) => `${codePointLength(text)}:${text}`;
  const key = `${part(location.threadId)}${part(location.checkpointId)}${part(location.taskId)}${location.position}`;
  return sha256Hex(key).slice(0, 32);
}

/**
 * The stable id of one event of an approval (what a receiver deduplicates on).
 *
 * @example
 * ```ts
 * eventIdOf("3b4c…", "reminder", 600_000); // "3b4c…:reminder:600000"
 * ```
 */
export function eventIdOf(approvalId: string, kind: "requested" | "resolved" | "reminder", remindBeforeMs?: number): string {
  return kind === "reminder" ? `${approvalId}:reminder:${remindBeforeMs}` : `${approvalId}:${kind}`;
}
