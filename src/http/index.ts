/**
 * langgraph-hitl/http — serve approvals to reviewers: a web-standard request handler with a
 * JSON API and a reviewer inbox page, plus a `node:http` adapter.
 */
export { createApprovalHandler } from "./create-approval-handler.js";
export type { ApprovalHandler } from "./create-approval-handler.js";
export { anonymousReviewer } from "./options.js";
export type { ApprovalHandlerOptions, AuthRefusal, AuthResult } from "./options.js";
export { toNodeListener } from "./node-adapter.js";
export type { Problem, ProblemCode } from "./problem.js";
