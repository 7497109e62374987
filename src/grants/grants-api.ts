import { HITLError } from "../errors/hitl-error.js";
import { boundReceived } from "../errors/bounded-value.js";
import { reviewerIdentitySchema, type Reviewer } from "../protocol/resume-envelope.js";
import { grantStoreFor } from "./grant-store-for.js";
import { resolveListGrantsOptions } from "./list-grants-options.js";
import type { GrantPage, ListGrantsOptions, StandingGrant } from "./types.js";

/** Options of {@link revokeGrant}. */
export interface RevokeGrantOptions {
  /** Who revokes it; recorded on the grant. */
  revokedBy?: Reviewer;
}

function checkpointerOf(value: unknown, where: string): object {
  if (typeof value === "object" && value !== null) return value;
  const message = `${where} needs the checkpointer the graph was compiled with (e.g. \`graph.checkpointer\`)`;
  throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["checkpointer"], message, received: boundReceived(value) }] });
}

/**
 * The standing grants reviewers made, oldest first, paginated like the inbox: a thread's
 * (`threadId`), a host scope's (`scope`, `scopeKey`), one tool's, or all of them. Active
 * grants only unless `includeInactive`. Works with every checkpointer: the Postgres checkpointer
 * keeps grants in its database (every replica sees them); any other keeps them in this process.
 *
 * @param checkpointer - The graph's checkpointer (`graph.checkpointer`).
 * @param options - `{ limit, cursor?, threadId? | scope?, scopeKey?, toolName?, includeInactive? }`.
 * @returns `{ items: StandingGrant[], nextCursor? }`.
 * @throws {HITLError} `INVALID_OPTIONS`; `DATABASE_UNAVAILABLE`.
 * @example
 * ```ts
 * const { items } = await listGrants(checkpointer, { limit: 50, scope: "user", scopeKey: "u_42" });
 * ```
 */
export async function listGrants(checkpointer: object, options: ListGrantsOptions): Promise<GrantPage> {
  const query = resolveListGrantsOptions(options);
  return grantStoreFor(checkpointerOf(checkpointer, "listGrants()")).list(query);
}

/**
 * Revokes a standing grant. It stops applying from the next batch that reads grants, in every
 * process that shares the checkpointer's store (every replica on Postgres); a batch already
 * decided under it is not undone. Revoking a revoked grant changes nothing.
 *
 * @param checkpointer - The graph's checkpointer.
 * @param grantId - The grant's `id` (as `listGrants` and the audit record's `grantId` name it).
 * @param options - `revokedBy`: who revokes it.
 * @returns The grant as it now stands, or `undefined` when there is no grant with this id.
 * @throws {HITLError} `INVALID_OPTIONS` for a malformed id or reviewer; `DATABASE_UNAVAILABLE`.
 * @example
 * ```ts
 * await revokeGrant(checkpointer, grantId, { revokedBy: { id: "u_42" } });
 * ```
 */
export async function revokeGrant(checkpointer: object, grantId: string, options: RevokeGrantOptions = {}): Promise<StandingGrant | undefined> {
  const store = grantStoreFor(checkpointerOf(checkpointer, "revokeGrant()"));
  if (typeof grantId !== "string" || grantId.length === 0 || grantId.length > 200 || grantId.includes("\u0000")) {
    const message = "`grantId` must be a grant's id: a non-empty string of at most 200 characters";
    throw new HITLError("INVALID_OPTIONS", `Invalid revokeGrant arguments: ${message}`, { details: [{ path: ["grantId"], message, received: boundReceived(grantId) }] });
  }
  const reviewer = options.revokedBy === undefined ? undefined : reviewerIdentitySchema.safeParse(options.revokedBy);
  if (reviewer !== undefined && !reviewer.success) {
    const message = "`revokedBy` must be a reviewer `{ id, name? }`";
    throw new HITLError("INVALID_OPTIONS", `Invalid revokeGrant options: ${message}`, { details: [{ path: ["revokedBy"], message, received: boundReceived(options.revokedBy) }] });
  }
  return store.revoke(grantId, reviewer?.data);
}
