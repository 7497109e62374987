import { claimStoreFor } from "../claims/index.js";
import { reportingUnavailable } from "../errors/database-unavailable.js";
import type { HITLGraph } from "../host/graph-types.js";
import { saverForThread } from "../host/thread-state.js";
import { isRemoteGraph } from "../host/remote-graph.js";
import { resumeRemote } from "../host/resume-remote.js";
import { resume } from "../host/resume.js";
import { busyForNow, notYetDueHere, resolvedElsewhere } from "./expiry-refusals.js";

/**
 * Whether the approval's decisions were claimed and are being applied right now by an execution
 * whose claim is live (a raw `Command` run holds no continuation lease, only this claim): an
 * expiry could not win, and taking the thread's lease meanwhile would refuse that run's writes.
 * A released or lapsed claim is not: the expiry's resume completes it, as any resume would.
 */
async function decidedAndRunning(graph: HITLGraph, { threadId, interruptId }: { threadId: string; interruptId: string }): Promise<boolean> {
  const store = claimStoreFor(saverForThread(graph, threadId, "resume"));
  const claim = await reportingUnavailable(() => store.claimOfInterrupt(threadId, interruptId), "nothing was expired. Try again.", threadId);
  return claim?.state === "running" && !claim.leaseExpired;
}

/** What became of one expiry (see expireApproval). */
type ExpiryOutcome = "expired" | "skipped" | "not-expired" | "busy";

/** Who asks for an expiry (a pass or the sweeper), as the node's record names it. */
const EXPIRY_REVIEWER = { id: "langgraph-hitl:expiry" } as const;

/**
 * Expires one approval past its deadline: a resume with no decisions, which the node judges by
 * its store's clock — past the deadline it rejects every call of the approval as expired, and
 * nothing runs. The node's claim makes a second expiry (another replica, a reviewer's late
 * answer) harmless; the sweeper's lease makes it rare. It does not wait for a thread another run
 * is continuing (a reviewer's approved tool still running), nor touch one whose decisions an
 * execution is applying under a live claim: that answers `busy` at once, and a later pass looks
 * again — a pass or a sweeper round is not held up by it. Every expiry — `expirePendingInterrupts`
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
    if (isRemoteGraph(graph)) {
      const { status } = await resumeRemote(graph, config, [], { interruptId });
      return status === "expired" ? "expired" : "not-expired";
    }
    if (await decidedAndRunning(graph, approval)) return "busy";
    const { status } = await resume(graph, config, {}, { interruptId, reviewer: EXPIRY_REVIEWER, busyWaitMs: 0 });
    return status === "expired" ? "expired" : "not-expired";
  } catch (error) {
    if (resolvedElsewhere(error)) return "skipped";
    if (busyForNow(error)) return "busy";
    if (isRemoteGraph(graph) && notYetDueHere(error)) return "not-expired";
    throw error;
  }
}
