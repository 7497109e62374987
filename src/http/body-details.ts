import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { issueDetails } from "../errors/issue-details.js";
import { nameList } from "../errors/name-list.js";

/** What one field of a request body must be: in words, and as the closed set of JSON kinds (or keys) it takes. */
interface FieldRule {
  expected: string;
  allowed: string[];
}

/** The fields of `POST /threads/:threadId/resume`, as a refusal names them. */
const RESUME_FIELDS: Record<string, FieldRule> = {
  "": { expected: "a JSON object { interruptId, decisions | answer | answers, comment? }", allowed: ["object"] },
  interruptId: { expected: "the id of the pending interrupt being answered (a non-empty string)", allowed: ["string"] },
  decisions: { expected: "an array of decisions (one per action request, in order) or an object of decisions keyed by tool_call_id", allowed: ["array", "object"] },
  answer: { expected: "a string, or an array of strings for a multiSelect question", allowed: ["string", "array of strings"] },
  answers: { expected: "an object of answers keyed by question text", allowed: ["object"] },
  comment: { expected: "a string of at most 10000 characters", allowed: ["string"] },
};
const RESUME_KEYS = Object.keys(RESUME_FIELDS).filter((key) => key !== "");
const ONE_OF = ["decisions", "answer", "answers"];

/** The part of a zod issue (reported with `reportInput`) this module reads. */
interface BodyIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  keys?: string[];
}

/** What was received, in a few words a reader of a 400 can match to what they sent. */
function described(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return value.length > 40 ? `a string of ${value.length} characters` : `a string (${JSON.stringify(value)})`;
  if (typeof value === "number" || typeof value === "boolean") return `a ${typeof value} (${String(value)})`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function detailOf(issue: BodyIssue): Partial<HITLErrorDetail> {
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys ?? [];
    const message = `unknown field${keys.length === 1 ? "" : "s"} ${nameList(keys)}; allowed: ${RESUME_KEYS.join(", ")}`;
    return { path: [keys[0] ?? ""], message, received: keys.length === 1 ? keys[0] : keys, allowed: RESUME_KEYS };
  }
  if (issue.code === "custom") {
    const body = typeof issue.input === "object" && issue.input !== null ? (issue.input as Record<string, unknown>) : {};
    const sent = ONE_OF.filter((key) => body[key] !== undefined);
    const message = `send exactly one of \`decisions\` (an approval), \`answer\` or \`answers\` (a question), but the body has ${sent.length === 0 ? "none of them" : sent.map((key) => `\`${key}\``).join(" and ")}`;
    return { path: [], message, received: sent, allowed: ONE_OF };
  }
  const field = String(issue.path[0] ?? "");
  const rule = RESUME_FIELDS[field] ?? { expected: issue.message, allowed: [] };
  const where = field === "" ? "the body" : `\`${issue.path.map(String).join(".")}\``;
  return { message: `${where}: expected ${rule.expected}, but received ${described(issue.input)}`, received: issue.input, allowed: rule.allowed };
}

/**
 * One detail per problem of a resume request's body: the field, what was received, what is
 * allowed (the JSON kinds a field takes, the fields a body may have), and a sentence saying so.
 *
 * @param issues - The issues of the body's schema, parsed with `reportInput: true`.
 * @returns The details of the 400 problem, in the issues' order.
 * @example
 * ```ts
 * resumeBodyDetails(parsed.error.issues)[0];
 * // { path: ["decisions"], message: "`decisions`: expected an array of decisions … but received a string (\"yes\")", received: "yes", allowed: ["array", "object"] }
 * ```
 */
export function resumeBodyDetails(issues: readonly BodyIssue[]): HITLErrorDetail[] {
  return issueDetails(issues, { message: "plain", extra: (issue) => detailOf(issue) }).map((detail) => ({ ...detail, path: (detail.path ?? []).map(String) }));
}
