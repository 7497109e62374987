import type { ToolNodeOptions } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { DECISION_TYPES } from "../decisions/decision-schema.js";
import { boundReceived } from "../errors/bounded-value.js";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import type { HookRegistry } from "../hooks/hook-registry.js";
import { reportHookError, warnHookError } from "../hooks/report-hook-error.js";
import { MAX_TIMEOUT_MS } from "../hooks/time-bound.js";
import type { ShadowVerdictHandler } from "../hooks/shadow.js";
import type { HookErrorHandler } from "../hooks/types.js";
import type { DecisionHandler } from "./types.js";
import type { ToolApprovalDecisionType } from "../payload/types.js";
import type { ApprovalOptions, InterruptOnConfig, ResolvedNodeOptions, ReviewMessagesPreset } from "./types.js";
import { issueDetails } from "../errors/issue-details.js";
import { signingKeyProblem, type SigningKey } from "../protocol/signing.js";
import { isPlainObject } from "../payload/json-type.js";
import { resolveGrantOptions } from "./grant-options.js";
import { REVIEW_MESSAGE_KEYS, resolveReviewMessages, templateProblems } from "./review-messages.js";


/** Options of {@link ApprovalToolNode}: everything `ToolNode` takes, plus the approval layer. */
export interface ApprovalToolNodeOptions extends ApprovalOptions, ToolNodeOptions {}


/** This library's own options. Everything else belongs to `ToolNode`, which reads it as it likes. */
const OWN_OPTIONS = ["hooks", "humanInTheLoop", "interruptOn", "descriptionPrefix", "reviewMessages", "onHookError", "onDecision", "onShadowVerdict", "signingKey", "grants"] as const;
const ENTRY_SETTINGS = ["allowedDecisions", "description", "argsSchema", "when", "expiresInMs"];
const ENTRY_SHAPES = ["true", "false", "{ allowedDecisions?, description?, argsSchema?, when?, expiresInMs? }"];

const aFunction = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", { message: "expected a function" });
const interruptOnSettings = z.strictObject({
  allowedDecisions: z.array(z.enum(DECISION_TYPES as [ToolApprovalDecisionType, ...ToolApprovalDecisionType[]])).min(1).optional(),
  description: z.union([z.string(), aFunction], { error: "expected a string or a function of the call" }).optional(),
  argsSchema: z.custom<Record<string, unknown>>(isPlainObject, { message: "expected a JSON Schema object" }).optional(),
  when: aFunction.optional(),
  expiresInMs: z.number().finite().positive().max(MAX_TIMEOUT_MS * 1000).optional(),
});
const template = z.union([z.string(), aFunction], { error: "expected a string template or a function of the context" });
const REVIEW_PRESETS = ["langchain", "langgraph-hitl"] as const;
const reviewTemplates = z.strictObject({
  reject: template.optional(),
  rejectWithMessage: template.optional(),
  respond: template.optional(),
  edit: z.union([template, z.literal(false)], { error: "expected a string template, a function of the context, or false" }).optional(),
});
const ownSchema = z.looseObject({
  hooks: z.custom<HookRegistry>((value) => typeof (value as HookRegistry | undefined)?.hooksFor === "function", {
    message: "expected a HookRegistry",
  }).optional(),
  humanInTheLoop: z.strictObject({ enabled: z.boolean().optional() }).optional(),
  interruptOn: z.record(z.string(), z.unknown()).optional(),
  descriptionPrefix: z.string().optional(),
  // Checked apart (reviewMessagesDetails): a union's issues would not say which template is wrong.
  reviewMessages: z.unknown().optional(),
  onHookError: z.custom<HookErrorHandler>((value) => typeof value === "function", { message: "expected a function" }).optional(),
  onDecision: z.custom<DecisionHandler>((value) => typeof value === "function", { message: "expected a function" }).optional(),
  onShadowVerdict: z.custom<ShadowVerdictHandler>((value) => typeof value === "function", { message: "expected a function" }).optional(),
  // Checked apart, by the one check of every signingKey: its problems never echo the key.
  signingKey: z.unknown().optional(),
  // Checked apart, by resolveGrantOptions.
  grants: z.unknown().optional(),
});

function refuse(details: HITLErrorDetail[], subject = "ApprovalToolNode"): never {
  const first = details[0];
  const where = first?.path?.length ? `\`${first.path.join(".")}\`: ` : "";
  throw new HITLError("INVALID_OPTIONS", `Invalid ${subject} options: ${where}${first?.message ?? ""}`, { details });
}

/** Any key that is not one of this library's options: where no `ToolNode` takes the rest, it is a mistake. */
function unknownOptions(options: Record<string, unknown>): HITLErrorDetail[] {
  return Object.keys(options).flatMap((key) => {
    if ((OWN_OPTIONS as readonly string[]).includes(key)) return [];
    return [{ path: [key], message: `unknown option "${key}"; allowed: ${OWN_OPTIONS.join(", ")}`, received: key, allowed: [...OWN_OPTIONS] }];
  });
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === "function") return "a function";
  if (Array.isArray(value)) return "an array";
  if (value === null || typeof value !== "object") return String(value);
  return "an object";
}

/** What an issue expected, as the second half of "expected …, but received …". */
function expectation(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value") return `one of ${issue.values.map(String).join(", ")}`;
  if (issue.code === "invalid_type") return issue.expected;
  return issue.message.replace(/^(Too small|Too big|Invalid input): /, "").replace(/^expected /, "");
}

/** One detail per zod issue: where, what was received, and what would have been accepted. */
function detailsOf(issues: readonly z.core.$ZodIssue[], prefix: Array<string | number>): HITLErrorDetail[] {
  return issueDetails(issues, {
    prefix,
    extra: (issue, path) => {
      if (issue.code === "unrecognized_keys") {
        const message = `unknown setting ${issue.keys.map((key) => `"${key}"`).join(", ")}; allowed: ${ENTRY_SETTINGS.join(", ")}`;
        return { path: [...path, issue.keys[0] ?? ""], message, received: issue.keys[0], allowed: ENTRY_SETTINGS };
      }
      const allowed = issue.code === "invalid_value" ? issue.values.map(String) : undefined;
      const received = (issue as { input?: unknown }).input;
      const message = `expected ${expectation(issue)}, but received ${describe(received)}`;
      return { message, received: boundReceived(received), ...(allowed === undefined ? {} : { allowed }) };
    },
  });
}

/**
 * Levenshtein distance, for telling a misspelt name (an own option, an `interruptOn` key) from another one.
 *
 * @example
 * ```ts
 * editDistance("deplyo", "deploy"); // 2
 * ```
 */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Unknown keys go to `ToolNode` untouched, except near misses of this library's own options:
 * a misspelt `interruptOn` passed on silently would leave a dangerous tool unguarded.
 */
function misspeltOwnOptions(options: Record<string, unknown>): HITLErrorDetail[] {
  return Object.keys(options).flatMap((key) => {
    if ((OWN_OPTIONS as readonly string[]).includes(key)) return [];
    const meant = OWN_OPTIONS.find((own) => key.toLowerCase() === own.toLowerCase() || editDistance(key.toLowerCase(), own.toLowerCase()) <= 2);
    if (meant === undefined) return [];
    return [{ path: [key], message: `unknown option "${key}": did you mean \`${meant}\`?`, received: key, allowed: [...OWN_OPTIONS] }];
  });
}

function interruptOnEntryDetails(name: string, entry: unknown): HITLErrorDetail[] {
  if (typeof entry === "boolean") return [];
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    const message = `expected true, false or ${ENTRY_SHAPES[2]}, but received ${describe(entry)}`;
    return [{ path: ["interruptOn", name], message, received: boundReceived(entry), allowed: ENTRY_SHAPES }];
  }
  const parsed = interruptOnSettings.safeParse(entry, { reportInput: true });
  return parsed.success ? [] : detailsOf(parsed.error.issues, ["interruptOn", name]);
}

/** `reviewMessages`: a preset's name, or templates (each a string with known placeholders, or a function). */
function reviewMessagesDetails(value: unknown): HITLErrorDetail[] {
  if (value === undefined) return [];
  if (typeof value === "string") {
    if ((REVIEW_PRESETS as readonly string[]).includes(value)) return [];
    const message = `expected ${REVIEW_PRESETS.map((preset) => `"${preset}"`).join(" or ")} or { ${REVIEW_MESSAGE_KEYS.map((key) => `${key}?`).join(", ")} }, but received ${describe(value)}`;
    return [{ path: ["reviewMessages"], message, received: boundReceived(value), allowed: [...REVIEW_PRESETS] }];
  }
  if (!isPlainObject(value)) {
    const message = `expected ${REVIEW_PRESETS.map((preset) => `"${preset}"`).join(" or ")} or { ${REVIEW_MESSAGE_KEYS.map((key) => `${key}?`).join(", ")} }, but received ${describe(value)}`;
    return [{ path: ["reviewMessages"], message, received: boundReceived(value) }];
  }
  const parsed = reviewTemplates.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    return issueDetails(parsed.error.issues, {
      prefix: ["reviewMessages"],
      extra: (issue, path) => {
        if (issue.code === "unrecognized_keys") {
          const message = `unknown key ${issue.keys.map((key) => `"${key}"`).join(", ")}; allowed: ${REVIEW_MESSAGE_KEYS.join(", ")}`;
          return { path: [...path, issue.keys[0] ?? ""], message, received: issue.keys[0], allowed: [...REVIEW_MESSAGE_KEYS] };
        }
        const received = (issue as { input?: unknown }).input;
        return { message: `${issue.message}, but received ${describe(received)}`, received: boundReceived(received) };
      },
    });
  }
  return Object.entries(value).flatMap(([key, entry]) => templateProblems(key, entry));
}

/** Who the options are for: a `ToolNode` (which takes every other key) or the middleware (which takes none). */
interface OptionsOwner {
  /** Named in error messages. */
  subject: "ApprovalToolNode" | "approvalMiddleware";
  /** Names of the tools, when known at construction: `interruptOn` keys must name one of them. */
  toolNames: readonly string[] | undefined;
  /** Whether keys other than this library's own are refused (no `ToolNode` takes them). */
  strict: boolean;
}

const NODE_OWNER = (toolNames: readonly string[]): OptionsOwner => ({ subject: "ApprovalToolNode", toolNames, strict: false });

/**
 * Validates this library's options once, at construction. For a node every other key is left
 * to `ToolNode`; for the middleware any other key is an error. An `interruptOn` key that names
 * no tool is an error: a typo would otherwise leave a dangerous tool silently unguarded.
 *
 * @param options - The options given to the node or middleware.
 * @param owner - Names of the node's tools, or an {@link OptionsOwner}.
 * @returns The options in the form the core reads.
 * @throws {HITLError} `INVALID_OPTIONS`, one detail per problem, each with `path`, `received` and (for closed sets) `allowed`.
 * @example
 * ```ts
 * resolveNodeOptions({ interruptOn: { delete_file: true } }, ["delete_file"]).interruptOn.get("delete_file");
 * ```
 */
export function resolveNodeOptions(options: unknown, owner: readonly string[] | OptionsOwner): ResolvedNodeOptions {
  const { subject, toolNames, strict } = Array.isArray(owner) ? NODE_OWNER(owner) : (owner as OptionsOwner);
  if (options !== undefined && (typeof options !== "object" || options === null || Array.isArray(options))) {
    refuse([{ message: `options must be an object, but received ${describe(options)}`, received: boundReceived(options) }], subject);
  }
  const parsed = ownSchema.safeParse(options ?? {}, { reportInput: true });
  if (!parsed.success) refuse(detailsOf(parsed.error.issues, []), subject);
  const misspelt = strict ? unknownOptions(parsed.data) : misspeltOwnOptions(parsed.data);
  if (misspelt.length > 0) refuse(misspelt, subject);
  const { hooks, humanInTheLoop, interruptOn = {}, onHookError, onDecision, onShadowVerdict, descriptionPrefix, reviewMessages } = parsed.data;
  const messageProblems = reviewMessagesDetails(reviewMessages);
  if (messageProblems.length > 0) refuse(messageProblems, subject);
  const keyProblem = signingKeyProblem(parsed.data.signingKey, ["signingKey"]);
  if (keyProblem !== undefined) refuse([keyProblem], subject);
  const signingKey = parsed.data.signingKey as SigningKey | undefined;
  const entryProblems = Object.entries(interruptOn).flatMap(([name, entry]) => interruptOnEntryDetails(name, entry));
  if (entryProblems.length > 0) refuse(entryProblems, subject);
  const unknownTools = toolNames === undefined ? [] : Object.keys(interruptOn).filter((name) => !toolNames.includes(name));
  if (unknownTools.length > 0) {
    refuse(
      unknownTools.map((name) => ({
        path: ["interruptOn", name],
        message: `no tool named "${name}" is given to this node`,
        allowed: [...(toolNames ?? [])],
        received: name,
      })),
      subject,
    );
  }
  const resolved: ResolvedNodeOptions["interruptOn"] = new Map();
  for (const [name, entry] of Object.entries(interruptOn as Record<string, boolean | InterruptOnConfig>)) {
    if (entry === false) continue;
    const settings = entry === true ? {} : entry;
    resolved.set(name, {
      allowedDecisions: settings.allowedDecisions ?? [...DECISION_TYPES],
      ...(settings.description === undefined ? {} : { description: settings.description }),
      ...(settings.argsSchema === undefined ? {} : { argsSchema: settings.argsSchema }),
      ...(settings.when === undefined ? {} : { when: settings.when }),
      ...(settings.expiresInMs === undefined ? {} : { expiresInMs: settings.expiresInMs }),
    });
  }
  const grants = resolveGrantOptions(parsed.data.grants, toolNames);
  if (grants.details.length > 0) refuse(grants.details, subject);
  const preset: ReviewMessagesPreset = subject === "approvalMiddleware" ? "langchain" : "langgraph-hitl";
  return {
    adapter: subject,
    hooks,
    onHookError: onHookError ?? warnHookError,
    onDecision,
    onShadowVerdict,
    signingKey,
    hitlEnabled: humanInTheLoop?.enabled ?? true,
    interruptOn: resolved,
    reviewMessages: resolveReviewMessages(reviewMessages as ApprovalOptions["reviewMessages"], preset, (error, _key, context) =>
      reportHookError(onHookError ?? warnHookError, error, { event: "reviewMessages", toolName: context.toolName, toolCallId: context.toolCallId }),
    ),
    requestShape: { langChain: subject === "approvalMiddleware", descriptionPrefix },
    grants: grants.resolved,
  };
}

/**
 * The options an `ApprovalToolNode` hands on to LangGraph's `ToolNode`: everything that is not
 * one of this library's own.
 *
 * @example
 * ```ts
 * toolNodeOptionsOf({ interruptOn: { deploy: true }, handleToolErrors: false }); // { handleToolErrors: false }
 * ```
 */
export function toolNodeOptionsOf(options: ApprovalToolNodeOptions | undefined): ToolNodeOptions {
  return Object.fromEntries(Object.entries(options ?? {}).filter(([key]) => !(OWN_OPTIONS as readonly string[]).includes(key))) as ToolNodeOptions;
}
