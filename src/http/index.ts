/**
 * langgraph-hitl/http — serve approvals to reviewers: a web-standard request handler with a
 * JSON API and a reviewer inbox page, plus a `node:http` adapter.
 */
export { createApprovalHandler } from "./create-approval-handler.js";
export type { ApprovalHandler, ClosableApprovalHandler } from "./create-approval-handler.js";
export { anonymousReviewer } from "./options.js";
export type { ApprovalHandlerOptions, AuthRefusal, AuthResult, EventStreamSettings } from "./options.js";
export { eventStreamResponse, EVENT_STREAM_HEADERS } from "./event-stream.js";
export type { EventStreamOptions, EventStreamTiming, ServerSentEvent } from "./event-stream.js";
export { toNodeListener } from "./node-adapter.js";
export type { Problem, ProblemCode } from "./problem.js";
