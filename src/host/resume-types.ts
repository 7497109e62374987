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
}

/** The values type of a compiled graph (what its `invoke` resolves to). */
export type GraphValues<G extends HITLGraph> = Awaited<ReturnType<G["invoke"]>> extends infer V
  ? unknown extends V
    ? Record<string, unknown>
    : V
  : never;

/** What a resume returns: the run's values, the next pending interrupt, or why a hook halted it. */
export type ResumeResult<TValues = Record<string, unknown>> = RunOutcome<TValues>;
