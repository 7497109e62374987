/**
 * The approval core's shared types, in one leaf module (it imports no other core module), so
 * the core's modules depend on it and never on each other in a circle.
 */
import type { BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Runtime } from "@langchain/langgraph";
import type { GrantPredicate, GrantScope } from "../grants/index.js";
import type { HookRegistry } from "../hooks/hook-registry.js";
import type { ShadowReport, ShadowVerdictHandler } from "../hooks/shadow.js";
import type { DenialSource, HookErrorHandler } from "../hooks/types.js";
import type { AskUserQuestionRequest, GrantMatchKind, HumanInTheLoopConfig, ToolApprovalDecisionType, ToolInput } from "../payload/types.js";
import type { Reviewer } from "../protocol/resume-envelope.js";
import type { SigningKey } from "../protocol/signing.js";

/** What PreToolUse said besides the decision: context for the model and requests to stop. */
export interface ScreeningNotes {
  additionalContext: string[];
  halt?: { reason: string };
  cancel?: { reason: string };
  /** What each shadow hook said about the call; it changes nothing, it is only recorded and reported. */
  shadow?: ShadowReport[];
}

/**
 * Why a call is answered with an error before any person sees it (`unreviewable`: after its
 * screening asked for one): never reviewed, never run.
 */
type MalformedSource = "invalid_tool_call_id" | "duplicate_tool_call_id" | "invalid_arguments" | "unreviewable";

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
      /** The JSON Schema `interruptOn` gives for the reviewer's UI (LangChain's `argsSchema`). */
      argsSchema?: Record<string, unknown>;
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
  /** The interrupt whose answer was applied (reviewed calls and answered questions). */
  interruptId?: string;
  /** Digest of the submission whose judgment was applied (see `submissionDigest`): a host compares it with its own. */
  submission?: string;
  /** The notice the model was given besides the tool's output: for an edit, what ran instead (`reviewMessages.edit`). */
  notice?: string;
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

/**
 * The agent state an `interruptOn` callback sees: the state the tools run in (`createAgent`'s,
 * or the node's input), with its messages — LangChain's `AgentBuiltInState` shape.
 */
export type ApprovalCallState = { messages: BaseMessage[] } & Record<string, unknown>;

/** The runtime an `interruptOn` callback sees: LangChain's agent `Runtime` (context, store, configurable, writer, signal). */
export type ApprovalCallRuntime = Partial<Omit<Runtime<unknown>, "context" | "configurable">> & {
  readonly context?: unknown;
  configurable?: { thread_id?: string; [key: string]: unknown };
};

/**
 * What `interruptOn.when` is asked about: LangChain's `ToolCallRequest` as its
 * `humanInTheLoopMiddleware` builds it (the tool call, no tool instance, the state and runtime).
 */
export interface ApprovalCallRequest {
  toolCall: ToolCall;
  /** Always `undefined`, as in LangChain's batched mode: the predicate decides on the call. */
  tool: undefined;
  state: ApprovalCallState;
  runtime: ApprovalCallRuntime;
}

/** LangChain's `WhenPredicate`: `true` asks a person about the call, `false` leaves it to the hooks. */
export type WhenPredicate = (request: ApprovalCallRequest) => boolean | Promise<boolean>;

/** LangChain's `DescriptionFactory`: the text shown to the reviewer, computed from the call. */
export type DescriptionFactory = (toolCall: ToolCall, state: ApprovalCallState, runtime: ApprovalCallRuntime) => string | Promise<string>;

/** Per-tool approval settings of `interruptOn` (LangChain's `InterruptOnConfig`, plus `expiresInMs`). */
export interface InterruptOnConfig {
  /** The decisions the reviewer may make. Default: all four. */
  allowedDecisions?: ToolApprovalDecisionType[] | undefined;
  /** Text shown to the reviewer, or a function of the call, the state and the runtime that returns it. */
  description?: string | DescriptionFactory | undefined;
  /**
   * A JSON Schema shown to LangChain clients as `reviewConfigs[i].argsSchema` (a UI hint, as in
   * LangChain). Edits are always checked against the tool's own schema.
   */
  argsSchema?: Record<string, unknown> | undefined;
  /** Whether to ask about this call at all; `false` leaves it to the policy hooks (LangChain's `when`). Default: always ask. */
  when?: WhenPredicate | undefined;
  /** The approval expires this many ms after the batch was proposed; late decisions are then not applied. */
  expiresInMs?: number | undefined;
}

/** What a {@link ReviewMessageTemplate} can name, each as `{name}` in a string template. */
export interface ReviewMessageContext {
  toolName: string;
  toolCallId: string;
  /** The reviewer's text: a reject's message or a respond's result (empty when none). */
  message: string;
  /** The call's arguments as JSON: what ran, for an edit; what was reviewed, otherwise. */
  arguments: string;
}

/** A message the model reads: a template with `{toolName}`, `{toolCallId}`, `{message}`, `{arguments}`, or a function of the context. */
export type ReviewMessageTemplate = string | ((context: ReviewMessageContext) => string);

/** The texts the model reads when a person rejected, answered or edited one of its calls. */
export interface ReviewMessages {
  /** The content of a reject without a message. */
  reject?: ReviewMessageTemplate;
  /** The content of a reject that carries the reviewer's message. */
  rejectWithMessage?: ReviewMessageTemplate;
  /** The content of a respond (the result the model sees instead of the tool's). */
  respond?: ReviewMessageTemplate;
  /** A notice appended to the output of a call that ran with the reviewer's edited arguments; `false`: none. */
  edit?: ReviewMessageTemplate | false;
}

/** The built-in wordings: LangChain's `humanInTheLoopMiddleware`'s, or this library's own. */
export type ReviewMessagesPreset = "langchain" | "langgraph-hitl";

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
  interruptOn?: Record<string, boolean | InterruptOnConfig> | undefined;
  /**
   * The first line of the default description of a call asked about without one (LangChain's
   * `descriptionPrefix`); the description then also names the tool and its arguments.
   * Default: `"Tool execution requires approval"`, used for LangChain's `actionRequests` only.
   */
  descriptionPrefix?: string | undefined;
  /**
   * What the model reads in the `ToolMessage` of a call a person rejected, answered or edited: a
   * preset, or templates (each replaces that one text of the adapter's default preset).
   * Default: `"langchain"` for `approvalMiddleware`, `"langgraph-hitl"` for `ApprovalToolNode`.
   */
  reviewMessages?: ReviewMessagesPreset | ReviewMessages;
  /** Receives every hook failure (observers abandoned, PreToolUse refusals). Default: `console.warn`. */
  onHookError?: HookErrorHandler;
  /** Receives every human decision (and expiry) once, when its batch is answered: for an audit log. */
  onDecision?: DecisionHandler;
  /**
   * Receives every verdict of a shadow hook (`register("PreToolUse", { shadow: true, … })`) once,
   * when its batch is answered, with what the hooks in charge decided: to compare a policy before
   * switching it on. Bounded and reported like `onDecision`; it can never change an outcome.
   */
  onShadowVerdict?: ShadowVerdictHandler;
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

/** The resolved texts of {@link ReviewMessages}: each a function of its context. */
export interface ResolvedReviewMessages {
  reject: (context: ReviewMessageContext) => string;
  rejectWithMessage: (context: ReviewMessageContext) => string;
  respond: (context: ReviewMessageContext) => string;
  edit: ((context: ReviewMessageContext) => string) | undefined;
}

/** How the payload of an approval is spelt for the adapter's clients. */
export interface RequestShape {
  /** Whether the payload also carries LangChain JS's `actionRequests` / `reviewConfigs` (`approvalMiddleware`). */
  langChain: boolean;
  /** `descriptionPrefix`, when it was given (it then also describes our own `action_requests`). */
  descriptionPrefix: string | undefined;
}

/** Options after validation, in the form the node reads. */
export interface ResolvedNodeOptions {
  /** The adapter the options were given to: messages name it, and give a fix in its terms. */
  adapter: "ApprovalToolNode" | "approvalMiddleware";
  hooks: HookRegistry | undefined;
  onHookError: HookErrorHandler;
  onDecision: DecisionHandler | undefined;
  onShadowVerdict: ShadowVerdictHandler | undefined;
  signingKey: SigningKey | undefined;
  hitlEnabled: boolean;
  interruptOn: Map<string, InterruptOnConfig & { allowedDecisions: ToolApprovalDecisionType[] }>;
  reviewMessages: ResolvedReviewMessages;
  requestShape: RequestShape;
  grants: ResolvedGrantOptions | undefined;
}
