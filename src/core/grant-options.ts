import { z } from "zod";
import { MAX_GRANT_DURATION_MS } from "../decisions/grant-request.js";
import { boundReceived } from "../errors/bounded-value.js";
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { issueDetails } from "../errors/issue-details.js";
import type { GrantPredicate } from "../grants/index.js";
import type { GrantMatchKind } from "../payload/types.js";
import type { GrantScopeReader, ResolvedGrantOptions } from "./types.js";

const MATCH_KINDS: readonly GrantMatchKind[] = ["arguments", "tool", "schema", "predicate"];
const SETTINGS = ["scopes", "scopeKeys", "matches", "predicates", "tools", "maxDurationMs"];
const func = <T>() => z.custom<T>((value) => typeof value === "function", { message: "expected a function" });
const name = z.string().min(1).max(200).refine((value) => !value.includes("\u0000"), "must not contain the NUL character");

const schema = z.strictObject({
  scopes: z.array(name).min(1).optional(),
  scopeKeys: z.record(z.string(), func<GrantScopeReader>()).optional(),
  matches: z.array(z.enum(MATCH_KINDS as [GrantMatchKind, ...GrantMatchKind[]])).min(1).optional(),
  predicates: z.record(name, func<GrantPredicate>()).optional(),
  tools: z.array(z.string()).optional(),
  maxDurationMs: z.number().int().positive().max(MAX_GRANT_DURATION_MS).optional(),
});

function at(path: Array<string | number>, message: string, received: unknown, allowed?: readonly string[]): HITLErrorDetail {
  return { path: ["grants", ...path], message, received: boundReceived(received), ...(allowed === undefined ? {} : { allowed: [...allowed] }) };
}

/** Every host scope needs a reader and every reader a scope: a misspelt one would silently grant nothing, or never apply. */
function scopeProblems(scopes: readonly string[], readers: Readonly<Record<string, unknown>>): HITLErrorDetail[] {
  const problems: HITLErrorDetail[] = [];
  if (new Set(scopes).size !== scopes.length) problems.push(at(["scopes"], "each scope may be listed once", scopes));
  for (const scope of scopes) {
    if (scope !== "thread" && !Object.prototype.hasOwnProperty.call(readers, scope)) {
      problems.push(at(["scopeKeys", scope], `scope "${scope}" needs a reader in \`scopeKeys\`: (config) => the key of this run's ${scope}`, scope));
    }
  }
  for (const reader of Object.keys(readers)) {
    if (reader === "thread") problems.push(at(["scopeKeys", "thread"], "the thread scope is built in: its key is the thread id", reader));
    else if (!scopes.includes(reader)) problems.push(at(["scopeKeys", reader], `no scope "${reader}" is listed in \`scopes\``, reader, scopes));
  }
  return problems;
}

function toolProblems(tools: readonly string[] | undefined, toolNames: readonly string[] | undefined): HITLErrorDetail[] {
  if (tools === undefined || toolNames === undefined) return [];
  return tools.flatMap((tool, index) => (toolNames.includes(tool) ? [] : [at(["tools", index], `no tool named "${tool}" is given to this node`, tool, toolNames)]));
}

/**
 * Validates the `grants` option once, at construction: the scopes and their readers, the
 * narrowings (a `predicate` one needs `predicates`), the tools (names of the node's tools,
 * when known), the longest duration.
 *
 * @param value - The option as given (`undefined`: grants are off).
 * @param toolNames - The node's tools, when known at construction.
 * @returns The resolved options, or the problems (each `path` starts at `grants`).
 * @example
 * ```ts
 * resolveGrantOptions({ scopes: ["thread"] }, ["lookup"]).resolved?.matches; // ["arguments", "tool", "schema"]
 * ```
 */
export function resolveGrantOptions(value: unknown, toolNames: readonly string[] | undefined): { resolved: ResolvedGrantOptions | undefined; details: HITLErrorDetail[] } {
  if (value === undefined) return { resolved: undefined, details: [] };
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const details = issueDetails(parsed.error.issues, {
      prefix: ["grants"],
      extra: (issue, path) => ({
        received: boundReceived((issue as { input?: unknown }).input),
        ...(issue.code === "unrecognized_keys"
          ? { path: [...path, issue.keys[0] ?? ""], received: issue.keys[0], allowed: SETTINGS, message: `unknown setting ${issue.keys.map((key) => `"${key}"`).join(", ")} of \`grants\`; allowed: ${SETTINGS.join(", ")}` }
          : {}),
      }),
    });
    return { resolved: undefined, details };
  }
  const { scopes = ["thread"], scopeKeys = {}, predicates = {}, tools, maxDurationMs } = parsed.data;
  const matches = parsed.data.matches ?? MATCH_KINDS.filter((kind) => kind !== "predicate" || Object.keys(predicates).length > 0);
  const details = [...scopeProblems(scopes, scopeKeys), ...toolProblems(tools, toolNames)];
  if (matches.includes("predicate") && Object.keys(predicates).length === 0) details.push(at(["matches"], "`predicate` grants need `predicates`: the host's named checks a grant may use", matches));
  if (details.length > 0) return { resolved: undefined, details };
  return { resolved: { scopes, scopeKeys, matches, predicates, tools: tools === undefined ? undefined : new Set(tools), maxDurationMs }, details: [] };
}
