import type { RunnableConfig } from "@langchain/core/runnables";
import { Command } from "@langchain/langgraph";
import { wrapResumeValue } from "../protocol/resume-envelope.js";
import { signResume } from "../protocol/signing.js";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import { HITLError } from "../errors/hitl-error.js";
import { isExpired } from "../protocol/expiry.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { AgentInboxResponse, HumanInterruptPayload, LangChainDecisionsValue } from "../payload/types.js";
import { readPendingInterrupts } from "./get-interrupt.js";
import type { PendingInterrupt } from "./pending-interrupt.js";
import { requireThreadId } from "./graph-types.js";
import { isRemoteGraph, type RemoteGraphLike } from "./remote-graph.js";
import type { ResumeOptions, ResumeResult, ResumeValue } from "./resume-types.js";
import { invokeAndSettle, type RunOutcome } from "./run-outcome.js";
import { throwIfStoppedOnServer } from "./remote-run-stopped.js";
import { reportFromMessages, throwIfRefused } from "./submission-outcome.js";
import { submissionDigest } from "../protocol/submission-digest.js";
import { pickTarget } from "./thread-state.js";
import { lateResumeValue, validateResumeValue, type CheckedResumeValue } from "./validate-resume-value.js";
import { checkResumeOptions, resumeMetaFor } from "./resume-options.js";

function checkArguments(graph: unknown, config: RunnableConfig, options: ResumeOptions): string {
  if (!isRemoteGraph(graph)) {
    const message = "resumeRemote() needs a RemoteGraph from @langchain/langgraph/remote; use resume() for a compiled graph";
    throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["graph"], message }] });
  }
  const threadId = requireThreadId(config, "resumeRemote()");
  checkResumeOptions(options);
  return threadId;
}

/**
 * The tools are not loaded here: edits are checked against the JSON Schema each review config
 * carries (`args_schema`), or the caller's own lookup when it has the tools. The node on the
 * server checks them again against the real tools before anything runs.
 */
function schemaLookup(payload: HumanInterruptPayload, fallback: ToolLookup | undefined): ToolLookup {
  const schemas = new Map<string, Record<string, unknown>>();
  if (isToolApprovalInterrupt(payload)) {
    for (const config of payload.review_configs) if (config.args_schema !== undefined) schemas.set(config.action_name, config.args_schema);
  }
  return (toolName) => fallback?.(toolName) ?? (schemas.has(toolName) ? { name: toolName, schema: schemas.get(toolName) } : undefined);
}

/** A submission `resumeRemote()` checked (and signed when it has a key), ready to send. */
interface PreparedRemoteResume {
  threadId: string;
  target: PendingInterrupt<HumanInterruptPayload>;
  /** The digest the node's audit record names this submission by. */
  submission: string;
  command: Command;
}

/**
 * Every check `resumeRemote()` makes before anything is sent to the server.
 *
 * @throws {HITLError} as {@link resumeRemote} does before sending.
 * @example
 * ```ts
 * const prepared = await prepareRemoteResume(remoteGraph, config, [{ type: "approve" }], { interruptId });
 * ```
 */
export async function prepareRemoteResume(graph: RemoteGraphLike, config: RunnableConfig, value: ResumeValue | LangChainDecisionsValue | AgentInboxResponse[], options: ResumeOptions): Promise<PreparedRemoteResume> {
  const threadId = checkArguments(graph, config, options);
  // A thread the server does not have is UNKNOWN_THREAD (readPendingInterrupts tells it apart).
  const pending = await readPendingInterrupts<HumanInterruptPayload>(graph, config);
  const target = await pickTarget({ pending, answered: new Map() }, threadId, options.interruptId, undefined);
  // The node on the server judges the deadline (one clock): past it by this clock, the value goes as it is.
  const late = isToolApprovalInterrupt(target.payload) && isExpired(target.payload, Date.now());
  const checked: CheckedResumeValue = late ? lateResumeValue(value) : await validateResumeValue(target.payload, value, schemaLookup(target.payload, options.findTool));
  const meta = resumeMetaFor(options, checked.digests);
  // Verified on the server only when it shares this key (`signingKey` on the node).
  if (options.signingKey !== undefined) meta.signature = signResume({ threadId, taskId: target.taskId, interruptId: target.interruptId, value: checked.value, meta }, options.signingKey);
  const command = new Command({ resume: { [target.interruptId]: wrapResumeValue(checked.value, meta) } });
  return { threadId, target, submission: submissionDigest(meta.attempt, checked.value), command };
}

/**
 * What `resumeRemote()` returns for a run the server went through with: read from the audit
 * record the server's node put on the reviewed calls' `ToolMessage`s (its claims cannot be read
 * from here). Throws the server node's refusal code when it raised the interrupt again with an `error`.
 */
function reportRemoteResume<TValues>(prepared: PreparedRemoteResume, outcome: RunOutcome<TValues>): ResumeResult<TValues> {
  const { threadId, target, submission } = prepared;
  const report = reportFromMessages(outcome.values, target.interruptId, submission);
  if (!isToolApprovalInterrupt(target.payload)) {
    throwIfRefused(outcome as RunOutcome<unknown>, threadId);
    // The answer's record says whose answer the node applied; a question asked in a node's own code leaves none.
    if (report?.judgment === undefined) return { ...outcome, status: "answered" };
    return { ...outcome, judgment: report.judgment, status: report.judgment.own ? "answered" : "superseded" };
  }
  if (report !== undefined) return { ...outcome, ...report };
  throwIfRefused(outcome as RunOutcome<unknown>, threadId);
  return { ...outcome, status: "unknown" };
}

/**
 * {@link resume} for a graph deployed on LangGraph Agent Server, held as a `RemoteGraph`: reads
 * the pending interrupt from the server, validates `value` against its payload (edits against
 * each review config's `args_schema`, since the tools are not loaded here) BEFORE anything is
 * sent, then resumes with `Command({ resume: { [interruptId]: value } })` carrying the same
 * envelope as `resume()` (reviewer, comment, digests), and reports how the run ended.
 *
 * The node on the server stays the authority: it re-checks every decision, binds it to the
 * digests of what was reviewed, and records the reviewer. There is no lock here: of resumes
 * racing on one thread the server runs one and refuses the others' runs (`THREAD_BUSY`).
 *
 * @param graph - A `RemoteGraph` (`@langchain/langgraph/remote`).
 * @param config - `{ configurable: { thread_id } }`.
 * @param value - Any value `resume()` takes: our decisions, LangChain's `{ decisions }`,
 * agent-inbox's `HumanResponse[]`, or a question's answer.
 * @param options - `interruptId` (the one reviewed), `reviewer`, `comment`, `findTool`.
 * @returns `{ values, interrupt?, interrupts, halted?, status, judgment? }`; values are the server's JSON
 * (messages as plain objects); `status` is read from the audit record the server's node put on
 * the reviewed calls' `ToolMessage`s (`"unknown"` when the run's values hold none, e.g. a graph whose state keeps no messages).
 * @throws {HITLError} `INVALID_OPTIONS`, `UNKNOWN_THREAD` (a thread the server does not have), `NO_PENDING_INTERRUPT`,
 * `INTERRUPT_ALREADY_RESOLVED`, `INVALID_DECISION`, `INVALID_EDIT`, `INVALID_ANSWER`,
 * `UNSUPPORTED_INTERRUPT`, the node's refusals (`INVALID_SIGNATURE`, `INTERRUPT_MISMATCH`, …),
 * `THREAD_BUSY` (the server refused the run: the thread is running another; nothing was sent) and
 * `AGENT_SERVER_FAILED` (the server could not be reached or answered an HTTP error; the message
 * says whether anything had been sent) and `RUN_ABORTED` (the run was stopped on the server
 * before it ended: cancelled, or interrupted or rolled back by a run another client sent).
 * @example
 * ```ts
 * const graph = new RemoteGraph({ graphId: "agent", url: "http://127.0.0.1:2024" });
 * const pending = await getInterrupt(graph, config);
 * await resumeRemote(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId, reviewer: { id: "u_42" } });
 * ```
 */
export async function resumeRemote<TValues = Record<string, unknown>>(
  graph: RemoteGraphLike,
  config: RunnableConfig,
  value: ResumeValue | LangChainDecisionsValue | AgentInboxResponse[],
  options: ResumeOptions = {},
): Promise<ResumeResult<TValues>> {
  const prepared = await prepareRemoteResume(graph, config, value, options);
  const outcome = await invokeAndSettle<TValues>(graph, prepared.command, config, prepared.threadId);
  return settleRemoteResume(graph, config, prepared, outcome);
}

/**
 * What `resumeRemote()` returns for the run it sent — read from the node's audit record on the
 * run's values — after checking that the run was not stopped on the server before the node ended
 * (the server ends such a run's stream without an error).
 *
 * @throws {HITLError} the server node's refusal code when it raised the interrupt again with an
 * `error`; `RUN_ABORTED` for a run stopped on the server.
 * @example
 * ```ts
 * const result = await settleRemoteResume(remoteGraph, config, prepared, outcome);
 * ```
 */
export async function settleRemoteResume<TValues>(graph: RemoteGraphLike, config: RunnableConfig, prepared: PreparedRemoteResume, outcome: RunOutcome<TValues>): Promise<ResumeResult<TValues>> {
  const result = reportRemoteResume(prepared, outcome);
  await throwIfStoppedOnServer(graph, config, prepared, result);
  return result;
}
