/**
 * The interrupt payloads this library raises and the resume values it accepts.
 * Field names follow `@librechat/agents` (`hitl.d.ts`) field for field, so hosts and
 * UIs built for that shape work unchanged; fields marked "added" are optional extras.
 */
import type { HITLErrorCode, HITLErrorDetail } from "../errors/hitl-error.js";

/**
 * A tool's input exactly as the model sent it: an object of named arguments, or a string (what
 * LangChain's parsers produce when the model writes its arguments as a JSON string, and what a
 * `DynamicTool` or a `z.string()` tool takes). A call whose arguments are neither, or that the
 * tool's schema refuses, is answered with an error before any hook or person sees it.
 */
export type ToolInput = string | Record<string, unknown>;

/** Per-tool approval request emitted inside a `tool_approval` interrupt. */
export interface ToolApprovalRequest {
  /** Id of the tool call (matches LangGraph `ToolCall.id`). */
  tool_call_id: string;
  /** Name of the tool the model wants to call. */
  name: string;
  /**
   * The arguments the tool would run with, exactly as the model sent them (a string stays a
   * string), after any hook `updatedInput`. Approving runs exactly this value.
   */
  arguments: ToolInput;
  /**
   * Added: the same arguments under the name LangChain's HITL clients read (agent-chat-ui,
   * `useStream`'s HITL helper). Payloads stored by versions before 0.2 lack it; the read APIs
   * (`getInterrupt`, the inbox, `resume()` results) fill it in. Those clients render only an
   * object; a string input is carried as is (never turned into an object it is not).
   */
  args: ToolInput;
  /** Why a person is asked (from the hook's `reason`/`description` or `interruptOn`). */
  description?: string;
  /**
   * Added: SHA-256 of the tool name and canonical JSON arguments; decisions are bound to it.
   * Filled in by this library's read APIs (`start()` and `resume()` results, `getInterrupt(s)`,
   * the inbox, the HTTP handler); it is computed from `name` and `arguments`, so it is not stored
   * and LangGraph's own views (`__interrupt__`, `getState()`, streams) do not have it.
   */
  digest?: string;
}

/** The decisions a reviewer can make about one tool call. */
export type ToolApprovalDecisionType = "approve" | "reject" | "edit" | "respond";

/** Per-call review configuration, paired with each `action_requests` entry. */
export interface ToolApprovalReviewConfig {
  /** Tool name (same as the paired request's `name`). */
  action_name: string;
  /** Id of the tool call this configuration applies to. */
  tool_call_id: string;
  /** The decisions the reviewer may make for this call. */
  allowed_decisions: ToolApprovalDecisionType[];
  /**
   * Added: the JSON Schema of the tool's input, so a UI can render and check an edit form, and
   * so `resumeRemote()` can check edits where the tool is not loaded. Present when the tool
   * has a schema that JSON Schema can express.
   */
  args_schema?: Record<string, unknown>;
  /**
   * Added: present when the node lets a reviewer answer this call with a standing grant
   * (`{ type: "approve", grant }`): the scopes, narrowings and longest duration it allows.
   */
  grants?: ToolApprovalGrantOffer;
}

/**
 * How a standing grant is narrowed:
 * - `arguments`: only calls with exactly the reviewed arguments (bound by their digest);
 * - `tool`: every call of the tool, whatever its arguments;
 * - `schema`: calls whose arguments fit a JSON Schema (the reviewed arguments must fit it);
 * - `predicate`: calls a predicate the host registered under `name` accepts (the reviewed arguments must pass).
 */
export type GrantMatch =
  | { kind: "arguments" }
  | { kind: "tool" }
  | { kind: "schema"; schema: Record<string, unknown> }
  | { kind: "predicate"; name: string };

/** The name of a {@link GrantMatch}. */
export type GrantMatchKind = GrantMatch["kind"];

/**
 * Added: a standing grant a reviewer asks for with an approval ("always allow"). The approved
 * call runs as approved; later batches whose calls the grant covers run without a pause.
 */
export interface ToolApprovalGrantRequest {
  /** Where it applies: `"thread"` (this thread) or one of the host's scopes the approval offers (`review_configs[].grants.scopes`). */
  scope: string;
  /** How it is narrowed. Default: `{ kind: "arguments" }` (exactly the reviewed arguments). */
  match?: GrantMatch;
  /** How long it lasts, counted from when the node commits it (by the store's clock). Default: until revoked (unless the node sets a longest duration). */
  expiresInMs?: number;
}

/** Added: a scope a grant may apply to, as an approval offers it. */
export interface ToolApprovalGrantScope {
  /** `"thread"`, or the name of a scope the host defines (e.g. `"user"`). */
  name: string;
  /** The scope's key for this run (e.g. the user id), as the node read it; absent for `"thread"` (the thread itself). */
  key?: string;
}

/** Added: the standing grants an approval lets the reviewer create for one call. */
export interface ToolApprovalGrantOffer {
  scopes: ToolApprovalGrantScope[];
  /** The narrowings the node accepts. */
  matches: GrantMatchKind[];
  /** The names of the host's predicates a `predicate` grant may use. */
  predicates?: string[];
  /** The longest a grant may last, in ms; absent: it may last until revoked. */
  max_duration_ms?: number;
}

/**
 * A reviewer's decision about one tool call.
 * - `approve`: run the tool with the reviewed arguments; with `grant`, also allow later calls
 *   the grant covers without asking (where the approval offers grants).
 * - `reject`: do not run it; the model sees an error result carrying `reason`.
 * - `edit`: run it with `updatedInput` instead (validated against the tool's schema
 *   and screened by the PreToolUse hooks again).
 * - `respond`: do not run it; the model sees `responseText` as a successful result.
 */
export type ToolApprovalDecision =
  | { type: "approve"; grant?: ToolApprovalGrantRequest }
  | { type: "reject"; reason?: string }
  | { type: "edit"; updatedInput: Record<string, unknown> }
  | { type: "respond"; responseText: string };

/** Decisions keyed by `tool_call_id`. */
export type ToolApprovalDecisionMap = Record<string, ToolApprovalDecision>;

/** An action as LangChain's HITL clients write it in an edit. */
export interface LangChainEditedAction {
  name: string;
  args: Record<string, unknown>;
}

/**
 * LangChain's decision format (agent-chat-ui, `humanInTheLoopMiddleware`), matched by position.
 * Accepted on resume and converted to {@link ToolApprovalDecision}; an edit must keep the tool's name.
 */
export type LangChainDecision =
  | { type: "approve" }
  | { type: "reject"; message?: string }
  | { type: "edit"; edited_action: LangChainEditedAction }
  | { type: "edit"; editedAction: LangChainEditedAction }
  | { type: "respond"; message: string };

/** The resume value LangChain's HITL clients send: `{ decisions }`, one per action request in order. */
export interface LangChainDecisionsValue {
  decisions: LangChainDecision[];
}

/**
 * agent-inbox's response (`HumanResponse` of `@langchain/langgraph/prebuilt`), accepted as a
 * one-element array for an approval of a single call.
 */
export type AgentInboxResponse =
  | { type: "accept"; args?: null | { action: string; args: Record<string, unknown> } }
  | { type: "ignore"; args?: null }
  | { type: "response"; args: string }
  | { type: "edit"; args: { action: string; args: Record<string, unknown> } };

/**
 * LangChain JS's `ActionRequest` (`humanInTheLoopMiddleware`'s `HITLRequest.actionRequests[i]`),
 * as `approvalMiddleware` also writes it. `description` is always present: the configured one, or
 * LangChain's default (`descriptionPrefix`, the tool's name and its arguments).
 */
export interface LangChainActionRequest {
  name: string;
  /** The arguments, as in `action_requests[i].args` (a string input stays a string, as LangChain's own middleware carries it). */
  args: Record<string, unknown>;
  description: string;
}

/** The decisions LangChain JS's `HITLRequest` can name (it has no `respond`). */
export type LangChainDecisionType = "approve" | "edit" | "reject";

/** LangChain JS's `ReviewConfig`, one per action request, in the same order. */
export interface LangChainReviewConfig {
  actionName: string;
  /** `allowed_decisions` without `respond`, which LangChain JS cannot send. */
  allowedDecisions: LangChainDecisionType[];
  /** The `argsSchema` configured in `interruptOn` (LangChain's UI hint); the tool's own schema is `review_configs[i].args_schema`. */
  argsSchema?: Record<string, unknown>;
}

/** The kinds of human interrupt this library raises. */
export type HumanInterruptType = "tool_approval" | "ask_user_question";

/** Added: why a re-raised interrupt was raised again (the previous resume value was refused). */
export interface InterruptValidationError {
  code: HITLErrorCode;
  message: string;
  details: HITLErrorDetail[];
}

/**
 * Payload of the interrupt raised when tool calls of one batch need a person's approval.
 * Resume with `ToolApprovalDecision[]` (in `action_requests` order) or a
 * `ToolApprovalDecisionMap` (keyed by `tool_call_id`).
 */
export interface ToolApprovalInterruptPayload {
  type: "tool_approval";
  action_requests: ToolApprovalRequest[];
  review_configs: ToolApprovalReviewConfig[];
  /** Added: present when the previous resume value was refused; nothing ran. */
  error?: InterruptValidationError;
  /** Added: ISO-8601 deadline after which every pending call is rejected as expired. */
  expires_at?: string;
  /**
   * Added by `approvalMiddleware`: the same calls as LangChain JS's `HITLRequest.actionRequests`
   * (camelCase, no ids), so clients typed against LangChain read the pause. This library reads
   * only `action_requests`.
   */
  actionRequests?: LangChainActionRequest[];
  /** Added by `approvalMiddleware`: LangChain JS's `HITLRequest.reviewConfigs`, one per action request. */
  reviewConfigs?: LangChainReviewConfig[];
  /**
   * Added: calls of the same batch that a standing grant covers. They need no decision and run
   * with the others once the decisions are in; listed so the reviewer sees all that will run.
   */
  granted?: ToolApprovalGrantedCall[];
}

/** Added: a call of an approval's batch that runs under a standing grant. */
export interface ToolApprovalGrantedCall {
  tool_call_id: string;
  name: string;
  /** The arguments it runs with. */
  arguments: ToolInput;
  /** The grant that covers it. */
  grant_id: string;
  scope: ToolApprovalGrantScope;
}

/** A pre-defined answer the person can pick. */
export interface AskUserQuestionOption {
  /** What the person sees. */
  label: string;
  /** What the answer will be if this option is picked. */
  value: string;
}

/** A question for the person. */
export interface AskUserQuestionRequest {
  /** The question. */
  question: string;
  /** Context shown with the question. */
  description?: string;
  /** Pre-defined answers; a free-form answer is still accepted unless `allowFreeText` is false. */
  options?: AskUserQuestionOption[];
  /** Added: several options may be picked; the answer is then an array of option values. */
  multiSelect?: boolean;
  /** Added: whether an answer outside `options` is accepted. Default: true. */
  allowFreeText?: boolean;
}

/** Payload of the interrupt raised to ask the person a question. */
export interface AskUserQuestionInterruptPayload {
  type: "ask_user_question";
  question: AskUserQuestionRequest;
  /** Added: every question of this pause, when several are asked at once (`question` is the first). */
  questions?: AskUserQuestionRequest[];
  /** Added: the tool call this question answers, when the model asked it through the tool. */
  tool_call_id?: string;
  /**
   * Added, with `tool_call_id`: the batch's questions answered before this one, in the order they
   * were asked. The node reads it back to give each kept answer to the question it answered, even
   * when a redeploy changed which of the batch's calls are questions.
   */
  answered_tool_call_ids?: string[];
  /** Added: present when the previous answer was refused. */
  error?: InterruptValidationError;
}

/** Every human interrupt payload this library raises. Narrow on `type`. */
export type HumanInterruptPayload = ToolApprovalInterruptPayload | AskUserQuestionInterruptPayload;

/** The person's answer to an `ask_user_question` interrupt. */
export interface AskUserQuestionResolution {
  /** Free-form text, or one of the option values. */
  answer: string;
}

/** Added: the answer to a `multiSelect` question: the option values picked. */
export interface AskUserQuestionMultiSelectResolution {
  answer: string[];
}

/**
 * Added: the answers when several questions are asked in one pause (the payload has
 * `questions`), keyed by question text; a `multiSelect` question's answer is an array.
 */
export interface AskUserQuestionsResolution {
  answers: Record<string, string | string[]>;
}

/** Whether tool calls that need approval pause the run for a person. */
export interface HumanInTheLoopConfig {
  /**
   * `true` (the default): an `ask` raises a `tool_approval` interrupt.
   * `false`: an `ask` is blocked with an error `ToolMessage` and no interrupt is raised.
   */
  enabled?: boolean;
}

/** A pending human interrupt of a thread, as read from the checkpointer. */
export interface RunInterruptResult<TPayload = HumanInterruptPayload> {
  /** LangGraph's id of the interrupt; pass it back when resuming. */
  interruptId: string;
  /** The thread the run belongs to. */
  threadId?: string;
  /** What the person is asked. */
  payload: TPayload;
}
