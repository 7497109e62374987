import { HITLError } from "../errors/hitl-error.js";
import type { HookMatcher } from "./types.js";

/** Decides whether a registration applies to a tool name. */
export type CompiledMatcher = (toolName: string) => boolean;

const EXACT_NAMES = /^[A-Za-z0-9_|-]+$/;
/** A group that is itself quantified and contains a quantifier: the shape of catastrophic backtracking. */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[*+]|\{\d+,?\d*\})(?:[^()\\]|\\.)*\)\s*(?:[*+]|\{\d+,?\d*\})/;
const BACKREFERENCE = /\\[1-9]|\\k</;
/** Tool names are short; nothing longer is ever tested against a pattern. */
const MAX_MATCHED_NAME_LENGTH = 256;

function refuse(message: string, received: unknown): never {
  throw new HITLError("INVALID_OPTIONS", `Invalid hook matcher: ${message}`, {
    details: [{ path: ["matcher"], message, received }],
  });
}

function guardPattern(source: string): void {
  if (NESTED_QUANTIFIER.test(source)) {
    refuse("nested quantifiers (like (a+)+) can backtrack catastrophically; rewrite the pattern", source);
  }
  if (BACKREFERENCE.test(source)) refuse("back-references are not allowed in matchers", source);
}

function fromRegExp(pattern: RegExp): CompiledMatcher {
  guardPattern(pattern.source);
  // A fresh copy without the g/y flags: `test` on a global regex is stateful between calls.
  const safe = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ""));
  return (toolName) => toolName.length <= MAX_MATCHED_NAME_LENGTH && safe.test(toolName);
}

/**
 * Compiles a matcher once, at registration, so a bad one fails there and not mid-run.
 * Omitted, `""` or `"*"` match every tool; a string of letters, digits, `_`, `-` and `|`
 * is a list of exact tool names; any other string is a regular expression; a `RegExp`
 * is used as given. Patterns with nested quantifiers or back-references are refused.
 *
 * @throws {HITLError} `INVALID_OPTIONS` for a matcher of the wrong type, an invalid regex,
 * or a pattern that could hang the node.
 */
export function compileMatcher(matcher: HookMatcher | undefined): CompiledMatcher {
  if (matcher === undefined || matcher === "" || matcher === "*") return () => true;
  if (matcher instanceof RegExp) return fromRegExp(matcher);
  if (typeof matcher !== "string") return refuse("expected a string or a RegExp", matcher);
  if (EXACT_NAMES.test(matcher)) {
    const names = new Set(matcher.split("|").filter((name) => name.length > 0));
    return (toolName) => names.has(toolName);
  }
  let compiled: RegExp;
  try {
    compiled = new RegExp(matcher);
  } catch (error) {
    return refuse(`not a valid regular expression (${(error as Error).message})`, matcher);
  }
  return fromRegExp(compiled);
}
