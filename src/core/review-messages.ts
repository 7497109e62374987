import type { HITLErrorDetail } from "../errors/hitl-error.js";
import type { ResolvedReviewMessages, ReviewMessageContext, ReviewMessages, ReviewMessagesPreset, ReviewMessageTemplate } from "./types.js";

/** The names a string template may use, as `{name}`. */
const TEMPLATE_FIELDS: ReadonlyArray<keyof ReviewMessageContext> = ["toolName", "toolCallId", "message", "arguments"];

/** The keys of `reviewMessages`. */
export const REVIEW_MESSAGE_KEYS: ReadonlyArray<keyof ReviewMessages> = ["reject", "rejectWithMessage", "respond", "edit"];

/**
 * The edit notice of both presets. A model that is not told its call was changed often calls
 * the original again; naming what ran (and that a person chose it) stops that.
 */
const EDIT_NOTICE = "Executed instead: {toolName} with arguments {arguments}. A reviewer edited the call before it ran; do not repeat the original call.";

/** Every built-in wording, by preset. */
const REVIEW_MESSAGE_PRESETS: Readonly<Record<ReviewMessagesPreset, Required<ReviewMessages>>> = {
  // `humanInTheLoopMiddleware` (langchain 1.5, hitl.ts): the reviewer's text verbatim, else this default.
  langchain: {
    reject: "User rejected the tool call for `{toolName}` with id {toolCallId}",
    rejectWithMessage: "{message}",
    respond: "{message}",
    edit: EDIT_NOTICE,
  },
  "langgraph-hitl": {
    reject: 'Tool "{toolName}" was not executed: the reviewer rejected it.',
    rejectWithMessage: 'Tool "{toolName}" was not executed: the reviewer rejected it. Reason: {message}',
    respond: "{message}",
    edit: EDIT_NOTICE,
  },
};

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholders of a string template that name no field: a typo would reach the model as literal text. */
function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "").filter((name) => !(TEMPLATE_FIELDS as readonly string[]).includes(name));
}

/**
 * Problems of one `reviewMessages` template, for `INVALID_OPTIONS`.
 *
 * @example
 * ```ts
 * templateProblems("reject", "Nope {tool}"); // [{ path: ["reviewMessages", "reject"], message: "unknown placeholder {tool}…" }]
 * ```
 */
export function templateProblems(key: string, template: unknown): HITLErrorDetail[] {
  if (typeof template !== "string") return [];
  return unknownPlaceholders(template).map((name) => ({
    path: ["reviewMessages", key],
    message: `unknown placeholder {${name}}; allowed: ${TEMPLATE_FIELDS.map((field) => `{${field}}`).join(", ")}`,
    received: `{${name}}`,
    allowed: TEMPLATE_FIELDS.map((field) => `{${field}}`),
  }));
}

function compile(template: ReviewMessageTemplate): (context: ReviewMessageContext) => string {
  if (typeof template === "function") return (context) => String(template(context));
  return (context) => template.replace(PLACEHOLDER, (whole, name: string) => (name in context ? context[name as keyof ReviewMessageContext] : whole));
}

/**
 * The texts the model reads for reviewer decisions: a preset, or templates laid over the
 * adapter's default preset (a key left out keeps the preset's text).
 *
 * @param option - `reviewMessages` as given (already validated).
 * @param fallback - The adapter's default preset.
 * @example
 * ```ts
 * resolveReviewMessages(undefined, "langchain").reject({ toolName: "calculator", toolCallId: "call_123", message: "", arguments: "{}" });
 * // "User rejected the tool call for `calculator` with id call_123"
 * ```
 */
export function resolveReviewMessages(option: ReviewMessagesPreset | ReviewMessages | undefined, fallback: ReviewMessagesPreset): ResolvedReviewMessages {
  const base = REVIEW_MESSAGE_PRESETS[typeof option === "string" ? option : fallback];
  const chosen = { ...base, ...(typeof option === "object" ? Object.fromEntries(Object.entries(option).filter(([, value]) => value !== undefined)) : {}) } as Required<ReviewMessages>;
  return {
    reject: compile(chosen.reject),
    rejectWithMessage: compile(chosen.rejectWithMessage),
    respond: compile(chosen.respond),
    edit: chosen.edit === false ? undefined : compile(chosen.edit),
  };
}
