import type { RunnableConfig } from "@langchain/core/runnables";
import { coveringGrant, grantStoreFor, type CoverageContext, type GrantScope, type StandingGrant } from "../grants/index.js";
import { reportHookError } from "../hooks/report-hook-error.js";
import type { HookErrorHandler } from "../hooks/types.js";
import { requestDigest } from "../payload/digest.js";
import type { ToolApprovalGrantedCall, ToolApprovalGrantOffer, ToolApprovalInterruptPayload } from "../payload/types.js";
import type { TaskContext } from "./task-context.js";
import type { ResolvedGrantOptions, Screening } from "./types.js";
import { isReviewable } from "./call-identity.js";
import { unstorableTextReason } from "../payload/storable-text.js";

type AskScreening = Extract<Screening, { kind: "ask" }>;
type GrantedScreening = Extract<Screening, { kind: "granted" }>;

/** What applying grants to a batch needs besides its screenings. */
interface GrantScreeningContext {
  grants: ResolvedGrantOptions;
  task: TaskContext;
  /** The config of the run the batch belongs to: where host scopes' keys are read. */
  config: RunnableConfig;
  onHookError: HookErrorHandler;
}

/**
 * The most UTF-8 bytes a grant's scope key may have. On Postgres a grant is indexed by scope
 * name (≤ 200 characters), key and tool name, and one B-tree entry holds at most 2 704 bytes: a
 * longer key made every resume that granted in its scope fail with the database's error.
 */
const MAX_SCOPE_KEY_BYTES = 1024;

/**
 * A scope's key when a grant can be stored under it exactly: a non-empty string of at most
 * {@link MAX_SCOPE_KEY_BYTES} UTF-8 bytes, without a NUL character or an unpaired surrogate.
 * Anything else means the run has no key in that scope (no grant is read, offered or made there).
 */
function storableKey(key: unknown): string | undefined {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_SCOPE_KEY_BYTES) return undefined;
  return Buffer.byteLength(key, "utf8") <= MAX_SCOPE_KEY_BYTES && unstorableTextReason(key, "scope key") === undefined ? key : undefined;
}

/** A host scope's key as its reader returns it, when storable (see {@link storableKey}); a reader that throws gives none. */
function readKey(reader: ((config: RunnableConfig) => string | undefined) | undefined, config: RunnableConfig): string | undefined {
  try {
    return storableKey(reader?.(config));
  } catch {
    return undefined;
  }
}

/**
 * The scopes this run has keys for: the thread's own (when the run has a thread) and each host
 * scope whose reader finds a key in the run's config.
 *
 * @example
 * ```ts
 * grantScopes(grants, task, config); // [{ name: "thread", key: "t1" }, { name: "user", key: "u_42" }]
 * ```
 */
export function grantScopes(grants: ResolvedGrantOptions, task: TaskContext, config: RunnableConfig): GrantScope[] {
  return grants.scopes.flatMap((name) => {
    const key = name === "thread" ? storableKey(task.threadId) : readKey(grants.scopeKeys[name], config);
    return key === undefined ? [] : [{ name, key }];
  });
}

/**
 * Whether a grant may stand in for the reviewer on this screening: only an `ask` (never a
 * `deny`, a `skip`, a malformed call or a question), with an id a review can name, that the reviewer could have
 * approved, of a tool the node lets be granted.
 */
function grantable(screening: Screening, grants: ResolvedGrantOptions): screening is AskScreening {
  return (
    screening.kind === "ask" &&
    isReviewable(screening.call) &&
    screening.allowedDecisions.includes("approve") &&
    (grants.tools === undefined || grants.tools.has(screening.call.name))
  );
}

function granted(screening: AskScreening, grant: { id: string; scope: GrantScope }): GrantedScreening {
  return { kind: "granted", call: screening.call, args: screening.args, grant, notes: screening.notes };
}

/** This batch's earlier pass recorded which calls ran under grants: exactly those, with exactly those arguments, still do. */
function fromRecord(screenings: readonly Screening[], record: readonly ToolApprovalGrantedCall[], grants: ResolvedGrantOptions): Screening[] {
  return screenings.map((screening) => {
    if (!grantable(screening, grants)) return screening;
    const entry = record.find((candidate) => candidate.tool_call_id === screening.call.id);
    if (entry === undefined || requestDigest(entry.name, entry.arguments) !== requestDigest(screening.call.name, screening.args)) return screening;
    const scope = { name: entry.scope.name, key: entry.scope.key ?? "" };
    return granted(screening, { id: entry.grant_id, scope });
  });
}

function coverage(context: GrantScreeningContext): CoverageContext {
  return {
    predicates: context.grants.predicates,
    onPredicateError: (error, name) => reportHookError(context.onHookError, error, { event: "grantPredicate", toolName: name, toolCallId: undefined }),
  };
}

/**
 * Lets live standing grants stand in for the reviewer: every `ask` of the batch that a grant
 * covers (its tool, one of the run's scopes, its narrowing, not expired, not revoked) becomes
 * `granted` and runs without a pause. Nothing else changes: a `deny`, a `skip`, a malformed call,
 * a call a hook rewrote away from an `arguments` grant (the match is on what would run) stay as
 * they are. One read of the grant store per batch, and none when no call could be granted.
 *
 * On a resumed pass of a batch that raised an approval, the grants are not read again: the calls
 * its first pass granted are recorded in the stored approval (`granted`), and exactly those
 * apply — so a grant made, revoked or expired meanwhile never changes what the batch decided.
 *
 * @param screenings - The batch's screenings, in the model's order.
 * @param context - The node's grant options, the task, the run's config.
 * @param stored - On a resumed pass: the approval this task raised, as stored (`undefined` when it raised none).
 * @returns The screenings, with covered asks as `granted`.
 * @example
 * ```ts
 * const screenings = await applyGrants(await screenBatch(calls, screening), context, undefined);
 * ```
 */
export async function applyGrants(screenings: readonly Screening[], context: GrantScreeningContext, stored: ToolApprovalInterruptPayload | undefined): Promise<readonly Screening[]> {
  const { grants, task } = context;
  const candidates = screenings.filter((screening): screening is AskScreening => grantable(screening, grants));
  if (candidates.length === 0) return screenings;
  if (stored !== undefined) return fromRecord(screenings, stored.granted ?? [], grants);
  const scopes = grantScopes(grants, task, context.config);
  if (scopes.length === 0 || task.checkpointer == null) return screenings;
  const live = await grantStoreFor(task.checkpointer).liveGrants({ toolNames: [...new Set(candidates.map((candidate) => candidate.call.name))], scopes });
  if (live.length === 0) return screenings;
  const covering = coverage(context);
  return screenings.map((screening) => {
    if (!grantable(screening, grants)) return screening;
    const call = { toolName: screening.call.name, toolCallId: screening.call.id ?? "", threadId: task.threadId };
    const grant: StandingGrant | undefined = coveringGrant(live, screening.call.name, screening.args, call, covering);
    return grant === undefined ? screening : granted(screening, { id: grant.id, scope: grant.scope });
  });
}

/**
 * What an approval offers a reviewer for one call: the run's scopes, the node's narrowings and
 * predicates, its longest duration; `undefined` where the call cannot be granted.
 *
 * @example
 * ```ts
 * grantOffer(grants, scopes, ask)?.scopes; // [{ name: "thread" }, { name: "user", key: "u_42" }]
 * ```
 */
export function grantOffer(grants: ResolvedGrantOptions, scopes: readonly GrantScope[], screening: Screening): ToolApprovalGrantOffer | undefined {
  if (scopes.length === 0 || !grantable(screening, grants)) return undefined;
  const predicates = grants.matches.includes("predicate") ? Object.keys(grants.predicates) : [];
  return {
    scopes: scopes.map((scope) => (scope.name === "thread" ? { name: scope.name } : { name: scope.name, key: scope.key })),
    matches: [...grants.matches],
    ...(predicates.length === 0 ? {} : { predicates }),
    ...(grants.maxDurationMs === undefined ? {} : { max_duration_ms: grants.maxDurationMs }),
  };
}

/**
 * The record an approval keeps of the batch's granted calls (see {@link applyGrants}).
 *
 * @example
 * ```ts
 * grantedRecord(screenings); // [{ tool_call_id: "c2", name: "lookup", arguments: { n: 1 }, grant_id: "…", scope: { name: "thread", key: "t1" } }]
 * ```
 */
export function grantedRecord(screenings: readonly Screening[]): ToolApprovalGrantedCall[] {
  return screenings.flatMap((screening) => {
    if (screening.kind !== "granted") return [];
    const { scope } = screening.grant;
    return [{ tool_call_id: screening.call.id ?? "", name: screening.call.name, arguments: screening.args, grant_id: screening.grant.id, scope: { ...scope } }];
  });
}
