import type { GrantMatch, ToolInput } from "../payload/types.js";
import type { Reviewer } from "../protocol/resume-envelope.js";

/** Where a standing grant applies: this thread (`{ name: "thread", key: threadId }`) or a scope the host defines (`{ name: "user", key: "u_42" }`). */
export interface GrantScope {
  name: string;
  key: string;
}

/**
 * How a stored grant is narrowed: a reviewer's {@link GrantMatch}, with an `arguments` grant
 * bound to the reviewed arguments' digest (and carrying them, so a list can show what was granted).
 */
export type StoredGrantMatch =
  | { kind: "arguments"; digest: string; arguments: ToolInput }
  | Exclude<GrantMatch, { kind: "arguments" }>;

/** What a grant was made on: the reviewed call, as the node read it from the stored approval. */
export interface GrantOrigin {
  threadId: string;
  interruptId: string;
  toolCallId: string;
  /** Digest of the reviewed request (tool name and arguments), as `requestDigest` computes it. */
  digest: string;
}

/** A standing grant as the node drafts it with its judgment; the store adds its own times. */
export interface GrantDraft {
  /** A random id, named by the audit record of every call it covers. */
  id: string;
  toolName: string;
  scope: GrantScope;
  match: StoredGrantMatch;
  /** How long it lasts from when the store commits it; absent: until revoked. */
  expiresInMs?: number;
  origin: GrantOrigin;
  reviewer: Reviewer;
  /** Whether the reviewer came with a valid signature (grants are only made by verified reviewers). */
  reviewerVerified: boolean;
  comment?: string;
}

/** Whether a grant still applies, by the store's clock. */
export type GrantStatus = "active" | "expired" | "revoked";

/** A committed standing grant, as read back. */
export interface StandingGrant extends Omit<GrantDraft, "expiresInMs"> {
  /** When the store committed it (with the claim of the approval that made it), by its own clock. */
  createdAt: string;
  expiresAt?: string;
  revokedAt?: string;
  revokedBy?: Reviewer;
  status: GrantStatus;
}

/** Options of `listGrants`. */
export interface ListGrantsOptions {
  /** Page size: 1 to 1000. */
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Only the grants of this thread (scope `"thread"`). */
  threadId?: string;
  /** Only the grants of this scope (e.g. `"user"`); with `scopeKey`, of that key only. */
  scope?: string;
  scopeKey?: string;
  /** Only the grants for this tool. */
  toolName?: string;
  /** Also list expired and revoked grants. Default: active ones only. */
  includeInactive?: boolean;
}

/** A page of grants, oldest first. */
export interface GrantPage {
  items: StandingGrant[];
  /** Pass it back to read the next page; absent on the last page. */
  nextCursor?: string;
}

/** `listGrants` options after validation. */
export interface ResolvedGrantQuery {
  limit: number;
  after: { createdAt: string; id: string } | undefined;
  scope: string | undefined;
  scopeKey: string | undefined;
  toolName: string | undefined;
  includeInactive: boolean;
}

/** What a batch asks the store for: the live grants for any of these tools in any of these scopes. */
export interface LiveGrantQuery {
  toolNames: readonly string[];
  scopes: readonly GrantScope[];
}

/**
 * Standing grants, durable: in memory (one process) or in Postgres (every replica). They are
 * created only with the claim of the approval that made them (see `ClaimStore.acquire`), never
 * alone; times are the store's own clock.
 */
export interface GrantStore {
  /** The grants that apply now (not revoked, not expired by the store's clock): one indexed read. */
  liveGrants(query: LiveGrantQuery): Promise<StandingGrant[]>;
  list(query: ResolvedGrantQuery): Promise<GrantPage>;
  /** Revokes a grant (idempotent); `undefined` when there is none with this id. */
  revoke(grantId: string, revokedBy: Reviewer | undefined): Promise<StandingGrant | undefined>;
}

/** A checkpointer that keeps its own grants (the Postgres checkpointer does, in its database). */
export interface GrantStoreProvider {
  readonly grantStore: GrantStore;
}
