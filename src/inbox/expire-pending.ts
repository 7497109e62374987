import type { HITLGraph } from "../host/graph-types.js";
import { expireApproval } from "./expire-approval.js";
import type { ExpiredInterrupt, InboxRow } from "./types.js";

/**
 * Resolves overdue approvals: each goes through `resume()` (under its thread's continuation
 * lease), and the node rejects every pending call as expired (nothing runs). Interrupts resolved
 * meanwhile by someone else, and those whose thread another run holds, are skipped (a later pass
 * takes what is still pending). Returns the ones this call expired.
 */
export async function expireRows(graph: HITLGraph, rows: readonly InboxRow[]): Promise<ExpiredInterrupt[]> {
  const expired: ExpiredInterrupt[] = [];
  for (const row of rows) {
    if ((await expireApproval(graph, row)) === "expired") expired.push({ threadId: row.threadId, interruptId: row.interruptId, expiresAt: row.expiresAt ?? "" });
  }
  return expired;
}
