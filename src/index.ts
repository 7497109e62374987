/**
 * langgraph-hitl — human-in-the-loop tool approvals for LangGraph agents.
 * This barrel is the public contract: everything exported here is supported.
 */
export type {
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
  HumanInTheLoopConfig,
  RunInterruptResult,
} from "./payload/types.js";
export { isToolApprovalInterrupt, isAskUserQuestionInterrupt } from "./payload/guards.js";
export { requestDigest, canonicalJson } from "./payload/digest.js";

export { HITLError, isHITLError } from "./errors/hitl-error.js";
export type { HITLErrorCode, HITLErrorDetail, HITLErrorOptions } from "./errors/hitl-error.js";

export { HookRegistry, HOOK_EVENTS } from "./hooks/hook-registry.js";
export type {
  HookEvent,
  HookEventMap,
  HookCallback,
  HookMatcher,
  HookRegistration,
  HookInvocationContext,
  PreToolUseInput,
  PreToolUseResult,
} from "./hooks/types.js";
export { DEFAULT_HOOK_TIMEOUT_MS } from "./hooks/time-bound.js";

export { ApprovalToolNode } from "./node/approval-tool-node.js";
export type { ApprovalNodeTool } from "./node/approval-tool-node.js";
export type { ApprovalToolNodeOptions, InterruptOnConfig } from "./node/options.js";
export type { HitlRecord, OutcomeSource } from "./node/tool-messages.js";

export { askUserQuestion } from "./questions/ask-user-question.js";

export { getInterrupt, getInterrupts } from "./host/get-interrupt.js";
export { resume } from "./host/resume.js";
export type { GraphValues, ResumeOptions, ResumeResult, ResumeValue } from "./host/resume.js";
export type { HitlGraph } from "./host/graph-types.js";
export type { Reviewer } from "./decisions/resume-envelope.js";
export type { ToolLookup } from "./decisions/validate-decisions.js";
