import type { BaseMessage } from "@langchain/core/messages";
import { z } from "zod";
import type { Reviewer } from "../protocol/resume-envelope.js";
import { isHITLError, type HITLError } from "../errors/hitl-error.js";
import { readPendingInterrupts } from "../host/get-interrupt.js";
import type { PendingInterrupt } from "../host/pending-interrupt.js";
import { isRemoteGraph, isUnknownRemoteThread as isUnknownThread } from "../host/remote-graph.js";
import { resumeLocal, type ResumeOptions, type ResumeResult, type ResumeValue } from "../host/resume.js";
import { resumeRemote } from "../host/resume-remote.js";
import { isAskUserQuestionInterrupt, isToolApprovalInterrupt } from "../payload/guards.js";
import type { HumanInterruptPayload } from "../payload/types.js";
import type { ResolvedHandlerOptions } from "./options.js";
import { JSON_SAFETY_HEADERS, problem, problemResponse } from "./problem.js";
import { readJsonBody } from "./read-json-body.js";
import { resumeBodyDetails } from "./body-details.js";
import { boundDetail, cutErrorMessage } from "../errors/bounded-detail.js";
import { capDetails } from "../errors/capped-details.js";
import { messageTypeOf } from "../host/message-type.js";

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json; charset=utf-8", ...JSON_SAFETY_HEADERS } });
}

function threadConfig(threadId: string) {
  return { configurable: { thread_id: threadId } };
}

/**
 * The inbox refused an option that came from the query string: said as the query parameter the
 * client wrote, with the text it sent (`limit=abc` arrives as the number NaN).
 */
function queryProblem(error: HITLError, query: URLSearchParams) {
  const details = error.details.map((detail) => {
    const key = String(detail.path?.[0] ?? "");
    if (!query.has(key)) return detail;
    const sent = query.get(key) ?? "";
    const message = key === "limit" ? `the query parameter \`limit\` must be an integer from 1 to 1000, but received ${JSON.stringify(sent)}` : `the query parameter ${detail.message} (received ${JSON.stringify(sent)})`;
    return { ...detail, message, received: sent };
  });
  return problem("INVALID_OPTIONS", `Invalid GET /interrupts query: ${details[0]?.message ?? error.message}`, details);
}

/** `GET /interrupts`: the inbox, oldest first, paginated with `cursor`. */
export async function listInterrupts(url: URL, options: ResolvedHandlerOptions): Promise<Response> {
  const query = url.searchParams;
  const limit = query.has("limit") ? Number(query.get("limit")) : 50;
  const filters = Object.fromEntries(["cursor", "toolName", "olderThan", "threadId"].flatMap((key) => (query.has(key) ? [[key, query.get(key) ?? ""]] : [])));
  try {
    return json(await options.inbox.listPendingInterrupts({ limit, ...filters }));
  } catch (error) {
    if (isHITLError(error, "INVALID_OPTIONS")) return problemResponse(queryProblem(error, query));
    throw error;
  }
}

/** Whether `error` is the Agent Server saying a thread does not exist (404, or 400/422 for an id that is not a UUID). */
function isUnknownRemoteThread(options: ResolvedHandlerOptions, error: unknown): boolean {
  return isRemoteGraph(options.graph) && isUnknownThread(error);
}

/** A thread's pending interrupts; `undefined` when there is no such thread (nothing checkpointed, or the server has none). */
async function pendingOf(threadId: string, options: ResolvedHandlerOptions): Promise<Array<PendingInterrupt<HumanInterruptPayload>> | undefined> {
  try {
    return await readPendingInterrupts<HumanInterruptPayload>(options.graph, threadConfig(threadId));
  } catch (error) {
    if (isHITLError(error, "UNKNOWN_THREAD") || isUnknownRemoteThread(options, error)) return undefined;
    throw error;
  }
}

/** 404 for a thread id nothing was checkpointed under, naming the id received. */
function noSuchThread(threadId: string): Response {
  const message = `no thread "${threadId}": nothing was ever checkpointed under this thread id (a typo, or a thread that was deleted?)`;
  return problemResponse(problem("NOT_FOUND", `No such thread: ${message}.`, [{ path: ["threadId"], message, received: threadId }]));
}

/** `GET /threads/:threadId/interrupt`: the thread's pending interrupt, or 404. */
export async function getThreadInterrupt(threadId: string, options: ResolvedHandlerOptions): Promise<Response> {
  const all = await pendingOf(threadId, options);
  if (all === undefined) return noSuchThread(threadId);
  const [pending] = all;
  if (pending !== undefined) return json({ interruptId: pending.interruptId, threadId, payload: pending.payload });
  return problemResponse(problem("NO_PENDING_INTERRUPT", `Thread "${threadId}" exists but has no pending interrupt: its run is not paused.`));
}

const resumeBody = z
  .strictObject({
    interruptId: z.string().min(1),
    decisions: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
    answer: z.union([z.string(), z.array(z.string())]).optional(),
    answers: z.record(z.string(), z.unknown()).optional(),
    comment: z.string().max(10_000).optional(),
  })
  .refine((body) => [body.decisions, body.answer, body.answers].filter((part) => part !== undefined).length === 1, {
    message: "send exactly one of `decisions`, `answer` or `answers`",
  });

function resumeValueOf(body: z.infer<typeof resumeBody>): ResumeValue {
  if (body.decisions !== undefined) return body.decisions as ResumeValue;
  if (body.answer !== undefined) return { answer: body.answer } as ResumeValue;
  return { answers: body.answers } as ResumeValue;
}

function callIdsOf(payload: unknown): string[] {
  if (isToolApprovalInterrupt(payload)) return payload.action_requests.map((request) => request.tool_call_id);
  if (isAskUserQuestionInterrupt(payload) && payload.tool_call_id !== undefined) return [payload.tool_call_id];
  return [];
}

/** The ToolMessages that answered the reviewed calls: what ran, what did not, who decided, and what shadow policies said. */
function outcomesOf(values: unknown, callIds: readonly string[]) {
  const messages = ((values as { messages?: BaseMessage[] } | undefined)?.messages ?? []) as BaseMessage[];
  return messages
    .filter((message) => messageTypeOf(message) === "tool" && callIds.includes((message as { tool_call_id?: string }).tool_call_id ?? ""))
    .map((message) => ({
      tool_call_id: (message as { tool_call_id?: string }).tool_call_id,
      name: message.name,
      status: (message as { status?: string }).status ?? "success",
      content: message.content,
      hitl: message.additional_kwargs?.["hitl"],
      ...(message.additional_kwargs?.["hitl_shadow"] === undefined ? {} : { hitl_shadow: message.additional_kwargs["hitl_shadow"] }),
    }));
}

/** A resume request that passed every check of the route: what to submit and how to answer. */
export interface ResumeRequest {
  threadId: string;
  interruptId: string;
  config: { configurable: { thread_id: string } };
  value: ResumeValue;
  options: ResumeOptions & { interruptId: string; reviewer: Reviewer };
  /** The reviewed calls, whose ToolMessages the answer reports. */
  callIds: string[];
  reviewer: Reviewer;
}

/**
 * Reads and checks a resume request's body and thread (`POST /threads/:threadId/resume`, JSON or
 * streamed): the problem response to answer with, or the request to submit. With
 * `readThread: false` the thread is not read here (`callIds` stays empty until the caller learns
 * the reviewed calls, and a thread that does not exist is refused by the resume itself): the JSON
 * route on a local graph leaves the one read of the thread to `resume()`, under its lease.
 */
export async function readResumeRequest(request: Request, threadId: string, reviewer: Reviewer, options: ResolvedHandlerOptions, readThread = true): Promise<ResumeRequest | Response> {
  const body = await readJsonBody(request, options.maxBodyBytes);
  if (!body.ok) return problemResponse(body.problem);
  const parsed = resumeBody.safeParse(body.value, { reportInput: true });
  if (!parsed.success) {
    const details = resumeBodyDetails(parsed.error.issues);
    const more = details.length > 1 ? ` (+${details.length - 1} more; see \`details\`)` : "";
    // Bounded as a HITLError's are: these name what the body held, and are not made into one.
    return problemResponse(problem("INVALID_REQUEST", cutErrorMessage(`Invalid resume request: ${details[0]?.message ?? ""}${more}`), capDetails(details).map(boundDetail)));
  }
  const pending = readThread ? await pendingOf(threadId, options) : [];
  if (pending === undefined) return noSuchThread(threadId);
  const reviewed = pending.find((candidate) => candidate.interruptId === parsed.data.interruptId);
  const { interruptId, comment } = parsed.data;
  return {
    threadId,
    interruptId,
    config: threadConfig(threadId),
    value: resumeValueOf(parsed.data),
    options: { interruptId, reviewer, ...(comment === undefined ? {} : { comment }), ...(options.signingKey === undefined ? {} : { signingKey: options.signingKey }) },
    callIds: callIdsOf(reviewed?.payload),
    reviewer,
  };
}

/** The body the resume route answers a run that went through with (the streamed form's `outcome` event too). */
export function resumeAnswer(resumed: ResumeRequest, result: ResumeResult<unknown>): Record<string, unknown> {
  const status = result.halted !== undefined ? "halted" : result.interrupt !== undefined ? "paused" : "completed";
  return {
    threadId: resumed.threadId,
    interruptId: resumed.interruptId,
    status,
    // What became of these decisions, as the node recorded it: applied, expired, superseded, answered.
    submission: result.status,
    ...(result.judgment === undefined ? {} : { judgment: result.judgment }),
    reviewer: resumed.reviewer,
    outcomes: outcomesOf(result.values, resumed.callIds),
    ...(result.interrupt === undefined ? {} : { interrupt: result.interrupt }),
    ...(result.halted === undefined ? {} : { halted: result.halted }),
  };
}

/** The body the resume route answers when a hook cancelled the run: what the reviewed calls became before it stopped. */
export async function cancelledAnswer(resumed: ResumeRequest, error: Error, options: ResolvedHandlerOptions): Promise<Record<string, unknown>> {
  const state = await options.graph.getState(resumed.config);
  return { threadId: resumed.threadId, interruptId: resumed.interruptId, status: "cancelled", reviewer: resumed.reviewer, reason: error.message, outcomes: outcomesOf(state.values, resumed.callIds) };
}

/** `POST /threads/:threadId/resume`: applies a reviewer's decisions or answer. */
export async function resumeThread(request: Request, threadId: string, reviewer: Reviewer, options: ResolvedHandlerOptions): Promise<Response> {
  const remote = isRemoteGraph(options.graph);
  // On a local graph resume() reads the thread once, under its lease: the reviewed calls come from that read.
  const resumed = await readResumeRequest(request, threadId, reviewer, options, remote);
  if (resumed instanceof Response) return resumed;
  try {
    const result = isRemoteGraph(options.graph)
      ? await resumeRemote(options.graph, resumed.config, resumed.value, resumed.options)
      : await resumeLocal(options.graph, resumed.config, resumed.value, resumed.options, (target) => (resumed.callIds = callIdsOf(target.payload)));
    return json(resumeAnswer(resumed, result));
  } catch (error) {
    if (isHITLError(error, "UNKNOWN_THREAD")) return noSuchThread(threadId);
    if (!isHITLError(error, "RUN_CANCELLED")) throw error;
    return json(await cancelledAnswer(resumed, error, options));
  }
}
