import { viewValue } from "../logic/format.js";
import type { ToolInput } from "../../../payload/types.js";
import { el } from "./dom.js";

function valueElement(value: unknown): HTMLElement {
  const view = viewValue(value);
  const text = el("pre", { class: typeof value === "string" ? "value text" : "value json" }, view.full);
  if (!view.folded) return text;
  return el("details", { class: "folded" }, el("summary", {}, el("span", { class: "preview" }, view.preview), " ", el("span", { class: "size" }, `(${view.size})`)), text);
}

/**
 * A call's arguments as a definition list, one entry per argument; a string input (a
 * `DynamicTool`'s) as the one text it is. Long values are folded into a `<details>` that opens
 * with Enter or Space.
 *
 * @example
 * ```ts
 * card.append(argumentsView({ to: "ops@example.com", body: longText }));
 * ```
 */
export function argumentsView(args: ToolInput): HTMLElement {
  if (typeof args === "string") return valueElement(args);
  const entries = Object.entries(args);
  if (entries.length === 0) return el("p", { class: "no-args" }, "No arguments.");
  return el("dl", { class: "args" }, ...entries.flatMap(([key, value]) => [el("dt", {}, key), el("dd", {}, valueElement(value))]));
}
