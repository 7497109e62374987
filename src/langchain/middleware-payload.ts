import type { LangChainActionRequest, LangChainReviewConfig, ToolApprovalInterruptPayload } from "../payload/types.js";

/**
 * The interrupt value `approvalMiddleware` raises: this library's `tool_approval` payload
 * (`action_requests` / `review_configs`, snake_case, with ids, digests and schemas) that is also
 * LangChain JS's `HITLRequest` (`actionRequests` / `reviewConfigs`), so code typed against
 * `humanInTheLoopMiddleware` reads it unchanged.
 *
 * @example
 * ```ts
 * import type { HITLRequest } from "langchain";
 * const request: HITLRequest = result.__interrupt__[0].value as ApprovalMiddlewareInterruptPayload;
 * ```
 */
export type ApprovalMiddlewareInterruptPayload = ToolApprovalInterruptPayload & {
  actionRequests: LangChainActionRequest[];
  reviewConfigs: LangChainReviewConfig[];
};
