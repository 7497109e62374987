import { listGrants, revokeGrant } from "../grants/index.js";
import type { Reviewer } from "../protocol/resume-envelope.js";
import type { ResolvedHandlerOptions } from "./options.js";
import { JSON_SAFETY_HEADERS, problem, problemResponse } from "./problem.js";
import { boundReceived } from "../errors/bounded-value.js";

function json(value: unknown): Response {
  return new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json; charset=utf-8", ...JSON_SAFETY_HEADERS } });
}

function noGrants(): Response {
  return problemResponse(problem("NOT_FOUND", "This handler keeps no standing grants: pass `grants` (the checkpointer the graph's node uses) to createApprovalHandler."));
}

/** `includeInactive` as a query parameter: `true` or `false`, nothing else. */
function flag(value: string | null): { ok: true; value: boolean | undefined } | { ok: false; response: Response } {
  if (value === null) return { ok: true, value: undefined };
  if (value === "true" || value === "false") return { ok: true, value: value === "true" };
  const message = "`includeInactive` must be `true` or `false`";
  return { ok: false, response: problemResponse(problem("INVALID_REQUEST", `Invalid grants query: ${message}.`, [{ path: ["includeInactive"], message, received: boundReceived(value), allowed: ["true", "false"] }])) };
}

/**
 * `GET {base}/grants?threadId&scope&scopeKey&toolName&includeInactive&limit&cursor`: the standing
 * grants, oldest first, paginated (see `listGrants`). Bad parameters are a 400 `INVALID_OPTIONS`.
 *
 * @example
 * ```ts
 * await listGrantsRoute(new URL("http://x/grants?threadId=t1"), options);
 * ```
 */
export async function listGrantsRoute(url: URL, options: ResolvedHandlerOptions): Promise<Response> {
  if (options.grants === undefined) return noGrants();
  const query = url.searchParams;
  const inactive = flag(query.get("includeInactive"));
  if (!inactive.ok) return inactive.response;
  const limit = query.has("limit") ? Number(query.get("limit")) : 50;
  const filters = Object.fromEntries(["cursor", "threadId", "scope", "scopeKey", "toolName"].flatMap((key) => (query.has(key) ? [[key, query.get(key) ?? ""]] : [])));
  return json(await listGrants(options.grants, { limit, ...filters, ...(inactive.value === undefined ? {} : { includeInactive: inactive.value }) }));
}

/**
 * `POST {base}/grants/:grantId/revoke`: revokes a grant, recording the authenticated reviewer as
 * who revoked it; answers the grant as it now stands (revoking twice changes nothing), or 404.
 *
 * @example
 * ```ts
 * await revokeGrantRoute("g1", reviewer, options);
 * ```
 */
export async function revokeGrantRoute(rawGrantId: string, reviewer: Reviewer, options: ResolvedHandlerOptions): Promise<Response> {
  if (options.grants === undefined) return noGrants();
  let grantId: string;
  try {
    grantId = decodeURIComponent(rawGrantId);
  } catch {
    const message = "the grant id in the path is not valid percent-encoding";
    return problemResponse(problem("INVALID_REQUEST", `Invalid grant id: ${message}.`, [{ path: ["grantId"], message, received: boundReceived(rawGrantId) }]));
  }
  const revoked = await revokeGrant(options.grants, grantId, { revokedBy: reviewer });
  if (revoked === undefined) return problemResponse(problem("NOT_FOUND", `No grant "${grantId}".`));
  return json(revoked);
}
