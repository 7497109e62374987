import type { ToolApprovalDecisionType, ToolApprovalInterruptPayload, ToolInput } from "../payload/types.js";
import type { Reviewer } from "../protocol/resume-envelope.js";

/** One tool call of an approval, as a notification shows it. */
export interface ApprovalEventRequest {
  toolCallId: string;
  /** The tool's name. */
  name: string;
  /** The arguments it would run with, exactly as the reviewer sees them. */
  arguments: ToolInput;
  /** Why a person is asked, when the policy said. */
  description?: string;
}

/** What every approval event carries. */
interface ApprovalEventBase {
  /**
   * Stable id of this event: a redelivery (at-least-once) carries the same id, so a receiver
   * deduplicates on it. `<approvalId>:requested`, `<approvalId>:resolved`, `<approvalId>:reminder:<ms>`.
   */
  id: string;
  /**
   * Stable id of the approval: the same in all its events, also after a refused answer raised it
   * again under a new `interruptId` (a re-raise is not a new approval and sends no event of its own).
   */
  approvalId: string;
  threadId: string;
  /** The interrupt to resume: the approval's current one when the event was built. */
  interruptId: string;
  /** When it happened (ISO-8601): the pause, the resolution, or the reminder's moment. */
  occurredAt: string;
  /** The host's link to review it (the notifier's `link` option), when there is one. */
  link?: string;
}

/** A new approval is waiting for a person. Sent once per approval, not per pass and not per re-raise. */
export interface ApprovalRequestedEvent extends ApprovalEventBase {
  type: "ApprovalRequested";
  /** The calls to review, in the model's order. */
  requests: ApprovalEventRequest[];
  /** The deadline (ISO-8601), when it has one. */
  expiresAt?: string;
  /** The whole `tool_approval` payload, with digests, as `listPendingInterrupts` shows it. */
  payload: ToolApprovalInterruptPayload;
}

/** An approval is still waiting and its deadline is `remindBeforeMs` away (the notifier's `reminders`). */
export interface ApprovalReminderEvent extends ApprovalEventBase {
  type: "ApprovalReminder";
  requests: ApprovalEventRequest[];
  expiresAt: string;
  /** The lead time this reminder is for (one reminder per approval and lead time). */
  remindBeforeMs: number;
  payload: ToolApprovalInterruptPayload;
}

/**
 * How an approval left the inbox:
 * - `decided` — a reviewer's decisions were accepted (whatever they were: `decisions` says);
 * - `expired` — its deadline passed (the sweeper, or a late answer): every call was rejected as expired;
 * - `superseded` — its run moved on without a decision (a state update, a new input, time travel);
 * - `deleted` — its thread was deleted.
 */
export type ApprovalOutcome = "decided" | "expired" | "superseded" | "deleted";

/** An approval left the inbox, so other tabs and channels can update. */
export interface ApprovalResolvedEvent extends ApprovalEventBase {
  type: "ApprovalResolved";
  outcome: ApprovalOutcome;
  /** Who decided, when `decided` and the claim still records it. */
  reviewer?: Reviewer;
  /** Each call's decision, when `decided` and the claim still records it. */
  decisions?: Array<{ toolCallId: string; type: ToolApprovalDecisionType }>;
}

/** Every event the approval notifier sends. Narrow on `type`. */
export type ApprovalEvent = ApprovalRequestedEvent | ApprovalReminderEvent | ApprovalResolvedEvent;

/** The event types, for a receiver that routes on the `x-hitl-event-type` header. */
export type ApprovalEventType = ApprovalEvent["type"];
