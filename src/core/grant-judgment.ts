import { randomUUID } from "node:crypto";
import type { ReviewedVerdict } from "../claims/index.js";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import { matchCovers, type GrantDraft, type GrantPredicateCall, type StoredGrantMatch } from "../grants/index.js";
import { requestDigest } from "../payload/digest.js";
import type { ToolApprovalDecision, ToolApprovalGrantRequest, ToolApprovalInterruptPayload, ToolApprovalRequest } from "../payload/types.js";
import type { Reviewer } from "../protocol/resume-envelope.js";
import type { ResolvedGrantOptions } from "./types.js";
import { ownValue } from "../payload/own-value.js";

/** Who made the decisions, as far as the node trusts it. */
interface JudgedAudit {
  reviewer?: Reviewer;
  reviewerVerified: boolean;
  comment?: string;
}

/** What judging the grants of one submission needs. */
interface GrantJudgmentContext {
  /** The node's grant options now (`undefined`: it allows none). */
  grants: ResolvedGrantOptions | undefined;
  threadId: string | undefined;
  interruptId: string;
  audit: JudgedAudit;
  onPredicateError: (error: unknown, name: string) => void;
}

function detail(request: ToolApprovalRequest, path: string[], message: string, extra: Partial<HITLErrorDetail> = {}): HITLErrorDetail {
  return { toolCallId: request.tool_call_id, path: ["grant", ...path], message, ...extra };
}

/**
 * What the node refuses beyond what the approval offered: it may have changed its options since
 * (fewer scopes, tools, narrowings; a shorter longest duration; a predicate gone), and a grant,
 * which outlives the batch, is only taken from a verified reviewer.
 */
function nodeProblems(request: ToolApprovalRequest, grant: ToolApprovalGrantRequest, context: GrantJudgmentContext): HITLErrorDetail[] {
  const { grants, audit } = context;
  if (grants === undefined) return [detail(request, [], "this node allows no standing grants (its `grants` option is not set)")];
  if (!audit.reviewerVerified || audit.reviewer === undefined) {
    return [detail(request, [], "a standing grant needs a verified reviewer: resume through resume() with a `reviewer` (signed with the node's signingKey) or through the HTTP handler")];
  }
  if (grants.tools !== undefined && !grants.tools.has(request.name)) return [detail(request, [], `this node lets no grant be made for "${request.name}"`, { allowed: [...grants.tools] })];
  if (!grants.scopes.includes(grant.scope)) return [detail(request, ["scope"], `scope "${grant.scope}" is not allowed by this node`, { allowed: [...grants.scopes], received: grant.scope })];
  const match = grant.match ?? { kind: "arguments" as const };
  if (!grants.matches.includes(match.kind)) return [detail(request, ["match", "kind"], `a "${match.kind}" grant is not allowed by this node`, { allowed: [...grants.matches], received: match.kind })];
  const longest = grants.maxDurationMs;
  if (longest !== undefined && (grant.expiresInMs === undefined || grant.expiresInMs > longest)) {
    return [detail(request, ["expiresInMs"], `a grant may last at most ${longest} ms on this node`, { ...(grant.expiresInMs === undefined ? {} : { received: grant.expiresInMs }) })];
  }
  return [];
}

function storedMatch(request: ToolApprovalRequest, grant: ToolApprovalGrantRequest): StoredGrantMatch {
  const match = grant.match ?? { kind: "arguments" as const };
  return match.kind === "arguments" ? { kind: "arguments", digest: requestDigest(request.name, request.arguments), arguments: request.arguments } : match;
}

/** A predicate grant must cover the call it was made on, as the host's predicate judges it now. */
function predicateProblems(request: ToolApprovalRequest, match: StoredGrantMatch, context: GrantJudgmentContext): HITLErrorDetail[] {
  if (match.kind !== "predicate") return [];
  const predicates = context.grants?.predicates ?? {};
  if (!Object.prototype.hasOwnProperty.call(predicates, match.name)) return [detail(request, ["match", "name"], `this node has no predicate named "${match.name}"`, { allowed: Object.keys(predicates), received: match.name })];
  const call: GrantPredicateCall = { toolName: request.name, toolCallId: request.tool_call_id, threadId: context.threadId };
  const coverage = { predicates, onPredicateError: context.onPredicateError };
  if (matchCovers(match, request.name, request.arguments, call, coverage)) return [];
  return [detail(request, ["match", "name"], `predicate "${match.name}" does not accept the reviewed arguments: a grant must cover the call it was made on`)];
}

function draftOf(request: ToolApprovalRequest, grant: ToolApprovalGrantRequest, match: StoredGrantMatch, offerKey: string | undefined, context: GrantJudgmentContext): GrantDraft {
  const { audit } = context;
  const threadId = context.threadId ?? "";
  return {
    id: randomUUID(),
    toolName: request.name,
    scope: { name: grant.scope, key: grant.scope === "thread" ? threadId : (offerKey ?? "") },
    match,
    ...(grant.expiresInMs === undefined ? {} : { expiresInMs: grant.expiresInMs }),
    origin: { threadId, interruptId: context.interruptId, toolCallId: request.tool_call_id, digest: requestDigest(request.name, request.arguments) },
    reviewer: audit.reviewer!,
    reviewerVerified: audit.reviewerVerified,
    ...(audit.comment === undefined ? {} : { comment: audit.comment }),
  };
}

/**
 * Judges, once, the standing grants a submission asks for, and drafts the ones the claim will
 * commit. A grant is made only with an approval whose call runs as approved (a call this pass
 * blocks — a `deny` now, changed arguments — makes none), bound to what was reviewed: the tool,
 * the reviewed arguments (their digest, for an `arguments` grant), the interrupt, the reviewer.
 * Its scope's key is the one the stored approval offered (what the reviewer saw), never one a
 * resume value or the resuming run's config says.
 *
 * @param reviewed - The approval as stored (its offers included).
 * @param decisions - The validated decisions (the offers already checked).
 * @param verdicts - This judgment's verdicts.
 * @param context - The node's grant options now, the thread, the interrupt, who decided.
 * @returns The drafts, and the verdicts with each approving call naming the grant it made.
 * @throws {HITLError} `INVALID_DECISION`, one detail per refused grant (`path` from `grant`).
 * @example
 * ```ts
 * const { grants, verdicts } = judgeGrants(reviewed, decisions, await judgeVerdicts(...), context);
 * ```
 */
export function judgeGrants(
  reviewed: ToolApprovalInterruptPayload,
  decisions: Readonly<Record<string, ToolApprovalDecision>>,
  verdicts: Record<string, ReviewedVerdict>,
  context: GrantJudgmentContext,
): { grants: GrantDraft[]; verdicts: Record<string, ReviewedVerdict> } {
  const drafts: GrantDraft[] = [];
  const details: HITLErrorDetail[] = [];
  const judged = { ...verdicts };
  for (const request of reviewed.action_requests) {
    const decision = ownValue(decisions, request.tool_call_id);
    const grant = decision?.type === "approve" ? decision.grant : undefined;
    if (grant === undefined) continue;
    const match = storedMatch(request, grant);
    const problems = [...nodeProblems(request, grant, context)];
    if (problems.length === 0) problems.push(...predicateProblems(request, match, context));
    details.push(...problems);
    const verdict = ownValue(judged, request.tool_call_id);
    if (problems.length > 0 || verdict?.kind !== "run" || verdict.decision !== "approve") continue;
    const offered = reviewed.review_configs.find((config) => config.tool_call_id === request.tool_call_id)?.grants;
    const draft = draftOf(request, grant, match, offered?.scopes.find((scope) => scope.name === grant.scope)?.key, context);
    drafts.push(draft);
    judged[request.tool_call_id] = { ...verdict, createdGrantId: draft.id };
  }
  if (details.length > 0) {
    const more = details.length > 1 ? ` (+${details.length - 1} more)` : "";
    throw new HITLError("INVALID_DECISION", `The standing grant was refused: ${details[0]!.message} (${details[0]!.toolCallId})${more}`, { details });
  }
  return { grants: drafts, verdicts: judged };
}
