/** Approval notifications: events, the outbox both checkpointers keep, the notifier that delivers it, signed webhooks. */
export { approvalIdOf } from "./approval-id.js";
export { retryDelayMs } from "./backoff.js";
export type { RetryPolicy } from "./backoff.js";
export type { ApprovalLinkBuilder, ApprovalLinkTarget } from "./build-event.js";
export type { ApprovalEvent, ApprovalEventRequest, ApprovalEventType, ApprovalOutcome, ApprovalReminderEvent, ApprovalRequestedEvent, ApprovalResolvedEvent } from "./events.js";
export { resolveNotifierOptions } from "./notifier-options.js";
export type { ApprovalEventContext, ApprovalEventHandler, ApprovalNotificationSettings, ApprovalNotifierOptions } from "./notifier-options.js";
export { startApprovalNotifier } from "./notifier.js";
export type { ApprovalNotifier, ApprovalNotifierStats, NotifierRound } from "./notifier.js";
export { eventTypeOf } from "./outbox.js";
export type { DeadLetter, NotificationOutbox, NotificationOutboxProvider, OutboxEntry, OutboxKind } from "./outbox.js";
export { createWebhookSender } from "./webhook-sender.js";
export type { WebhookSenderOptions } from "./webhook-sender.js";
export { signWebhookBody, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "./webhook-signature.js";
export type { VerifyWebhookOptions, WebhookSignatureProblem, WebhookVerification } from "./webhook-signature.js";
