import type { StandingGrant } from "../../../grants/types.js";
import type { GrantMatch, ToolApprovalGrantOffer, ToolApprovalGrantRequest, ToolApprovalGrantScope } from "../../../payload/types.js";
import { relativeTime } from "./format.js";
import { reviewerLabel } from "./outcomes.js";

/** One choice of a select: what it says, and what it stands for. */
export interface Choice<T> {
  label: string;
  value: T;
}

const DURATIONS: ReadonlyArray<Choice<number>> = [
  { label: "for 1 hour", value: 3_600_000 },
  { label: "for 1 day", value: 86_400_000 },
  { label: "for 7 days", value: 7 * 86_400_000 },
  { label: "for 30 days", value: 30 * 86_400_000 },
];

/**
 * How long a grant may last, as the offer allows: "until revoked" only without a longest
 * duration, then the fixed durations that fit (the longest allowed itself when none does).
 *
 * @example
 * ```ts
 * durationChoices({ scopes: [], matches: ["tool"], max_duration_ms: 86_400_000 }).map((choice) => choice.label); // ["for 1 hour", "for 1 day"]
 * ```
 */
export function durationChoices(offer: ToolApprovalGrantOffer): Array<Choice<number | undefined>> {
  const longest = offer.max_duration_ms;
  if (longest === undefined) return [{ label: "until revoked", value: undefined }, ...DURATIONS];
  const fitting = DURATIONS.filter((choice) => choice.value <= longest);
  return fitting.length > 0 ? fitting : [{ label: `for ${Math.max(1, Math.floor(longest / 60_000))} min`, value: longest }];
}

/**
 * A scope as the page names it.
 *
 * @example
 * ```ts
 * scopeLabel({ name: "thread" }); // "this thread"
 * scopeLabel({ name: "user", key: "u_42" }); // "user u_42"
 * ```
 */
export function scopeLabel(scope: ToolApprovalGrantScope): string {
  return scope.name === "thread" ? "this thread" : `${scope.name} ${scope.key ?? ""}`.trim();
}

/**
 * The narrowings the page offers: exact arguments, any arguments, each host predicate. A JSON
 * Schema narrowing is left to API clients (it needs a schema written by hand).
 *
 * @example
 * ```ts
 * matchChoices({ scopes: [], matches: ["arguments", "tool"] }).map((choice) => choice.label); // ["with exactly these arguments", "with any arguments"]
 * ```
 */
export function matchChoices(offer: ToolApprovalGrantOffer): Array<Choice<GrantMatch>> {
  const choices: Array<Choice<GrantMatch>> = [];
  if (offer.matches.includes("arguments")) choices.push({ label: "with exactly these arguments", value: { kind: "arguments" } });
  if (offer.matches.includes("tool")) choices.push({ label: "with any arguments", value: { kind: "tool" } });
  if (offer.matches.includes("predicate")) {
    for (const name of offer.predicates ?? []) choices.push({ label: `when the check “${name}” accepts them`, value: { kind: "predicate", name } });
  }
  return choices;
}

/**
 * The grant request a reviewer's choices stand for.
 *
 * @example
 * ```ts
 * grantRequestOf("thread", { kind: "tool" }, 3_600_000); // { scope: "thread", match: { kind: "tool" }, expiresInMs: 3600000 }
 * ```
 */
export function grantRequestOf(scope: string, match: GrantMatch, expiresInMs: number | undefined): ToolApprovalGrantRequest {
  return { scope, match, ...(expiresInMs === undefined ? {} : { expiresInMs }) };
}

function matchWords(grant: StandingGrant): string {
  switch (grant.match.kind) {
    case "arguments":
      return `with exactly ${JSON.stringify(grant.match.arguments)}`;
    case "tool":
      return "with any arguments";
    case "schema":
      return "with arguments that fit a schema";
    case "predicate":
      return `when “${grant.match.name}” accepts them`;
  }
}

/**
 * One line describing a standing grant in the page's list.
 *
 * @example
 * ```ts
 * describeGrant(grant, new Date()); // "deploy with any arguments, on thread t1 · granted by Alice (u-1) 3 min ago · until revoked"
 * ```
 */
export function describeGrant(grant: StandingGrant, now: Date): string {
  const where = grant.scope.name === "thread" ? `on thread ${grant.scope.key}` : `for ${grant.scope.name} ${grant.scope.key}`;
  const until = grant.expiresAt === undefined ? "until revoked" : `expires ${relativeTime(grant.expiresAt, now)}`;
  return `${grant.toolName} ${matchWords(grant)}, ${where} · granted by ${reviewerLabel(grant.reviewer)} ${relativeTime(grant.createdAt, now)} · ${until}`;
}
