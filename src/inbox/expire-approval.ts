import type { HITLGraph } from "../host/graph-types.js";
import { isRemoteGraph } from "../host/remote-graph.js";
import { resumeRemote } from "../host/resume-remote.js";
import { resume } from "../host/resume.js";
import { busyForNow, notYetDueHere, resolvedElsewhere } from "./expiry-refusals.js";

/** What became of one expiry (see expireApproval). */
type ExpiryOutcome = "expired" | "skipped" | "not-expired" | "busy";

/** Who asks for an expiry (a pass or the sweeper), as the node's record names it. */
const EXPIRY_REVIEWER = { id: "langgraph-hitl:expiry" } as const;

/**
 * Expires one approval past its deadline: a resume with no decisions, which the node judges by
 * its store's clock — past the deadline it rejects every call of the approval as expired, and
 * nothing runs. The node's claim makes a second expiry (another replica, a reviewer's late
 * answer) harmless; the sweeper's lease makes it rare. It does not wait for a thread another run
 * is continuing (a reviewer's approved tool still running): that answers `busy` at once, and a
 * later pass looks again — a pass or a sweeper round is not held up by it. Every expiry — `expirePendingInterrupts`
 * on a checkpointer or a `RemoteGraph`'s inbox, and the sweeper — goes through here.
 *
 * @param graph - The graph the thread runs on (a local graph, or a `RemoteGraph`).
 * @param approval - The overdue approval: its thread and interrupt.
 * @returns `expired`, `skipped` (resolved elsewhere first), `not-expired` (another outcome, e.g. a decision that won meanwhile),
 * or `busy` (its thread was busy with another run, or its run was stopped on the Agent Server: try again later).
 * @throws Whatever else the resume throws (a pass throws it; the sweeper counts it as failed and tries again after the lease).
 * @example
 * ```ts
 * await expireApproval(graph, { threadId: "t1", interruptId }); // "expired"
 * ```
 */
export async function expireApproval(graph: HITLGraph, approval: { threadId: string; interruptId: string }): Promise<ExpiryOutcome> {
  const { threadId, interruptId } = approval;
  const config = { configurable: { thread_id: threadId } };
  try {
    const { status } = isRemoteGraph(graph)
      ? await resumeRemote(graph, config, [], { interruptId })
      : await resume(graph, config, {}, { interruptId, reviewer: EXPIRY_REVIEWER, busyWaitMs: 0 });
    return status === "expired" ? "expired" : "not-expired";
  } catch (error) {
    if (resolvedElsewhere(error)) return "skipped";
    if (busyForNow(error)) return "busy";
    if (isRemoteGraph(graph) && notYetDueHere(error)) return "not-expired";
    throw error;
  }
}
