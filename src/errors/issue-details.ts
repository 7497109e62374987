import type { HITLErrorDetail } from "./hitl-error.js";

/** The part of a zod issue (v3, v4, or a tool schema's) the mapper reads. */
interface IssueLike {
  readonly path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined;
  readonly message: string;
}

/** How {@link issueDetails} shapes each detail. */
interface IssueDetailOptions<I extends IssueLike> {
  /** Path segments put in front of each issue's own path (where the validated value sits). */
  prefix?: ReadonlyArray<string | number>;
  /** `"path: message"` (the default) or the issue's message alone. */
  message?: "with-path" | "plain";
  /** More fields per issue (`received`, `allowed`, `toolCallId`, a message of its own…). */
  extra?: (issue: I, path: Array<string | number>) => Partial<HITLErrorDetail>;
}

function segment(part: PropertyKey | { key: PropertyKey }): string | number {
  const key = typeof part === "object" && part !== null ? part.key : part;
  return typeof key === "number" ? key : String(key);
}

/**
 * The one mapping from schema issues to `HITLError` details: each issue's full path (with
 * `prefix`), its message (prefixed by the dotted path unless `plain`), and whatever `extra`
 * adds. Every refusal of options, questions, decisions, edits and remote answers goes through it.
 *
 * @param issues - The schema's issues.
 * @param options - Prefix, message style and extra fields.
 * @returns One detail per issue, in order.
 * @example
 * ```ts
 * issueDetails(parsed.error.issues, { prefix: ["interruptOn", "deploy"] });
 * // [{ path: ["interruptOn", "deploy", "expiresInMs"], message: "interruptOn.deploy.expiresInMs: Too small…" }]
 * ```
 */
export function issueDetails<I extends IssueLike>(issues: readonly I[], options: IssueDetailOptions<I> = {}): HITLErrorDetail[] {
  return issues.map((issue) => {
    const path = [...(options.prefix ?? []), ...(issue.path ?? []).map(segment)];
    const message = options.message === "plain" || path.length === 0 ? issue.message : `${path.join(".")}: ${issue.message}`;
    return { path, message, ...options.extra?.(issue, path) };
  });
}
