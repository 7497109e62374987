/**
 * The approval core's shared types, in one leaf module (it imports no other core module), so
 * the core's modules depend on it and never on each other in a circle.
 */
import type { ToolCall } from "@langchain/core/messages/tool";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GrantPredicate, GrantScope } from "../grants/index.js";
import type { HookRegistry } from "../hooks/hook-registry.js";
import type { DenialSource, HookErrorHandler } from "../hooks/types.js";
import type { AskUserQuestionRequest, GrantMatchKind, HumanInTheLoopConfig, ToolApprovalDecisionType, ToolInput } from "../payload/types.js";
import type { Reviewer } from "../protocol/resume-envelope.js";
import type { SigningKey } from "../protocol/signing.js";

/** What PreToolUse said besides the decision: context for the model and requests to stop. */
export interface ScreeningNotes {
  additionalContext: string[];
  halt?: { reason: string };
  cancel?: { reason: string };
}

/** Why a call cannot be screened at all: it is answered with an error, never reviewed, never run. */
type MalformedSource = "duplicate_tool_call_id" | "invalid_arguments";

/** What screening decided about one call before any person was asked. */
export type Screening =
  | { kind: "unknown_tool"; call: ToolCall; notes: ScreeningNotes }
  | { kind: "malformed"; call: ToolCall; source: MalformedSource; reason: string; notes: ScreeningNotes }
  | { kind: "allow"; call: ToolCall; args: ToolInput; notes: ScreeningNotes }
  | { kind: "deny"; call: ToolCall; args: ToolInput; reason: string; failed: boolean; notes: ScreeningNotes }
  | { kind: "skip"; call: ToolCall; args: ToolInput; reason: string; notes: ScreeningNotes }
  | { kind: "question"; call: ToolCall; args: ToolInput; question: AskUserQuestionRequest; notes: ScreeningNotes }
  | {
      kind: "ask";
      call: ToolCall;
      args: ToolInput;
      description?: string;
      allowedDecisions: ToolApprovalDecisionType[];
      expiresInMs?: number;
      notes: ScreeningNotes;
    }
  /** An `ask` a live standing grant covers: it runs without a pause, and its record names the grant. */
  | { kind: "granted"; call: ToolCall; args: ToolInput; grant: { id: string; scope: GrantScope }; notes: ScreeningNotes };

/** Why a call ended the way it did, from the approval layer's point of view (the same sources `PermissionDenied` reports). */
export type OutcomeSource = DenialSource;

/**
 * The record the approval layer puts on a `ToolMessage` as `additional_kwargs.hitl`, so
 * who decided what is persisted with the conversation. Calls that were simply allowed
 * carry none.
 */
export interface HITLRecord {
  decision: ToolApprovalDecisionType | "deny" | "skip" | "answer";
  /** Who decided; `"grant"`: a standing grant a reviewer made earlier (named by `grantId`) approved the call. */
  source: OutcomeSource | "grant";
  /** The standing grant that approved the call (`source: "grant"`). */
  grantId?: string;
  /** The standing grant the reviewer made with this approval. */
  createdGrantId?: string;
  reason?: string;
  reviewer?: Reviewer;
  /** Whether the reviewer came with a valid signature; `false` means it is only what the sender said. */
  reviewerVerified?: boolean;
  decidedAt?: string;
  comment?: string;
  /** The interrupt whose answer was applied (reviewed calls only). */
  interruptId?: string;
  /** Digest of the submission whose judgment was applied (see `submissionDigest`): a host compares it with its own. */
  submission?: string;
}

interface OutcomeBase {
  /** The call, with the arguments it runs (or would have run) with. */
  call: ToolCall;
  notes: ScreeningNotes;
}

/** What happens to one call, decided before any tool runs. */
export type Outcome =
  | (OutcomeBase & { kind: "run"; record?: HITLRecord })
  | (OutcomeBase & { kind: "blocked"; source: OutcomeSource; record: HITLRecord })
  | (OutcomeBase & { kind: "answer"; text: string; record: HITLRecord });

/** One decision a person made (or that expired), as handed to `onDecision`. */
export interface DecisionEvent extends HITLRecord {
  threadId: string | undefined;
  toolCallId: string;
  toolName: string;
  /** The arguments the call ran with (or would have run with), exactly as reviewed (a string stays a string). */
  arguments: ToolInput;
}

/** Receives every applied decision, once, when its batch is answered — for the host's own audit log. */
export type DecisionHandler = (event: DecisionEvent) => void | Promise<void>;

/** Per-tool approval settings of `interruptOn`. */
export interface InterruptOnConfig {
  /** The decisions the reviewer may make. Default: all four. */
  allowedDecisions?: ToolApprovalDecisionType[];
  /** Text shown to the reviewer. */
  description?: string;
  /** The approval expires this many ms after the batch was proposed; late decisions are then not applied. */
  expiresInMs?: number;
}

/** Reads a host scope's key (a user id, a workspace id) from the config of the run a batch belongs to; `undefined` when the run has none. */
export type GrantScopeReader = (config: RunnableConfig) => string | undefined;

/**
 * Standing grants ("always allow"): what a reviewer may grant with an approval, and which grants
 * the node applies before it asks. A node without this option never reads grants.
 */
export interface GrantOptions {
  /**
   * The scopes a reviewer may grant in, and whose grants apply: `"thread"` (the batch's thread)
   * and host scopes, each read from the run's config by `scopeKeys[name]`. Default: `["thread"]`.
   */
  scopes?: readonly string[];
  /** For each host scope in `scopes`, how to read this run's key from its config (use what your auth layer put there, not what a client may send). */
  scopeKeys?: Readonly<Record<string, GrantScopeReader>>;
  /** The narrowings a reviewer may choose. Default: `arguments`, `tool`, `schema`, and `predicate` when `predicates` are given. */
  matches?: readonly GrantMatchKind[];
  /** Host predicates a `predicate` grant may name (a grant stores the name: a function cannot be stored or signed). */
  predicates?: Readonly<Record<string, GrantPredicate>>;
  /** The tools whose calls may be granted, and whose grants apply. Default: every tool of the node. */
  tools?: readonly string[];
  /** The longest a grant may last, in ms; a grant must then expire. Default: none (a grant may last until revoked). */
  maxDurationMs?: number;
}

/** {@link GrantOptions} after validation. */
export interface ResolvedGrantOptions {
  scopes: readonly string[];
  scopeKeys: Readonly<Record<string, GrantScopeReader>>;
  matches: readonly GrantMatchKind[];
  predicates: Readonly<Record<string, GrantPredicate>>;
  tools: ReadonlySet<string> | undefined;
  maxDurationMs: number | undefined;
}

/** The approval layer's own options, the same for `ApprovalToolNode` and `approvalMiddleware`. */
export interface ApprovalOptions {
  /** Policy hooks run for every tool call. */
  hooks?: HookRegistry;
  /** Whether an `ask` pauses for a person. Default: `{ enabled: true }`. */
  humanInTheLoop?: HumanInTheLoopConfig;
  /**
   * Declarative approvals: `true` asks with all four decisions allowed; an object asks with
   * its settings; `false` or absent has no opinion. Keys must be names of the node's tools.
   */
  interruptOn?: Record<string, boolean | InterruptOnConfig>;
  /** Receives every hook failure (observers abandoned, PreToolUse refusals). Default: `console.warn`. */
  onHookError?: HookErrorHandler;
  /** Receives every human decision (and expiry) once, when its batch is answered: for an audit log. */
  onDecision?: DecisionHandler;
  /**
   * A secret shared with the hosts that resume (`resume()`, `createApprovalHandler`): resume
   * values must then carry its HMAC signature, and anything else is refused. Default: none —
   * values are accepted, and a reviewer counts as verified only when signed in this process.
   */
  signingKey?: SigningKey;
  /**
   * Lets a reviewer answer an approval with a standing grant (`{ type: "approve", grant }`), and
   * applies live grants before asking. Grants need a verified reviewer (a signed `resume()` with
   * a `reviewer`, or the HTTP handler). Default: none — grants are refused and never read.
   */
  grants?: GrantOptions;
}

/** Options after validation, in the form the node reads. */
export interface ResolvedNodeOptions {
  hooks: HookRegistry | undefined;
  onHookError: HookErrorHandler;
  onDecision: DecisionHandler | undefined;
  signingKey: SigningKey | undefined;
  hitlEnabled: boolean;
  interruptOn: Map<string, Required<Pick<InterruptOnConfig, "allowedDecisions">> & InterruptOnConfig>;
  grants: ResolvedGrantOptions | undefined;
}
