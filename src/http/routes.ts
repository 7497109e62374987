import type { BaseMessage } from "@langchain/core/messages";
import { z } from "zod";
import type { Reviewer } from "../protocol/resume-envelope.js";
import { isHITLError } from "../errors/hitl-error.js";
import { readPendingInterrupts } from "../host/get-interrupt.js";
import type { PendingInterrupt } from "../host/pending-interrupt.js";
import { isRemoteGraph, isUnknownRemoteThread as isUnknownThread } from "../host/remote-graph.js";
import { resumeLocal, type ResumeValue } from "../host/resume.js";
import { resumeRemote } from "../host/resume-remote.js";
import { isAskUserQuestionInterrupt, isToolApprovalInterrupt } from "../payload/guards.js";
import type { HumanInterruptPayload } from "../payload/types.js";
import type { ResolvedHandlerOptions } from "./options.js";
import { JSON_SAFETY_HEADERS, problem, problemResponse } from "./problem.js";
import { readJsonBody } from "./read-json-body.js";
import { issueDetails } from "../errors/issue-details.js";

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json; charset=utf-8", ...JSON_SAFETY_HEADERS } });
}

function threadConfig(threadId: string) {
  return { configurable: { thread_id: threadId } };
}

/** `GET /interrupts`: the inbox, oldest first, paginated with `cursor`. */
export async function listInterrupts(url: URL, options: ResolvedHandlerOptions): Promise<Response> {
  const query = url.searchParams;
  const limit = query.has("limit") ? Number(query.get("limit")) : 50;
  const filters = Object.fromEntries(["cursor", "toolName", "olderThan", "threadId"].flatMap((key) => (query.has(key) ? [[key, query.get(key) ?? ""]] : [])));
  return json(await options.inbox.listPendingInterrupts({ limit, ...filters }));
}

/** Whether `error` is the Agent Server saying a thread does not exist (404, or 400/422 for an id that is not a UUID). */
function isUnknownRemoteThread(options: ResolvedHandlerOptions, error: unknown): boolean {
  return isRemoteGraph(options.graph) && isUnknownThread(error);
}

async function threadExists(threadId: string, options: ResolvedHandlerOptions): Promise<boolean> {
  try {
    const state = await options.graph.getState(threadConfig(threadId));
    return state.createdAt !== undefined;
  } catch (error) {
    if (isUnknownRemoteThread(options, error)) return false;
    throw error;
  }
}

/** A thread's pending interrupts; `undefined` when a deployed graph has no such thread. */
async function pendingOf(threadId: string, options: ResolvedHandlerOptions): Promise<Array<PendingInterrupt<HumanInterruptPayload>> | undefined> {
  try {
    return await readPendingInterrupts<HumanInterruptPayload>(options.graph, threadConfig(threadId));
  } catch (error) {
    if (isUnknownRemoteThread(options, error)) return undefined;
    throw error;
  }
}

/** `GET /threads/:threadId/interrupt`: the thread's pending interrupt, or 404. */
export async function getThreadInterrupt(threadId: string, options: ResolvedHandlerOptions): Promise<Response> {
  const all = await pendingOf(threadId, options);
  if (all === undefined) return problemResponse(problem("NOT_FOUND", `No thread "${threadId}".`));
  const [pending] = all;
  if (pending !== undefined) return json({ interruptId: pending.interruptId, threadId, payload: pending.payload });
  if (!(await threadExists(threadId, options))) return problemResponse(problem("NOT_FOUND", `No thread "${threadId}".`));
  return problemResponse(problem("NO_PENDING_INTERRUPT", `Thread "${threadId}" has no pending interrupt.`));
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

/** A message's type: a compiled graph returns message objects, a RemoteGraph their JSON (`type`). */
function messageType(message: BaseMessage): string | undefined {
  return typeof message.getType === "function" ? message.getType() : (message as { type?: string }).type;
}

/** The ToolMessages that answered the reviewed calls: what ran, what did not, who decided. */
function outcomesOf(values: unknown, callIds: readonly string[]) {
  const messages = ((values as { messages?: BaseMessage[] } | undefined)?.messages ?? []) as BaseMessage[];
  return messages
    .filter((message) => messageType(message) === "tool" && callIds.includes((message as { tool_call_id?: string }).tool_call_id ?? ""))
    .map((message) => ({
      tool_call_id: (message as { tool_call_id?: string }).tool_call_id,
      name: message.name,
      status: (message as { status?: string }).status ?? "success",
      content: message.content,
      hitl: message.additional_kwargs?.["hitl"],
    }));
}

/** The refusals of a submission to a thread that may not exist at all (then the answer is 404). */
function isNotPending(error: unknown): boolean {
  return isHITLError(error, "NO_PENDING_INTERRUPT") || isHITLError(error, "UNKNOWN_INTERRUPT") || isHITLError(error, "INTERRUPT_ALREADY_RESOLVED");
}

/** `POST /threads/:threadId/resume`: applies a reviewer's decisions or answer. */
export async function resumeThread(request: Request, threadId: string, reviewer: Reviewer, options: ResolvedHandlerOptions): Promise<Response> {
  const body = await readJsonBody(request, options.maxBodyBytes);
  if (!body.ok) return problemResponse(body.problem);
  const parsed = resumeBody.safeParse(body.value);
  if (!parsed.success) {
    const details = issueDetails(parsed.error.issues, { message: "plain" }).map((detail) => ({ ...detail, path: (detail.path ?? []).map(String) }));
    return problemResponse(problem("INVALID_REQUEST", `Invalid resume request: ${details[0]?.message ?? ""}`, details));
  }
  const config = threadConfig(threadId);
  const { interruptId, comment } = parsed.data;
  const resumeOptions = { interruptId, reviewer, ...(comment === undefined ? {} : { comment }), ...(options.signingKey === undefined ? {} : { signingKey: options.signingKey }) };
  let callIds: string[] = [];
  try {
    let result;
    if (isRemoteGraph(options.graph)) {
      const pending = await pendingOf(threadId, options);
      if (pending === undefined || (pending.length === 0 && !(await threadExists(threadId, options)))) return problemResponse(problem("NOT_FOUND", `No thread "${threadId}".`));
      callIds = callIdsOf(pending.find((candidate) => candidate.interruptId === interruptId)?.payload);
      result = await resumeRemote(options.graph, config, resumeValueOf(parsed.data), resumeOptions);
    } else {
      // resume() reads the thread once, under its lease: the reviewed calls come from that read.
      result = await resumeLocal(options.graph, config, resumeValueOf(parsed.data), resumeOptions, (target) => (callIds = callIdsOf(target.payload)));
    }
    const status = result.halted !== undefined ? "halted" : result.interrupt !== undefined ? "paused" : "completed";
    return json({
      threadId,
      interruptId,
      status,
      // What became of these decisions, as the node recorded it: applied, expired, superseded, answered.
      submission: result.status,
      ...(result.judgment === undefined ? {} : { judgment: result.judgment }),
      reviewer,
      outcomes: outcomesOf(result.values, callIds),
      ...(result.interrupt === undefined ? {} : { interrupt: result.interrupt }),
      ...(result.halted === undefined ? {} : { halted: result.halted }),
    });
  } catch (error) {
    if (isNotPending(error) && !isRemoteGraph(options.graph) && !(await threadExists(threadId, options))) return problemResponse(problem("NOT_FOUND", `No thread "${threadId}".`));
    if (!isHITLError(error, "RUN_CANCELLED")) throw error;
    const state = await options.graph.getState(config);
    return json({ threadId, interruptId, status: "cancelled", reviewer, reason: error.message, outcomes: outcomesOf(state.values, callIds) });
  }
}
