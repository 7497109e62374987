import { interrupt } from "@langchain/langgraph";
import { HITLError, isHITLError } from "../errors/hitl-error.js";
import { unwrapResumeValue, type ResumeMeta } from "../decisions/resume-envelope.js";
import { validateDecisions, type ToolLookup, type ValidatedDecisions } from "../decisions/validate-decisions.js";
import { toolArgsSchema } from "../payload/args-schema.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { ToolApprovalInterruptPayload } from "../payload/types.js";
import type { Screening } from "./screen-call.js";
import { readStoredInterruptValues, type TaskContext } from "./task-context.js";

type AskScreening = Extract<Screening, { kind: "ask" }>;

/** The approval a person answered: what they were shown, what they decided, and who they are. */
export interface ApprovalReview {
  reviewed: ToolApprovalInterruptPayload;
  decisions: ValidatedDecisions;
  meta: ResumeMeta | undefined;
  /** The approval's deadline passed before it was answered: no decision applies. */
  expired: boolean;
}

/** Whether a reviewed payload's deadline has passed. */
export function isExpired(payload: ToolApprovalInterruptPayload, now: number): boolean {
  return payload.expires_at !== undefined && now > Date.parse(payload.expires_at);
}

/**
 * One `tool_approval` payload for every `ask` of the batch, in the model's order. When any
 * ask is bounded, the payload carries the earliest deadline, counted from `proposedAt`. Each
 * request carries its arguments twice, as `arguments` (LibreChat's name) and `args` (LangChain's
 * clients'); each review config carries the tool's `args_schema` when `findTool` knows a schema.
 */
export function buildApprovalPayload(asks: readonly AskScreening[], proposedAt: number, findTool?: ToolLookup): ToolApprovalInterruptPayload {
  const bounds = asks.flatMap((ask) => (ask.expiresInMs === undefined ? [] : [ask.expiresInMs]));
  return {
    type: "tool_approval",
    action_requests: asks.map((ask) => ({
      tool_call_id: ask.call.id ?? "",
      name: ask.call.name,
      arguments: ask.args,
      args: ask.args,
      ...(ask.description === undefined ? {} : { description: ask.description }),
    })),
    review_configs: asks.map((ask) => {
      const argsSchema = toolArgsSchema(findTool?.(ask.call.name)?.schema);
      return {
        action_name: ask.call.name,
        tool_call_id: ask.call.id ?? "",
        allowed_decisions: [...ask.allowedDecisions],
        ...(argsSchema === undefined ? {} : { args_schema: argsSchema }),
      };
    }),
    ...(bounds.length === 0 ? {} : { expires_at: new Date(proposedAt + Math.min(...bounds)).toISOString() }),
  };
}

function sameCalls(a: ToolApprovalInterruptPayload, b: ToolApprovalInterruptPayload): boolean {
  const ids = (payload: ToolApprovalInterruptPayload): string =>
    payload.action_requests.map((request) => request.tool_call_id).join("\u0000");
  return ids(a) === ids(b);
}

function withoutError(payload: ToolApprovalInterruptPayload): ToolApprovalInterruptPayload {
  const { error: _error, ...rest } = payload;
  return rest;
}

/**
 * The payload the person was actually shown, as the checkpointer stored it. Decisions are
 * checked against it (not against this pass's recomputation), so a hook that answers
 * differently on resume cannot change what the decisions mean.
 */
async function reviewedPayload(fresh: ToolApprovalInterruptPayload, task: TaskContext, firstAnswer: unknown): Promise<ToolApprovalInterruptPayload> {
  // resume() read the stored payload under its lock and sends what binds the decisions (the
  // digests it validated against, and the deadline): no need to read it again. Each call's
  // digest is still compared with this pass's recomputed request before anything runs.
  const unwrapped = unwrapResumeValue(firstAnswer);
  const meta = unwrapped.ok ? unwrapped.meta : undefined;
  if (meta?.digests !== undefined) {
    const { expires_at: _ignored, ...rest } = withoutError(fresh);
    return meta.expiresAt === undefined ? rest : { ...rest, expires_at: meta.expiresAt };
  }
  const stored = (await readStoredInterruptValues(task)).filter(isToolApprovalInterrupt).find((value) => sameCalls(value, fresh));
  return withoutError(stored ?? fresh);
}

function refusal(error: unknown): HITLError {
  if (isHITLError(error)) return error;
  throw error;
}

/**
 * Pauses the run with `payload` and returns the person's valid decisions. A value that does
 * not fit is never applied: the same approval is raised again with an `error` describing
 * every problem, so the run stays paused and resumable. On the first pass this throws
 * LangGraph's `GraphInterrupt`, which must propagate untouched.
 */
export async function reviewApprovals(
  payload: ToolApprovalInterruptPayload,
  findTool: ToolLookup,
  task: TaskContext,
): Promise<ApprovalReview> {
  let raw: unknown = interrupt(payload);
  const reviewed = await reviewedPayload(payload, task, raw);
  for (;;) {
    const unwrapped = unwrapResumeValue(raw);
    // Late decisions are never applied, whatever they are: checked before validation so an
    // expired approval resolves even when the value would not fit.
    if (isExpired(reviewed, Date.now())) {
      return { reviewed, decisions: new Map(), meta: unwrapped.ok ? unwrapped.meta : undefined, expired: true };
    }
    let problem: HITLError;
    if (unwrapped.ok) {
      try {
        const decisions = await validateDecisions(reviewed, unwrapped.value, findTool);
        return { reviewed, decisions, meta: unwrapped.meta, expired: false };
      } catch (error) {
        problem = refusal(error);
      }
    } else {
      problem = new HITLError("INVALID_DECISION", `The resume value was refused: ${unwrapped.message}`, {
        details: [{ message: unwrapped.message }],
      });
    }
    raw = interrupt({ ...reviewed, error: { code: problem.code, message: problem.message, details: [...problem.details] } });
  }
}
