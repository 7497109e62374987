import { matchesNarrowingSchema } from "../decisions/narrowing-schema.js";
import { requestDigest } from "../payload/digest.js";
import { ownValue } from "../payload/own-value.js";
import type { ToolInput } from "../payload/types.js";
import type { StandingGrant, StoredGrantMatch } from "./types.js";

/** What a host predicate is told about the call it judges. */
export interface GrantPredicateCall {
  toolName: string;
  toolCallId: string;
  threadId: string | undefined;
}

/**
 * A narrowing the host registers by name (`grants.predicates`): whether a call's arguments are
 * within what a `predicate` grant allows. Synchronous and free of side effects: it runs on every
 * call the grant could cover, again on every pass. Throwing counts as "not covered".
 */
export type GrantPredicate = (input: ToolInput, call: GrantPredicateCall) => boolean;

/** The host's predicates, and where a failing one is reported. */
export interface CoverageContext {
  predicates: Readonly<Record<string, GrantPredicate>>;
  onPredicateError: (error: unknown, name: string) => void;
}

/**
 * Whether a match narrowing covers `input` (the arguments the call would run with). An
 * `arguments` grant covers exactly the arguments it was made on (same digest); a predicate the
 * host no longer registers, or one that throws, covers nothing.
 *
 * @example
 * ```ts
 * matchCovers({ kind: "tool" }, "lookup", { n: 1 }, call, context); // true
 * ```
 */
export function matchCovers(match: StoredGrantMatch, toolName: string, input: ToolInput, call: GrantPredicateCall, context: CoverageContext): boolean {
  switch (match.kind) {
    case "tool":
      return true;
    case "arguments":
      return requestDigest(toolName, input) === match.digest;
    case "schema":
      return matchesNarrowingSchema(match.schema, input);
    case "predicate": {
      const predicate = ownValue(context.predicates, match.name);
      if (predicate === undefined) return false;
      try {
        // A copy: a predicate that mutates what it is given never changes what runs.
        return predicate(typeof input === "string" ? input : structuredClone(input), { ...call }) === true;
      } catch (error) {
        context.onPredicateError(error, match.name);
        return false;
      }
    }
  }
}

/**
 * The grant that covers a call, when any of `grants` does: for its tool, narrowed to include its
 * arguments. The oldest wins (then the smallest id), so every pass and every replica names the same one.
 *
 * @param grants - Live grants read for the batch (any tool, any scope of the run).
 * @param input - The arguments the call would run with (after any hook's `updatedInput`).
 * @example
 * ```ts
 * const grant = coveringGrant(grants, call.name, screening.args, { toolName: call.name, toolCallId: call.id, threadId }, context);
 * ```
 */
export function coveringGrant(grants: readonly StandingGrant[], toolName: string, input: ToolInput, call: GrantPredicateCall, context: CoverageContext): StandingGrant | undefined {
  const candidates = grants
    .filter((grant) => grant.toolName === toolName)
    .sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : 1));
  return candidates.find((grant) => matchCovers(grant.match, toolName, input, call, context));
}
