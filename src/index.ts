/**
 * langgraph-hitl — human-in-the-loop tool approvals for LangGraph agents.
 * This barrel is the public contract: everything exported here is supported.
 */
export type {
  ToolInput,
  ToolApprovalRequest,
  ToolApprovalDecisionType,
  ToolApprovalReviewConfig,
  ToolApprovalDecision,
  ToolApprovalDecisionMap,
  HumanInterruptType,
  ToolApprovalInterruptPayload,
  InterruptValidationError,
  AskUserQuestionOption,
  AskUserQuestionRequest,
  AskUserQuestionInterruptPayload,
  HumanInterruptPayload,
  AskUserQuestionResolution,
  AskUserQuestionMultiSelectResolution,
  AskUserQuestionsResolution,
  HumanInTheLoopConfig,
  RunInterruptResult,
  LangChainDecision,
  LangChainDecisionsValue,
  LangChainEditedAction,
  AgentInboxResponse,
  GrantMatch,
  GrantMatchKind,
  ToolApprovalGrantRequest,
  ToolApprovalGrantScope,
  ToolApprovalGrantOffer,
  ToolApprovalGrantedCall,
} from "./payload/types.js";
export { isToolApprovalInterrupt, isAskUserQuestionInterrupt } from "./payload/guards.js";
export { requestDigest } from "./payload/digest.js";

export { HITLError, isHITLError } from "./errors/hitl-error.js";
export type { HITLErrorCode, HITLErrorDetail, HITLErrorOptions } from "./errors/hitl-error.js";

export { HookRegistry } from "./hooks/hook-registry.js";
export type { CompiledHook } from "./hooks/hook-registry.js";
export { createHook } from "./hooks/create-hook.js";
export type { HookDefinition, ToolCallAction, ToolCallControl, RunAction, RunControl } from "./hooks/create-hook.js";
export type {
  HookEvent,
  HookEventMap,
  HookCallback,
  HookMatcher,
  HookRegistration,
  HookInvocationContext,
  HookErrorContext,
  HookErrorHandler,
  RunStopFields,
  PreToolUseInput,
  PreToolUseResult,
  PostToolUseInput,
  PostToolUseResult,
  PostToolUseFailureInput,
  PostToolUseFailureResult,
  PostToolBatchInput,
  ToolBatchEntry,
  PermissionDeniedInput,
  DenialSource,
  ToolFacts,
} from "./hooks/types.js";
export type { ShadowVerdict, ShadowChange, ShadowVerdictEvent, ShadowVerdictHandler } from "./hooks/shadow.js";
export { DEFAULT_HOOK_TIMEOUT_MS, DEFAULT_OBSERVER_TIMEOUT_MS } from "./hooks/time-bound.js";

export { ApprovalToolNode } from "./node/approval-tool-node.js";
export type { ApprovalNodeTool } from "./node/approval-tool-node.js";
export type { ApprovalToolNodeOptions } from "./core/options.js";
export type { ApprovalOptions, InterruptOnConfig, HITLRecord, OutcomeSource, DecisionEvent, DecisionHandler, GrantOptions, GrantScopeReader } from "./core/types.js";

// Standing grants ("always allow"): made with an approval, applied before the node asks, listed and revoked here.
export { listGrants, revokeGrant } from "./grants/index.js";
export type { GrantPage, GrantPredicate, GrantPredicateCall, GrantScope, GrantStatus, GrantOrigin, ListGrantsOptions, RevokeGrantOptions, StandingGrant, StoredGrantMatch } from "./grants/index.js";
/** @deprecated Use {@link HITLRecord}. */
export type HitlRecord = import("./core/types.js").HITLRecord;

export { askUserQuestion, askUserQuestions } from "./questions/ask-user-question.js";
export { createAskUserQuestionTool } from "./questions/ask-user-question-tool.js";
export type { AskUserQuestionToolOptions } from "./questions/ask-user-question-tool.js";

export { getInterrupt, getInterrupts } from "./host/get-interrupt.js";
export { resume } from "./host/resume.js";
export { withThreadContinuation } from "./host/continuation.js";
export type { ContinuationLease } from "./host/continuation.js";
export { start } from "./host/start.js";
export { resumeRemote } from "./host/resume-remote.js";
export { isRemoteGraph } from "./host/remote-graph.js";
export type { RemoteGraphLike } from "./host/remote-graph.js";
export { createRemoteInbox } from "./inbox/remote-inbox.js";
export { getHaltReason } from "./host/get-halt-reason.js";
export { isRunCancelled } from "./host/run-outcome.js";
export type { RunOutcome, RunHalt } from "./host/run-outcome.js";
export type { GraphValues, ResumeOptions, ResumeResult, ResumeValue } from "./host/resume.js";
export type { AppliedJudgment, SubmissionStatus } from "./host/resume-types.js";
export type { HITLGraph, HitlGraph } from "./host/graph-types.js";
export type { Reviewer } from "./protocol/resume-envelope.js";
export type { ToolLookup } from "./decisions/validate-decisions.js";

// Streaming (startStream / resumeStream) and the response_schema our interrupts publish.
export { startStream, resumeStream } from "./stream/index.js";
export type { ResumeStreamOptions, RunStream, StreamOptions, StreamedInterrupt } from "./stream/index.js";
export { approvalResponseSchema, questionResponseSchema } from "./payload/response-schema.js";
export type { ResponseSchema } from "./payload/response-schema.js";

export { formatInterrupt } from "./format/format-interrupt.js";
export type { FormatInterruptOptions, InterruptFormat } from "./format/format-interrupt.js";

export { createMemoryCheckpointer, HITLMemorySaver, HitlMemorySaver } from "./inbox/memory-checkpointer.js";
export type { PendingInterruptChange, WatchPendingInterruptsOptions, WatchableInbox } from "./inbox/change-feed.js";
export type {
  ApprovalsInbox,
  PendingInterruptRecord,
  PendingInterruptPage,
  ListPendingInterruptsOptions,
  ExpiredInterrupt,
} from "./inbox/types.js";

// Approval notifications (ApprovalRequested / ApprovalReminder / ApprovalResolved) and signed webhooks.
export { startApprovalNotifier, createWebhookSender, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "./notify/index.js";
export type {
  ApprovalEvent,
  ApprovalEventType,
  ApprovalRequestedEvent,
  ApprovalReminderEvent,
  ApprovalResolvedEvent,
  ApprovalEventRequest,
  ApprovalOutcome,
  ApprovalEventHandler,
  ApprovalEventContext,
  ApprovalNotificationSettings,
  ApprovalNotifierOptions,
  ApprovalNotifier,
  ApprovalNotifierStats,
  NotifierRound,
  ApprovalLinkBuilder,
  ApprovalLinkTarget,
  DeadLetter,
  RetryPolicy,
  WebhookSenderOptions,
  VerifyWebhookOptions,
  WebhookVerification,
  WebhookSignatureProblem,
} from "./notify/index.js";

// Expiry that fires by itself.
export { startExpirySweeper } from "./sweeper/index.js";
export type { ExpirySweeper, ExpirySweeperOptions, ExpirySweeperSettings, ExpirySweeperStats, SweepRound } from "./sweeper/index.js";

// Remote policy hooks live in the `langgraph-hitl/remote` subpath: they load `node:child_process`, which the root entry never does.
export type {
  RemoteHook,
  RemoteHookOptions,
  RemoteTransportOptions,
  HttpTransportOptions,
  StdioTransportOptions,
  FailurePolicy,
  RemoteAuth,
  RemoteAuthContext,
  RemoteObserverEvent,
  RemoteFailure,
  RemoteHookErrorOptions,
} from "./remote/index.js";

// LangChain-compatible options, message templates and the HITLRequest spelling (h7-middleware).
export type {
  ApprovalCallRequest,
  ApprovalCallRuntime,
  ApprovalCallState,
  DescriptionFactory,
  ReviewMessageContext,
  ReviewMessages,
  ReviewMessagesPreset,
  ReviewMessageTemplate,
  WhenPredicate,
} from "./core/types.js";
export type { LangChainActionRequest, LangChainDecisionType, LangChainReviewConfig } from "./payload/types.js";
