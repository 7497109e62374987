import type { HITLGraph } from "../host/graph-types.js";
import { isRemoteGraph } from "../host/remote-graph.js";
import { resumeRemote } from "../host/resume-remote.js";
import { resume } from "../host/resume.js";
import { busyForNow, notYetDueHere, resolvedElsewhere } from "../inbox/expiry-refusals.js";
import type { DueApproval } from "./due-approvals.js";

/** Who asks for an expiry the sweeper makes. */
const EXPIRY_REVIEWER = { id: "langgraph-hitl:expiry" } as const;

/**
 * Expires one approval past its deadline: a resume with no decisions, which the node judges by
 * its store's clock — past the deadline it rejects every call of the approval as expired, and
 * nothing runs. The node's claim makes a second expiry (another replica, a reviewer's late
 * answer) harmless; the sweeper's lease makes it rare.
 *
 * @param graph - The graph the thread runs on (a local graph, or a `RemoteGraph`).
 * @param due - The leased approval.
 * @returns `expired`, `skipped` (resolved elsewhere first), `not-expired` (another outcome, e.g. a decision that won meanwhile),
 * or `busy` (its thread was busy with another run, or its run was stopped on the Agent Server: try again later).
 * @throws Whatever else the resume throws (the sweeper counts it as failed and tries again after the lease).
 * @example
 * ```ts
 * await expireDue(graph, { threadId: "t1", interruptId, expiresAt, ref: undefined }); // "expired"
 * ```
 */
export async function expireDue(graph: HITLGraph, due: DueApproval): Promise<"expired" | "skipped" | "not-expired" | "busy"> {
  const config = { configurable: { thread_id: due.threadId } };
  try {
    const { status } = isRemoteGraph(graph)
      ? await resumeRemote(graph, config, [], { interruptId: due.interruptId })
      : await resume(graph, config, {}, { interruptId: due.interruptId, reviewer: EXPIRY_REVIEWER });
    return status === "expired" ? "expired" : "not-expired";
  } catch (error) {
    if (resolvedElsewhere(error)) return "skipped";
    if (busyForNow(error)) return "busy";
    if (isRemoteGraph(graph) && notYetDueHere(error)) return "not-expired";
    throw error;
  }
}
