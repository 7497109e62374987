import type { ClaimStore } from "../claims/index.js";
import { withDigests } from "../payload/digest.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { ToolApprovalInterruptPayload } from "../payload/types.js";
import type { ApprovalEvent, ApprovalEventRequest, ApprovalResolvedEvent } from "./events.js";
import type { OutboxEntry } from "./outbox.js";

/** Which approval a link is for. */
export interface ApprovalLinkTarget {
  threadId: string;
  interruptId: string;
  approvalId: string;
}

/** Builds the host's link to an approval (e.g. its page in the reviewer inbox); `undefined` for none. */
export type ApprovalLinkBuilder = (approval: ApprovalLinkTarget) => string | undefined | Promise<string | undefined>;

function requestsOf(payload: ToolApprovalInterruptPayload): ApprovalEventRequest[] {
  return payload.action_requests.map((request) => ({
    toolCallId: request.tool_call_id,
    name: request.name,
    arguments: request.arguments,
    ...(request.description === undefined ? {} : { description: request.description }),
  }));
}

async function decisionsOf(entry: OutboxEntry, claims: ClaimStore): Promise<Pick<ApprovalResolvedEvent, "reviewer" | "decisions">> {
  if (entry.outcome !== "decided") return {};
  const claim = await claims.claimOfInterrupt(entry.threadId, entry.interruptId);
  if (claim === undefined) return {};
  const { reviewer, decisions } = claim.review;
  return {
    ...(reviewer === undefined ? {} : { reviewer }),
    decisions: Object.entries(decisions).map(([toolCallId, decision]) => ({ toolCallId, type: decision.type })),
  };
}

/**
 * The event a leased outbox entry stands for, or why there is nothing to send: a `requested` or
 * `reminder` whose interrupt is gone (its thread was deleted), or a reminder of an approval
 * resolved meanwhile.
 *
 * @param entry - The leased entry.
 * @param context - The link builder, and the claims a `decided` resolution reads its reviewer from.
 * @returns The event, or the reason it is dropped.
 * @example
 * ```ts
 * const built = await buildEvent(entry, { link: ({ threadId }) => `https://app.example.com/approvals#${threadId}`, claims });
 * if (typeof built !== "string") await send(built);
 * ```
 */
export async function buildEvent(entry: OutboxEntry, context: { link: ApprovalLinkBuilder | undefined; claims: ClaimStore }): Promise<ApprovalEvent | string> {
  const base = { id: entry.eventId, approvalId: entry.approvalId, threadId: entry.threadId, interruptId: entry.interruptId, occurredAt: entry.occurredAt };
  const link = await context.link?.({ threadId: entry.threadId, interruptId: entry.interruptId, approvalId: entry.approvalId });
  const withLink = { ...base, ...(link === undefined ? {} : { link }) };
  if (entry.kind === "resolved") return { type: "ApprovalResolved", ...withLink, outcome: entry.outcome ?? "superseded", ...(await decisionsOf(entry, context.claims)) };
  if (entry.kind === "reminder" && !entry.pending) return "the approval was resolved before its reminder was sent";
  if (!isToolApprovalInterrupt(entry.payload)) return "the approval's interrupt is no longer stored (its thread was deleted)";
  const payload = withDigests(entry.payload);
  const requests = requestsOf(payload);
  if (entry.kind === "requested") return { type: "ApprovalRequested", ...withLink, requests, ...(entry.expiresAt === undefined ? {} : { expiresAt: entry.expiresAt }), payload };
  return { type: "ApprovalReminder", ...withLink, requests, expiresAt: entry.expiresAt ?? "", remindBeforeMs: entry.remindBeforeMs ?? 0, payload };
}
