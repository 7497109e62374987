/**
 * Everything this library relies on of LangGraph's and LangChain's internals lives here, each
 * checked by a contract test in tests/langgraph that fails when a release changes it: channel
 * names and the shape of pending writes; the private config keys a running task receives and its
 * interrupt bookkeeping; how a `RunControl` is read to drain a run; which calls a `ToolNode` hands
 * `runTool`, and with which config; what a compiled graph's nodes run; LangChain's
 * `MiddlewareError` brand, how it writes a message to JSON and what its string tools hand their
 * schema; the time and order of checkpoint ids; `RemoteGraph`'s protected client and the SDK's
 * HTTP error text; the config keys our continuation and the checkpoint handed to a resumed run ride on; how `JsonPlusSerializer` revives what it stored; which texts the stock Postgres saver's `getTuple` sends; where `MemorySaver` keeps a task's writes, and which thread ids it refuses. Nothing else may name them (tests/langgraph/internals-boundary.test.ts).
 */
export { INTERRUPT_CHANNEL, NON_RESULT_CHANNELS, RESUME_CHANNEL, isResultChannel } from "./channels.js";
export { interruptsOfTask, storedInterrupts, summarizePendingWrites } from "./pending-writes.js";
export type { LatestPendingWrites, PendingWrite, StoredInterrupt } from "./pending-writes.js";
export { readTaskContext } from "./task-config.js";
export type { TaskContext } from "./task-config.js";
export { answeredRaiseOf, interruptIdFor, interruptWithId, raiseInPlace } from "./interrupt-id.js";
export { thrownByTask } from "./task-error.js";
export { checkpointTimeMs, isLaterCheckpoint } from "./checkpoint-id.js";
export { continuationTokenOf, continuesHead, isContinuation, markLoad, withContinuationToken } from "./continuation-config.js";
export type { Durability } from "./continuation-config.js";
export { busyWaitOfTask, handOverLoad, loadedInterrupts, reportClaimToHost, takeLoadedTuple } from "./loaded-checkpoint.js";
export type { HandedOverLoad } from "./loaded-checkpoint.js";
export { unknownInterruptOf, withStrictResume } from "./strict-resume.js";
export { toolNodeCalls, unansweredCalls } from "./tool-node-input.js";
export { ToolNodeRuns } from "./tool-node-runs.js";
export { drainThisRun } from "./run-control.js";
export { insideMiddlewareErrors, isMiddlewareError } from "./middleware-error.js";
export { nodeRunnables } from "./graph-nodes.js";
export { looksLikeRemoteGraph, remoteConnectionFailed, remoteDrainReason, remoteGraphClient, remoteHttpStatus, remoteRunRolledBack, remoteThreadBusy } from "./remote-graph.js";
export { toolSchemaInput } from "./tool-schema-input.js";
export { messageFields } from "./serialized-message.js";
export { isStructuredOutputCall, toolErrorContent, toolsTaskOf } from "./langchain-agent.js";
export { runnerFor } from "./agent-command.js";
export { FastJsonPlusSerializer } from "./json-plus-reader.js";
export { REVIVABLE_RECORD_SHAPE, revivableRecordPath, revivableRecordSteps } from "./revived-records.js";
export { memoryTaskInterrupts } from "./memory-writes.js";
export { memorySaverRefusesThreadId } from "./memory-saver-keys.js";

// LangGraph's Postgres tables (@langchain/langgraph-checkpoint-postgres): layout, rows, statements.
export { LANGGRAPH_TABLES, THREAD_TABLES } from "./postgres-tables.js";
export type { LangGraphTableName } from "./postgres-tables.js";
export { stockCheckpointRows, stockWriteRows } from "./postgres-rows.js";
export type { CheckpointRows, WriteRows } from "./postgres-rows.js";
export { deleteThreadSql, insertBlobsSql, insertWritesSql, packBlobs, packedBlobParams, stockWriteStatements, upsertCheckpointSql } from "./postgres-writes-sql.js";
export { interruptWriteOfRowSql, latestRootWritesSql, parentNamespaceSql, taskFinishedSql, taskIdOfNamespaceSql, taskInterruptWritesSql, threadStoredSql, waitingInterruptWritesSql } from "./postgres-reads-sql.js";
export { isStockTupleRead } from "./postgres-stock-reads.js";
