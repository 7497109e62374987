import { HITLError } from "../errors/hitl-error.js";
import { isAskUserQuestionInterrupt, isToolApprovalInterrupt } from "../payload/guards.js";
import { approvalHtml, approvalText } from "./approval-view.js";
import { displayJson, escapeHtml, escapeTerminal } from "./escape.js";
import { questionHtml, questionText } from "./question-view.js";

/** The output formats of {@link formatInterrupt}. */
export type InterruptFormat = "text" | "html";

/** Options of {@link formatInterrupt}. */
export interface FormatInterruptOptions {
  /**
   * `"text"` for a terminal or a log, `"html"` for a notebook or a page.
   * Default: `"text"`.
   */
  format?: InterruptFormat;
}

const FORMATS: readonly InterruptFormat[] = ["text", "html"];

function formatOf(options: FormatInterruptOptions | undefined): InterruptFormat {
  const format: unknown = options?.format ?? "text";
  if (FORMATS.includes(format as InterruptFormat)) return format as InterruptFormat;
  throw new HITLError("INVALID_OPTIONS", `formatInterrupt: \`format\` must be "text" or "html", received ${displayJson(format)}`, {
    details: [{ path: ["format"], message: "unknown format", allowed: [...FORMATS], received: format }],
  });
}

function unknownPayload(payload: unknown, format: InterruptFormat): string {
  const json = displayJson(payload, 2);
  if (format === "html") return `<div class="hitl-unknown"><p><strong>Interrupt this library does not recognise</strong></p><pre>${escapeHtml(json)}</pre></div>`;
  return `Interrupt this library does not recognise:\n${json.split("\n").map(escapeTerminal).join("\n")}`;
}

/**
 * Renders a pending interrupt for a person to read: a `tool_approval` as one entry per tool
 * call (name, arguments, why, the decisions allowed), an `ask_user_question` as its questions
 * and options. Anything else is shown as JSON, so a custom interrupt still reads. All text
 * that comes from the payload is escaped for the chosen format: HTML-escaped in `"html"`, and
 * control characters shown as `\u{…}` in `"text"` so a tool argument cannot drive the terminal.
 *
 * @param payload - An interrupt value, typically `RunInterruptResult.payload` (any value is accepted).
 * @param options - `format`: `"text"` (default) or `"html"`.
 * @returns The rendered interrupt.
 * @throws {HITLError} `INVALID_OPTIONS` when `format` is neither `"text"` nor `"html"`.
 * @example
 * ```ts
 * const { interrupt } = await start(graph, input, config);
 * if (interrupt) console.log(formatInterrupt(interrupt.payload));
 * // in a tslab notebook: tslab.display.html(formatInterrupt(interrupt.payload, { format: "html" }));
 * ```
 */
export function formatInterrupt(payload: unknown, options?: FormatInterruptOptions): string {
  const format = formatOf(options);
  if (isToolApprovalInterrupt(payload)) return format === "html" ? approvalHtml(payload) : approvalText(payload);
  if (isAskUserQuestionInterrupt(payload)) return format === "html" ? questionHtml(payload) : questionText(payload);
  return unknownPayload(payload, format);
}
