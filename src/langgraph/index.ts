/**
 * Everything this library knows about LangGraph's internals — channel names, the shape of
 * pending writes and resume records, the config keys a running task receives — lives here,
 * checked by the contract tests in tests/langgraph. Nothing else may name them.
 */
export { INTERRUPT_CHANNEL, NON_RESULT_CHANNELS, RESUME_CHANNEL, isResultChannel } from "./channels.js";
export { interruptValuesOfTask, storedInterrupts, summarizePendingWrites } from "./pending-writes.js";
export type { LatestPendingWrites, PendingWrite } from "./pending-writes.js";
export { readTaskContext } from "./task-config.js";
export type { TaskContext } from "./task-config.js";
export { interruptIdFor, interruptWithId, raiseInPlace } from "./interrupt-id.js";
export { thrownByTask } from "./task-error.js";
export { checkpointTimeMs, isLaterCheckpoint } from "./checkpoint-id.js";
export { continuationTokenOf, continuesHead, isContinuation, markLoad, withContinuationToken } from "./continuation-config.js";
export type { Durability } from "./continuation-config.js";
export { toolNodeCalls, unansweredCalls } from "./tool-node-input.js";
export { ToolNodeRuns } from "./tool-node-runs.js";
export { drainThisRun } from "./run-control.js";
export { insideMiddlewareErrors, isMiddlewareError } from "./middleware-error.js";
export { nodeRunnables } from "./graph-nodes.js";
export { looksLikeRemoteGraph, remoteGraphClient, remoteHttpStatus } from "./remote-graph.js";
export { toolSchemaInput } from "./tool-schema-input.js";
