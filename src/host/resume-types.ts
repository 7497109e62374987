import type { ToolLookup } from "../decisions/validate-decisions.js";
import type {
  AgentInboxResponse,
  AskUserQuestionMultiSelectResolution,
  AskUserQuestionResolution,
  AskUserQuestionsResolution,
  LangChainDecisionsValue,
  ToolApprovalDecision,
  ToolApprovalDecisionMap,
} from "../payload/types.js";
import type { Reviewer } from "../protocol/resume-envelope.js";
import type { SigningKey } from "../protocol/signing.js";
import type { HITLGraph } from "./graph-types.js";
import type { RunOutcome } from "./run-outcome.js";

/** What `resume()` accepts: decisions for a `tool_approval`, a resolution for a question. */
export type ResumeValue =
  | ToolApprovalDecision[]
  | ToolApprovalDecisionMap
  | AskUserQuestionResolution
  | AskUserQuestionMultiSelectResolution
  | AskUserQuestionsResolution
  | LangChainDecisionsValue
  | AgentInboxResponse[];

/** Options of {@link resume}. */
export interface ResumeOptions {
  /** The interrupt the person reviewed. Strongly recommended: a stale or repeated submission then fails instead of answering a newer interrupt. */
  interruptId?: string;
  /** Who decided; recorded on every resulting `ToolMessage` (`additional_kwargs.hitl.reviewer`). */
  reviewer?: Reviewer;
  /** A note from the reviewer, recorded with the decisions. */
  comment?: string;
  /** Where to find tool schemas for checking edits, when the graph's node cannot be found (e.g. in a subgraph). */
  findTool?: ToolLookup;
  /** The secret the node was configured with (`signingKey`); the decisions are signed with it. Default: a key of this process. */
  signingKey?: SigningKey;
  /**
   * How long to wait (whole ms, 0–600 000; 0: one try) for a thread another run is continuing,
   * and then (at a graph's root) for a batch another execution is applying under its claim, before
   * `THREAD_BUSY`: nothing of this submission ran. Default: the checkpointer's `busyWaitMs` (5 000);
   * for the thread in memory, until that run ends. Not used by a `RemoteGraph` (its server refuses
   * a busy thread at once). The expiry passes and the sweeper resume with 0.
   */
  busyWaitMs?: number;
}

/** The values type of a compiled graph (what its `invoke` resolves to). */
export type GraphValues<G extends HITLGraph> = Awaited<ReturnType<G["invoke"]>> extends infer V
  ? unknown extends V
    ? Record<string, unknown>
    : V
  : never;

/**
 * What became of this submission's value, as the node recorded it:
 * - `applied`: its decisions were judged and are the ones that ran (or run);
 * - `expired`: it won, but the deadline had passed when the node judged it: every call was rejected as expired;
 * - `superseded`: another submission's decisions had already been committed and were applied instead
 *   (through `resumeRemote`, also a question's answer sent after another answer's run ended);
 * - `answered`: it answered a question;
 * - `unknown`: the node left no record this host can read (e.g. behind a `RemoteGraph`, an agent
 *   that runs inside a node of a graph whose state keeps no messages).
 */
export type SubmissionStatus = "applied" | "expired" | "superseded" | "answered" | "unknown";

/** The judgment the node committed for the interrupt this submission answered. */
export interface AppliedJudgment {
  /** The interrupt whose answer was applied. */
  interruptId: string;
  /** Whether that judgment is this submission's own. */
  own: boolean;
  decidedAt: string;
  reviewer?: Reviewer;
  reviewerVerified: boolean;
  /** Whether the deadline had passed when the node judged it. */
  expired: boolean;
  expiresAt?: string;
  /** When the deadline was judged, and by which clock (the database's for Postgres, the process's in memory). */
  judgedAt?: string;
  clock?: "database" | "process";
}

/** What a resume returns: the run's values, the next pending interrupt, or why a hook halted it, and what became of the submission. */
export type ResumeResult<TValues = Record<string, unknown>> = RunOutcome<TValues> & {
  status: SubmissionStatus;
  /** The judgment that applies, when the node recorded one this host can read. */
  judgment?: AppliedJudgment;
};
