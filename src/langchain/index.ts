/**
 * `langgraph-hitl/langchain`: human-in-the-loop approvals for LangChain v1's `createAgent`.
 * Loads `langchain` (an optional peer dependency); the root entry never does.
 *
 * @packageDocumentation
 */
export { approvalMiddleware, APPROVAL_MIDDLEWARE_NAME } from "./approval-middleware.js";
export type { ApprovalMiddlewareOptions } from "./approval-middleware.js";
export type { ApprovalMiddlewareInterruptPayload } from "./middleware-payload.js";
