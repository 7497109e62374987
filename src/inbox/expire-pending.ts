import { isHITLError } from "../errors/hitl-error.js";
import type { HITLGraph } from "../host/graph-types.js";
import { resume } from "../host/resume.js";
import type { ExpiredInterrupt, InboxRow } from "./types.js";

/**
 * Resolves overdue approvals: each is resumed under its thread's lock, and the node rejects
 * every pending call as expired (nothing runs). Interrupts resolved meanwhile by someone else
 * are skipped. Returns the ones this call expired.
 */
export async function expireRows(graph: HITLGraph, rows: readonly InboxRow[]): Promise<ExpiredInterrupt[]> {
  const expired: ExpiredInterrupt[] = [];
  for (const row of rows) {
    try {
      const { status } = await resume(graph, { configurable: { thread_id: row.threadId } }, {}, { interruptId: row.interruptId, reviewer: { id: "langgraph-hitl:expiry" } });
      if (status === "expired") expired.push({ threadId: row.threadId, interruptId: row.interruptId, expiresAt: row.expiresAt ?? "" });
    } catch (error) {
      if (isHITLError(error, "INTERRUPT_ALREADY_RESOLVED") || isHITLError(error, "INTERRUPT_MISMATCH") || isHITLError(error, "NO_PENDING_INTERRUPT") || isHITLError(error, "UNKNOWN_THREAD")) continue;
      throw error;
    }
  }
  return expired;
}
