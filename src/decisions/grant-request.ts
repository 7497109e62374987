import { z } from "zod";
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { isPlainObject } from "../payload/json-type.js";
import type { ToolApprovalGrantOffer, ToolApprovalGrantRequest, ToolApprovalRequest } from "../payload/types.js";
import { matchesNarrowingSchema, narrowingSchemaProblems } from "./narrowing-schema.js";

/** The longest any grant may be asked to last: ten years (a longer one is "until revoked"). */
export const MAX_GRANT_DURATION_MS = 10 * 365 * 24 * 60 * 60 * 1000;

const name = z.string().min(1).max(200);

/** A grant request as a reviewer sends it inside `{ type: "approve", grant }` (a trust boundary: strict). */
export const grantRequestSchema = z.strictObject({
  scope: name,
  match: z
    .discriminatedUnion("kind", [
      z.strictObject({ kind: z.literal("arguments") }),
      z.strictObject({ kind: z.literal("tool") }),
      z.strictObject({ kind: z.literal("schema"), schema: z.custom<Record<string, unknown>>(isPlainObject, { message: "expected a JSON Schema object" }) }),
      z.strictObject({ kind: z.literal("predicate"), name }),
    ])
    .optional(),
  expiresInMs: z.number().int().positive().max(MAX_GRANT_DURATION_MS).optional(),
});

function detail(path: Array<string | number>, message: string, extra: Partial<HITLErrorDetail> = {}): HITLErrorDetail {
  return { path: ["grant", ...path], message, ...extra };
}

function durationProblems(grant: ToolApprovalGrantRequest, offer: ToolApprovalGrantOffer): HITLErrorDetail[] {
  const longest = offer.max_duration_ms;
  if (longest === undefined) return [];
  if (grant.expiresInMs === undefined) return [detail(["expiresInMs"], `a grant of this approval must expire: give expiresInMs of at most ${longest} ms`)];
  if (grant.expiresInMs > longest) return [detail(["expiresInMs"], `a grant of this approval may last at most ${longest} ms, but ${grant.expiresInMs} ms was asked`, { received: grant.expiresInMs })];
  return [];
}

function matchProblems(grant: ToolApprovalGrantRequest, offer: ToolApprovalGrantOffer, request: ToolApprovalRequest): HITLErrorDetail[] {
  const match = grant.match ?? { kind: "arguments" as const };
  if (!offer.matches.includes(match.kind)) {
    return [detail(["match", "kind"], `a "${match.kind}" grant is not allowed for "${request.name}"; allowed: ${offer.matches.join(", ")}`, { received: match.kind, allowed: [...offer.matches] })];
  }
  if (match.kind === "predicate" && !(offer.predicates ?? []).includes(match.name)) {
    return [detail(["match", "name"], `no predicate named "${match.name}" is offered; allowed: ${(offer.predicates ?? []).join(", ")}`, { received: match.name, allowed: [...(offer.predicates ?? [])] })];
  }
  if (match.kind !== "schema") return [];
  const problems = narrowingSchemaProblems(match.schema, ["grant", "match", "schema"]);
  if (problems.length > 0) return problems;
  // A grant is bound to what was reviewed: its narrowing must at least cover the call the reviewer saw.
  if (!matchesNarrowingSchema(match.schema, request.arguments)) return [detail(["match", "schema"], "the reviewed arguments do not fit the grant's schema: a grant must cover the call it was made on")];
  return [];
}

/**
 * What keeps a grant request from fitting the approval that offered it (`review_configs[].grants`):
 * no offer, a scope, narrowing or predicate it does not offer, a schema that is not allowed or
 * that the reviewed arguments do not fit, a duration longer than it allows. What the node adds
 * (its current options, a verified reviewer, its predicates) is checked where it judges.
 *
 * @param grant - The parsed request.
 * @param offer - The call's offer, as the payload carries it.
 * @param request - The reviewed call.
 * @returns One detail per problem, each with a `path` starting at `grant`.
 * @example
 * ```ts
 * grantOfferProblems({ scope: "thread" }, config.grants, request); // []
 * ```
 */
export function grantOfferProblems(grant: ToolApprovalGrantRequest, offer: ToolApprovalGrantOffer | undefined, request: ToolApprovalRequest): HITLErrorDetail[] {
  if (offer === undefined) return [detail([], `this approval offers no standing grant for "${request.name}"`)];
  const scopes = offer.scopes.map((scope) => scope.name);
  if (!scopes.includes(grant.scope)) {
    return [detail(["scope"], `scope "${grant.scope}" is not offered for "${request.name}"; allowed: ${scopes.join(", ")}`, { received: grant.scope, allowed: scopes })];
  }
  return [...matchProblems(grant, offer, request), ...durationProblems(grant, offer)];
}
