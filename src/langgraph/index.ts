/**
 * Everything this library knows about LangGraph's internals — channel names, the shape of
 * pending writes and resume records, the config keys a running task receives — lives here,
 * checked by the contract tests in tests/langgraph. Nothing else may name them.
 */
export { INTERRUPT_CHANNEL, NON_RESULT_CHANNELS, RESUME_CHANNEL, isResultChannel } from "./channels.js";
export { firstSubmission, interruptValuesOfTask, summarizePendingWrites } from "./pending-writes.js";
export type { LatestPendingWrites, PendingWrite, PendingWritesSummary, StoredInterrupt } from "./pending-writes.js";
export { readTaskContext } from "./task-config.js";
export type { TaskContext } from "./task-config.js";
export { interruptIdFor, interruptWithId, raiseInPlace } from "./interrupt-id.js";
export { thrownByTask } from "./task-error.js";
export { continuationTokenOf, continuesHead, isContinuation, markLoad, withContinuationToken } from "./continuation-config.js";
export type { Durability } from "./continuation-config.js";

// LangChain's createAgent, as approvalMiddleware relies on it (h7-middleware).
export { isStructuredOutputCall, toolErrorContent, toolsTaskOf } from "./langchain-agent.js";
