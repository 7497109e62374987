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

/** Receives a `reviewMessages` function that threw, and for which key and call. */
type ReviewMessageFailure = (error: unknown, key: keyof ReviewMessages, context: ReviewMessageContext) => void;

function fill(template: string): (context: ReviewMessageContext) => string {
  return (context) => template.replace(PLACEHOLDER, (whole, name: string) => (name in context ? context[name as keyof ReviewMessageContext] : whole));
}

/**
 * A template as a function of the call. A host function that throws (or returns what `String()`
 * cannot convert) is reported and the preset's text is used instead: the reviewer's decisions are
 * already claimed when the texts are made, so a throw here would fail every later resume the same
 * way and the batch would never get its ToolMessages.
 */
function compile(template: ReviewMessageTemplate, key: keyof ReviewMessages, preset: string, onFailure: ReviewMessageFailure): (context: ReviewMessageContext) => string {
  if (typeof template !== "function") return fill(template);
  const fallback = fill(preset);
  return function reviewMessage(context) {
    try {
      return String(template(context));
    } catch (error) {
      onFailure(error, key, context);
      return fallback(context);
    }
  };
}

/**
 * The texts the model reads for reviewer decisions: a preset, or templates laid over the
 * adapter's default preset (a key left out keeps the preset's text).
 *
 * @param option - `reviewMessages` as given (already validated).
 * @param fallback - The adapter's default preset.
 * @param onFailure - Told of a template function that threw (its call then reads the preset's text).
 * @example
 * ```ts
 * resolveReviewMessages(undefined, "langchain").reject({ toolName: "calculator", toolCallId: "call_123", message: "", arguments: "{}" });
 * // "User rejected the tool call for `calculator` with id call_123"
 * ```
 */
export function resolveReviewMessages(option: ReviewMessagesPreset | ReviewMessages | undefined, fallback: ReviewMessagesPreset, onFailure: ReviewMessageFailure = () => undefined): ResolvedReviewMessages {
  const base = REVIEW_MESSAGE_PRESETS[typeof option === "string" ? option : fallback];
  const chosen = { ...base, ...(typeof option === "object" ? Object.fromEntries(Object.entries(option).filter(([, value]) => value !== undefined)) : {}) } as Required<ReviewMessages>;
  const presetText = (key: keyof ReviewMessages): string => base[key] as string;
  return {
    reject: compile(chosen.reject, "reject", presetText("reject"), onFailure),
    rejectWithMessage: compile(chosen.rejectWithMessage, "rejectWithMessage", presetText("rejectWithMessage"), onFailure),
    respond: compile(chosen.respond, "respond", presetText("respond"), onFailure),
    edit: chosen.edit === false ? undefined : compile(chosen.edit, "edit", presetText("edit"), onFailure),
  };
}
