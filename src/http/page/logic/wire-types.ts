/**
 * What the reviewer page exchanges with the handler's JSON routes. Type-only imports: the
 * page bundle shares the server's shapes without pulling server code into the browser.
 */
import type { HITLErrorDetail } from "../../../errors/hitl-error.js";
import type { PendingInterruptPage, PendingInterruptRecord } from "../../../inbox/types.js";
import type { HITLRecord } from "../../../core/types.js";
import type { HumanInterruptPayload, ToolApprovalDecision } from "../../../payload/types.js";
import type { Problem } from "../../problem.js";

export type { HITLErrorDetail, HumanInterruptPayload, PendingInterruptPage, PendingInterruptRecord };

/** The body of `POST {base}/threads/:threadId/resume`. */
export type ResumeRequestBody =
  | { interruptId: string; decisions: Record<string, ToolApprovalDecision>; comment?: string }
  | { interruptId: string; answer: string | string[] }
  | { interruptId: string; answers: Record<string, string | string[]> };

/** One reviewed call's `ToolMessage`, as the resume route reports it. */
export interface ResumeOutcome {
  tool_call_id?: string;
  name?: string;
  status: string;
  content: unknown;
  hitl?: HITLRecord;
}

/** A successful resume: who decided, how the run went on, what each reviewed call became. */
export interface ResumeResponse {
  threadId: string;
  interruptId: string;
  status: "completed" | "paused" | "halted" | "cancelled";
  /** What became of these decisions, as the node recorded it. */
  submission?: "applied" | "expired" | "superseded" | "answered" | "unknown";
  reviewer: { id: string; name?: string };
  outcomes: ResumeOutcome[];
  reason?: string;
  halted?: { reason?: string };
}

/** A problem as the page handles it: the server's document, or one made up for a network failure. */
export type PageProblem = Pick<Problem, "status" | "detail"> & { code: string; details?: HITLErrorDetail[] };
